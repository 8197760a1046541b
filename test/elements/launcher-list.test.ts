import { expect } from '@esm-bundle/chai';
import { html, render } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { keepFocusOnMove } from '../../elements/sidebar/launcher.ts';

// The launchers' keyed lists (lit-html's `repeat`, as the sidebar's channel buttons): each key keeps its
// node while the list is re-rendered, hidden, reordered or shortened, a focused button keeps keyboard
// focus whatever the new order, a click reads the item it was last rendered with, and text stays text.

interface Row {
  name: string;
  label: string;
  hidden?: boolean;
}

/** A list of buttons like the sidebar's: one `<li><button>` per key; records clicks. */
function harness() {
  const container = document.createElement('div');
  document.body.append(container);
  const clicks: string[] = [];
  const render_ = (rows: Row[]) => {
    render(
      html`<ul>${repeat(
        rows,
        (row) => row.name,
        (row) =>
          html`<li ?hidden=${row.hidden ?? false}><button type="button" data-name=${row.name} @click=${() => clicks.push(row.label)}>${row.label}</button></li>`,
      )}</ul>`,
      container,
    );
    keepFocusOnMove(container.querySelector('ul'));
  };
  const list = () => container.querySelector('ul')!;
  const button = (name: string) => container.querySelector<HTMLButtonElement>(`[data-name="${name}"]`)!;
  const order = () => [...list().children].map((li) => li.querySelector('button')!.dataset.name);
  const focused = () => (document.activeElement as HTMLElement | null)?.dataset.name;
  return { render: render_, list, button, order, focused, clicks, dispose: () => container.remove() };
}

const abc: Row[] = [
  { name: 'a', label: 'Call Us' },
  { name: 'b', label: 'Callback' },
  { name: 'c', label: 'Live Chat' },
];
const orders = [
  ['c', 'b', 'a'],
  ['b', 'a', 'c'],
  ['a', 'c', 'b'],
  ['c', 'a', 'b'],
  ['b', 'c', 'a'],
  ['a', 'b', 'c'],
];
const rowsIn = (order: string[]) => order.map((name) => abc.find((row) => row.name === name)!);

describe("the launchers' keyed lists (lit-html repeat)", () => {
  it('an item keeps its node when the list is re-rendered, hidden, shown, reordered and shortened', () => {
    const list = harness();
    try {
      list.render(abc);
      const nodes = Object.fromEntries(abc.map((row) => [row.name, list.button(row.name)]));
      list.render(abc.map((row) => (row.name === 'b' ? { ...row, hidden: true } : row)));
      expect(list.button('b').closest('li')!.hidden).to.equal(true);
      list.render(abc);
      expect(list.button('b').closest('li')!.hidden).to.equal(false);
      list.render(rowsIn(['c', 'a', 'b']));
      expect(list.order()).to.deep.equal(['c', 'a', 'b']);
      list.render(rowsIn(['c', 'a']));
      expect(list.order()).to.deep.equal(['c', 'a']);
      list.render(rowsIn(['c', 'b', 'a']));
      expect(list.order()).to.deep.equal(['c', 'b', 'a']);
      for (const name of ['a', 'c']) expect(list.button(name) === nodes[name], name).to.equal(true);
    } finally {
      list.dispose();
    }
  });

  it('a focused button keeps focus through every reorder and a label change, with no blur', () => {
    const list = harness();
    try {
      list.render(abc);
      for (const focused of ['a', 'b', 'c']) {
        const button = list.button(focused);
        button.focus();
        let blurs = 0;
        button.addEventListener('blur', () => (blurs += 1));
        for (const order of orders) {
          list.render(rowsIn(order));
          expect(list.order()).to.deep.equal(order);
          // Compared by name and as booleans: a failure message then names no DOM node.
          expect(list.focused(), `${focused} focused, order ${order}`).to.equal(focused);
          expect(list.button(focused) === button, `${focused}: the same node`).to.equal(true);
        }
        list.render(abc.map((row) => (row.name === focused ? { ...row, label: 'Renamed' } : row)));
        expect(button.textContent).to.equal('Renamed');
        expect(document.activeElement === button).to.equal(true);
        expect(blurs, `${focused}: blur events`).to.equal(0);
        list.render(abc);
      }
    } finally {
      list.dispose();
    }
  });

  it('a click reads the item its node was last rendered with', () => {
    const list = harness();
    try {
      list.render(abc);
      const button = list.button('a');
      list.render(abc.map((row) => (row.name === 'a' ? { ...row, label: 'Phone us' } : row)));
      list.render(abc.map((row) => (row.name === 'a' ? { ...row, label: 'Ring us' } : row)));
      button.click();
      expect(list.clicks).to.deep.equal(['Ring us']);
    } finally {
      list.dispose();
    }
  });

  it('text stays text: a label with markup is never parsed, and no HTML parser ever sees it', () => {
    const parsed: string[] = [];
    const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    Object.defineProperty(Element.prototype, 'innerHTML', {
      configurable: true,
      get: inner.get,
      set(this: Element, value: unknown) {
        parsed.push(String(value));
        inner.set!.call(this, value);
      },
    });
    const adjacent = Element.prototype.insertAdjacentHTML;
    Element.prototype.insertAdjacentHTML = function (this: Element, where: InsertPosition, text: string) {
      parsed.push(text);
      return adjacent.call(this, where, text);
    };
    const list = harness();
    const markup = '<img src=x onerror="window.__launcherPwned = true">';
    try {
      list.render(abc.map((row) => ({ ...row, label: `<b>${row.label}</b>` })));
      list.render([{ name: 'x', label: markup }, ...abc]);
      expect(list.list().querySelector('b, img')).to.equal(null);
      expect(list.button('x').textContent).to.equal(markup);
    } finally {
      list.dispose();
      Object.defineProperty(Element.prototype, 'innerHTML', inner);
      Element.prototype.insertAdjacentHTML = adjacent;
    }
    // lit parses its templates' own strings (once each, through its Trusted Types policy), never a value.
    expect(parsed.some((text) => text.includes('<b>') || text.includes('onerror'))).to.equal(false);
    expect((window as { __launcherPwned?: boolean }).__launcherPwned).to.equal(undefined);
  });
});
