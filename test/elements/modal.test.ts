import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { tabbable } from 'tabbable';
import { LaElement, defineElement } from '../../elements/common/host.ts';
import { deepActiveElement, openLayers, openModal, otherElements, pageAround, siblingsOf, tabbables, type Modal } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The one modal and focus module (elements/common/modal.ts) on plain DOM built like our elements: controls in
// nested open shadow roots, layers stacked, inert regions, focus given back.
window.liveAssistConfig = { main: { lang: 'en', preload: 'intent' } };

/** A plain element with an open shadow root holding the given markup. */
class ShadowBox extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }
}
customElements.define('modal-test-box', ShadowBox);

/** Two live-assist elements without a view: the registry a page-level modal reads. */
class LaModalA extends LaElement {
  static override spec = { tag: 'la-modal-test-a' };
}
class LaModalB extends LaElement {
  static override spec = { tag: 'la-modal-test-b' };
}

function box(html: string, parent: ParentNode = document.body): ShadowBox {
  const el = document.createElement('modal-test-box') as ShadowBox;
  el.shadowRoot!.innerHTML = html;
  parent.append(el);
  return el;
}

const focused = () => deepActiveElement()?.id ?? deepActiveElement()?.localName;
const open: Modal[] = [];
const track = (modal: Modal) => (open.push(modal), modal);

/**
 * The page: an outer "window" (a shadow host) whose shadow root holds a body (#behind, #opener) and a dialog
 * (#dialog) with #first, a nested shadow host with #inner, and #last; an input on the page (#page).
 */
function buildPage() {
  document.body.innerHTML = '<input id="page" aria-label="page field">';
  const win = box(`
    <div id="body"><button id="opener">Open</button><button id="behind">Behind</button></div>
    <div id="screen"><div id="dialog" tabindex="-1"><button id="first">First</button><span id="slot"></span><button id="last">Last</button></div></div>`);
  const root = win.shadowRoot!;
  box('<button id="inner">Inner</button>', root.getElementById('slot')!);
  return { win, root, dialog: root.getElementById('dialog')!, body: root.getElementById('body')!, opener: root.getElementById('opener')! };
}

describe('modal module (focus-trap through shadow roots, stack, inert, focus return)', () => {
  before(async () => {
    const { LiveAssist: api } = (await import('../../src/index.ts')) as { LiveAssist: LiveAssistApi };
    await api.ready;
    defineElement(LaModalA);
    defineElement(LaModalB);
  });

  afterEach(() => {
    open
      .splice(0)
      .reverse()
      .forEach((m) => m.close());
    expect(openLayers(), 'every layer closed').to.equal(0);
    document.body.innerHTML = '';
  });

  it('finds tabbable controls inside nested shadow roots in Tab order', () => {
    const { dialog } = buildPage();
    expect(tabbables(dialog).map((el) => el.id)).to.deep.equal(['first', 'inner', 'last']);
  });

  it('without a shadow host inside, finds what the walk through every element finds, in Tab order', () => {
    // A window's body: one query of the candidates (elements/common/modal.ts), the same list as tabbable's
    // walk of the tree with shadow roots, for every kind of control it leaves out or orders.
    const root = box(`
      <div id="form">
        <input id="a" aria-label="a"><input id="hidden" type="hidden"><button id="off" disabled>Off</button>
        <button id="minus" tabindex="-1">Minus</button><button id="two" tabindex="2">Two</button>
        <span id="none" style="display:none"><button id="gone">Gone</button></span>
        <span style="visibility:hidden"><button id="invisible">Invisible</button></span>
        <div inert><button id="inert">Inert</button></div>
        <fieldset disabled><legend><button id="legend">Legend</button></legend><input id="fenced" aria-label="fenced"></fieldset>
        <details><summary id="summary">More</summary><button id="folded">Folded</button></details>
        <input type="radio" name="r" id="r1" aria-label="r1"><input type="radio" name="r" id="r2" aria-label="r2" checked>
        <a id="link" href="#x">Link</a><a id="nohref">No link</a><div id="edit" contenteditable="true"></div>
        <textarea id="text" aria-label="text"></textarea><button id="one" tabindex="1">One</button>
      </div>`).shadowRoot!.getElementById('form')!;
    const ids = (list: Element[]) => list.map((el) => el.id);
    expect(ids(tabbables(root))).to.deep.equal(['one', 'two', 'a', 'legend', 'summary', 'r2', 'link', 'edit', 'text']);
    expect(ids(tabbables(root))).to.deep.equal(ids(tabbable(root, { getShadowRoot: true })));
  });

  it('traps Tab and Shift+Tab through shadow roots, wrapping at both ends', async () => {
    const { dialog, opener } = buildPage();
    opener.focus();
    track(openModal({ container: dialog }));
    expect(focused()).to.equal('first');
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'into the nested shadow root').to.equal('inner');
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal('last');
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'Tab wraps to the first').to.equal('first');
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused(), 'Shift+Tab wraps to the last').to.equal('last');
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused()).to.equal('inner');
  });

  it('gives focus back to the element that had it, deep in a shadow root, when it closes', async () => {
    const { dialog, opener } = buildPage();
    opener.focus();
    const modal = openModal({ container: dialog });
    expect(focused()).to.equal('first');
    modal.close();
    expect(deepActiveElement()).to.equal(opener);
    modal.close();
    expect(openLayers(), 'closing twice does nothing').to.equal(0);
  });

  it('gives focus to the named fallback when the element that had it is gone', () => {
    const { dialog, opener, root } = buildPage();
    opener.focus();
    const modal = openModal({ container: dialog, fallbackFocus: () => root.getElementById('behind') });
    opener.remove();
    modal.close();
    expect(focused()).to.equal('behind');
  });

  it('leaves focus where the visitor moved it meanwhile', () => {
    const { dialog, opener } = buildPage();
    opener.focus();
    const modal = openModal({ container: dialog, within: dialog.getRootNode() instanceof ShadowRoot ? (dialog.getRootNode() as ShadowRoot).host : 'page' });
    document.getElementById('page')!.focus();
    modal.close();
    expect(focused()).to.equal('page');
  });

  it('makes what lies behind inert while open and restores it on close (an element inert before stays inert)', () => {
    const { dialog, body, root } = buildPage();
    const screen = root.getElementById('screen')!;
    const already = document.createElement('div');
    already.setAttribute('inert', '');
    root.append(already);
    expect(siblingsOf(screen)).to.deep.equal([body, already]);
    const modal = openModal({ container: dialog, inert: () => siblingsOf(screen) });
    expect(body.inert).to.equal(true);
    expect(
      tabbables(root.host).map((el) => el.id),
      'only the dialog is tabbable',
    ).to.deep.equal(['first', 'inner', 'last']);
    modal.close();
    expect(body.inert).to.equal(false);
    expect(already.inert, 'inert before the modal opened').to.equal(true);
  });

  it('counts inert holds: two layers sharing a region restore it only when the last one closes', () => {
    const { dialog, body } = buildPage();
    const lower = openModal({ container: dialog, trap: false, inert: () => [body] });
    const upper = openModal({ container: dialog, trap: false, inert: () => [body] });
    lower.close();
    expect(body.inert, 'still held by the upper layer').to.equal(true);
    upper.close();
    expect(body.inert).to.equal(false);
  });

  it('page-level: our other elements are inert, the one holding the modal and what is inside it are not', () => {
    document.body.innerHTML = '';
    const a = document.createElement('la-modal-test-a');
    const b = document.createElement('la-modal-test-b');
    document.body.append(a, b);
    const dialog = document.createElement('div');
    dialog.innerHTML = '<button>In the modal</button>';
    a.append(dialog);
    const { elements } = (a as LaElement).app;
    expect([...elements], 'the app keeps the connected elements').to.include.members([a, b]);
    expect(otherElements(dialog, elements)).to.deep.equal([b]);
    const modal = track(openModal({ container: dialog, inert: (container) => otherElements(container, elements) }));
    expect([a.inert, b.inert]).to.deep.equal([false, true]);
    modal.close();
    expect(b.inert).to.equal(false);
    b.remove();
    expect([...elements], 'a removed element leaves the list').not.to.include(b);
  });

  it('pageAround: everything on the page except the path to the element, through shadow roots', () => {
    document.body.innerHTML = '<main id="main"><p>text</p></main><script></script>';
    const win = box('<div id="a"></div><div id="b"><div id="c"></div><div id="d"></div></div>');
    const c = win.shadowRoot!.getElementById('c')!;
    expect(pageAround(c).map((el) => el.id || el.localName)).to.deep.equal(['d', 'a', 'main']);
  });

  it('a stack: only the top layer traps, Escape acts on the top layer only, the lower one resumes after', async () => {
    const { dialog, opener } = buildPage();
    const second = box('<div id="top"><button id="yes">Yes</button><button id="no">No</button></div>');
    const escapes: string[] = [];
    opener.focus();
    const lower = track(openModal({ container: dialog, onEscape: () => escapes.push('lower') }));
    const upper = track(openModal({ container: second.shadowRoot!.getElementById('top')!, onEscape: () => escapes.push('upper') }));
    expect([lower.isTop, upper.isTop]).to.deep.equal([false, true]);
    expect(focused()).to.equal('yes');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(focused(), 'the top layer traps').to.equal('yes');
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal(['upper']);
    upper.close();
    expect(focused(), 'focus back in the lower layer').to.equal('first');
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused(), 'the lower layer traps again').to.equal('last');
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal(['upper', 'lower']);
  });

  it('a layer without an Escape handler swallows Escape: the one below does not act', async () => {
    const { dialog } = buildPage();
    const second = box('<div id="busy"><button id="wait">Wait</button></div>');
    const escapes: string[] = [];
    track(openModal({ container: dialog, onEscape: () => escapes.push('lower') }));
    track(openModal({ container: second.shadowRoot!.getElementById('busy')! }));
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal([]);
  });

  it('a dialog inside a window: Tab wraps inside while focus is in the window, the page around stays usable', async () => {
    const { win, dialog, opener } = buildPage();
    const escapes: string[] = [];
    opener.focus();
    track(openModal({ container: dialog, within: win, onEscape: () => escapes.push('dialog') }));
    expect(focused()).to.equal('first');
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused(), 'wraps inside the dialog').to.equal('last');
    // The visitor goes to the page: the trap lets go, and Escape there is not the dialog's.
    const page = document.getElementById('page') as HTMLInputElement;
    page.focus();
    await sendKeys({ type: 'abc' });
    expect([focused(), page.value]).to.deep.equal(['page', 'abc']);
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal([]);
    // Back in the window: the trap holds again and Escape answers the dialog.
    win.shadowRoot!.getElementById('first')!.focus();
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused()).to.equal('last');
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal('first');
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal(['dialog']);
  });

  it('a dialog that opens in a window while the visitor works on the page does not pull focus in', () => {
    const { win, dialog } = buildPage();
    const page = document.getElementById('page')!;
    page.focus();
    track(openModal({ container: dialog, within: win }));
    expect(focused()).to.equal('page');
  });

  it('a non-modal layer (trap: false) takes Escape only while focus is within it and gives focus back', async () => {
    const { win, dialog, opener } = buildPage();
    const escapes: string[] = [];
    opener.focus();
    const layer = track(openModal({ container: dialog, within: win, trap: false, onEscape: () => escapes.push('toast') }));
    expect(focused(), 'focus moves to its first control').to.equal('first');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(win.shadowRoot!.getElementById('dialog')!.contains(deepActiveElement()), 'Tab is not trapped').to.equal(false);
    document.getElementById('page')!.focus();
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal([]);
    win.shadowRoot!.getElementById('last')!.focus();
    await sendKeys({ press: 'Escape' });
    expect(escapes).to.deep.equal(['toast']);
    layer.close();
    expect(deepActiveElement()).to.equal(opener);
  });
});
