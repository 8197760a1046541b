import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { ViewContext, type ViewContextValue } from '../../elements/common/context.ts';
import { Transcript, type TranscriptProps } from '../../elements/chat/transcript/index.tsx';
import { createTranslator, type Translator } from '../../src/app/i18n.ts';
import type { Environment } from '../../src/app/environment.ts';
import type { RichEnvelope, TranscriptMessage } from '../../src/services/chat/types.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };
import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };
import chrome from '../../styles/chrome.css' with { type: 'css' };
import transcriptSheet from '../../styles/chat-transcript.css' with { type: 'css' };
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';

// Issue 35 items 2-5: the structured messages' rich media in the transcript, mounted as the chat window
// mounts it (a shadow root with the library's sheets; the rich-media chunk adopts its own), every layout,
// the actions through the bus, the safety rules, the keyboard trap and axe in both themes and on a phone.

const frame = new CSSStyleSheet();
frame.replaceSync('.frame { display: flex; flex-direction: column; width: 360px; height: 560px; }');

class RichHost extends HTMLElement {
  readonly internals = this.attachInternals();
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [tokens, base, chrome, transcriptSheet, frame];
  }
}
customElements.define('la-rich-test', RichHost);

const translators: Record<'en' | 'pl', Translator> = { en: createTranslator('en', en, en), pl: createTranslator('pl', pl, en) };
const NOW = new Date(2026, 10, 23, 12, 0).getTime();
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let host: RichHost;
let root: Root;
let props: TranscriptProps;
let commands: Array<[string, unknown]>;
let channelCommands: Array<[string, unknown, unknown]>;
let section: Record<string, unknown>;
let nextIndex = 1;

const shadow = () => host.shadowRoot!;
const $ = <E extends Element = HTMLElement>(selector: string) => shadow().querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...shadow().querySelectorAll<E>(selector)];
const active = () => shadow().activeElement as HTMLElement | null;

const bot = { id: 'b1', type: 'Bot' as const, name: 'Asystent' };
function rich(text: string, contentType: RichEnvelope['contentType'], content: unknown[]): TranscriptMessage {
  const index = nextIndex++;
  return { index, type: 'Structured', text, timestamp: NOW - 60_000 + index, html: false, from: bot, rich: { contentType, content, id: `rm${index}` } };
}
const visitorSays = (text: string): TranscriptMessage => {
  const index = nextIndex++;
  return { index, type: 'Message', text, timestamp: NOW - 60_000 + index, html: false, from: { id: 'c1', type: 'Client', name: 'Jan' } };
};

const replies = () =>
  rich('W czym mogę pomóc?', 'quick-replies', [
    { id: 'q1', type: 'quick-reply', text: 'Wpłaty' },
    { id: 'q2', type: 'quick-reply', text: 'Wypłata', textback: 'wyplata' },
    { id: 'q3', type: 'quick-reply', text: 'Porozmawiaj z konsultantem' },
  ]);
const textCard = () => rich('', 'generic', [{ id: 't', type: 'generic', title: 'Tylko tekst', desc: 'Opis **pogrubiony** i [link](javascript:alert(1))' }]);
const componentsCard = () =>
  rich('', 'generic', [
    {
      id: 'k',
      type: 'generic',
      title: 'Karta',
      desc: 'Z komponentami',
      styles: { 'background-color': '#123456', color: 'rgb(250, 250, 250)', bold: true, 'color-hover': '#ff0000', border: 'url(https://evil.example/x)' },
      components: [
        { id: 'u', type: 'button', text: 'Otwórz PDF', actions: { url: 'https://example.com/a.pdf' } },
        { id: 'j', type: 'link', text: 'Zły link', url: 'javascript:alert(1)' },
        { id: 'c', type: 'button', text: 'Oddzwonimy', actions: { commandName: 'Callback.open', commandOptions: { a: 1 } } },
        { id: 'x', type: 'button', text: 'Rozszerzenie', actions: { commandName: 'App.registerExtension', commandOptions: { name: 'x' } } },
        { id: 'tb', type: 'button', text: 'Tak' },
        { id: 't', type: 'text', text: 'Zwykły tekst' },
        { id: 'br', type: 'line-break' },
        { id: 'f', type: 'attachment', name: 'plik.pdf', url: 'https://example.com/plik.pdf' },
      ],
    },
  ]);
const mediaCard = () => rich('', 'generic', [{ id: 'm', type: 'generic', image: PNG, title: '' }]);
const fullCard = () =>
  rich('', 'generic', [{ id: 'f', type: 'generic', image: PNG, title: 'Pełna', desc: 'Opis', components: [{ id: 'b', type: 'button', text: 'Dalej' }] }]);
const carousel = () =>
  rich(
    'Wybierz temat',
    'generic',
    ['Jeden', 'Dwa', 'Trzy'].map((title, i) => ({ id: `c${i}`, type: 'generic', title, components: [{ id: 'b', type: 'button', text: `Więcej ${i}` }] })),
  );
const list = () =>
  rich('Dokumenty', 'list-vertical', [
    {
      id: 'l',
      type: 'list-vertical',
      title: 'Dokumenty',
      components: [
        { id: 'a', type: 'list-item', selector: 'checkbox', title: 'Regulamin', desc: 'Zasady' },
        { id: 'b', type: 'list-item', selector: 'checkbox', title: 'Deklaracja', image: PNG },
        { id: 'c', type: 'list-item', title: 'Cennik' },
        { id: 's', type: 'button', text: 'Wyślij', textback: 'Proszę o' },
      ],
    },
  ]);
const radios = () =>
  rich('Jedno', 'list-vertical', [
    {
      id: 'r',
      type: 'list-vertical',
      title: 'Wybierz jedno',
      components: [
        { id: 'a', type: 'list-item', selector: 'radio', title: 'A' },
        { id: 'b', type: 'list-item', selector: 'radio', title: 'B' },
        { id: 's', type: 'button', text: 'OK' },
      ],
    },
  ]);
const attachments = () =>
  rich('Załączniki', 'attachments', [
    { id: 'a', type: 'attachment', name: 'ochrona-danych.pdf', url: 'https://example.com/ochrona-danych.pdf' },
    { id: 'i', type: 'image', title: 'Logo', image: PNG },
    { id: 'bad', type: 'image', title: 'SVG', image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
    { id: 'js', type: 'image', title: 'JS', image: 'javascript:alert(1)' },
  ]);
const menu = () =>
  rich('', 'generic', [
    {
      id: 'm',
      type: 'generic',
      title: 'Inne kanały',
      components: [
        {
          id: 'm',
          type: 'menu',
          text: 'Więcej opcji',
          components: [
            { id: 'c', type: 'button', text: 'Oddzwonienie', actions: { commandName: 'Callback.open' } },
            { id: 'k', type: 'link', text: 'Kontakt', url: 'https://example.com/kontakt' },
          ],
        },
      ],
    },
  ]);

function render(change: Partial<TranscriptProps> = {}, context?: ViewContextValue) {
  props = { ...props, ...change };
  flushSync(() =>
    root.render(
      <ViewContext.Provider value={context ?? current}>
        <Transcript {...props} />
      </ViewContext.Provider>,
    ),
  );
}
let current: ViewContextValue;

async function mount(messages: TranscriptMessage[], options: { lang?: 'en' | 'pl'; theme?: 'dark' | 'light'; mobile?: boolean } = {}) {
  const { lang = 'pl', theme = 'dark', mobile = false } = options;
  host = document.createElement('la-rich-test') as RichHost;
  document.body.append(host);
  host.internals.states.add(theme);
  if (mobile) host.internals.states.add('mobile');
  const environment = new BehaviorSubject<Environment>({ theme, mobile, lang, timeFormat: 24 });
  const app = {
    environment,
    t: translators[lang],
    section: () => section,
    bus: {
      command: (name: string, options: unknown) => (commands.push([name, options]), Promise.resolve({})),
      channelCommand: (name: string, options: unknown, meta: unknown) => {
        channelCommands.push([name, options, meta]);
        return /^(?:Callback)\.open$/.test(name) ? Promise.resolve() : Promise.reject(new Error(`${name} may not run from configuration or markup`));
      },
    },
  };
  current = { app, host } as unknown as ViewContextValue;
  const container = document.createElement('div');
  container.className = 'la-root frame';
  container.lang = lang;
  shadow().append(container);
  root = createRoot(container);
  props = { messages, now: () => NOW, onDownload: () => undefined };
  render();
  await waitFor(() => $$('.la-rich').length === messages.filter((m) => m.rich).length || null, 4000, 'the rich-media chunk');
}

const line = (m: TranscriptMessage) => $(`[data-key="m${m.index}"]`)!;

describe('chat rich media', () => {
  beforeEach(() => {
    commands = [];
    channelCommands = [];
    section = {};
  });
  afterEach(() => {
    root?.unmount();
    host?.remove();
  });

  it('quick replies: a row of buttons; the first choice is sent back (textback when given), then all are aria-disabled and stay readable', async () => {
    const m = replies();
    await mount([m]);
    const buttons = $$<HTMLButtonElement>('.la-rich__reply');
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['Wpłaty', 'Wypłata', 'Porozmawiaj z konsultantem']);
    expect(buttons.every((b) => !b.hasAttribute('aria-disabled') && !b.disabled)).to.equal(true);
    expect($('.la-rich__replies')!.getAttribute('role')).to.equal('group');
    buttons[1]!.click();
    await waitFor(() => buttons[0]!.getAttribute('aria-disabled') === 'true' || null, 1000, 'disabled');
    expect(commands).to.deep.equal([['WebChatService.sendMessage', { message: 'wyplata' }]]);
    expect(buttons.map((b) => b.getAttribute('aria-disabled'))).to.deep.equal(['true', 'true', 'true']);
    expect(buttons[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(buttons.every((b) => !b.disabled && b.getClientRects().length > 0)).to.equal(true, 'disabled but shown and focusable');
    buttons[0]!.click();
    expect(commands).to.have.length(1, 'a second choice sends nothing');
  });

  it('quick replies a later visitor message answered (a reload, another tab) are disabled from the start', async () => {
    const m = replies();
    await mount([m, visitorSays('Wpłaty')]);
    expect($$('.la-rich__reply').map((b) => b.getAttribute('aria-disabled'))).to.deep.equal(['true', 'true', 'true']);
  });

  it('generic card in its four variants: text only, text with components, media only, media with text and components', async () => {
    const [a, b, c, d] = [textCard(), componentsCard(), mediaCard(), fullCard()];
    await mount([a, b, c, d]);
    const card = (m: TranscriptMessage) => line(m).querySelector('.la-rich__card')!;
    expect(card(a).querySelector('.la-rich__title')!.textContent).to.equal('Tylko tekst');
    expect(card(a).querySelector('.la-rich__desc strong')!.textContent).to.equal('pogrubiony');
    expect(card(a).querySelector('.la-rich__desc a')!.getAttribute('href')).to.equal('#', 'javascript: is the placeholder');
    expect(card(a).querySelector('img, .la-rich__components')).to.equal(null);
    expect(card(b).querySelectorAll('.la-rich__components > *').length).to.equal(8);
    expect(card(b).querySelector('img')).to.equal(null);
    expect(card(c).querySelector<HTMLImageElement>('img.la-rich__media')!.src).to.equal(PNG);
    expect(card(c).querySelector('.la-rich__title, .la-rich__components')).to.equal(null);
    expect(card(d).querySelector('img.la-rich__media')).to.not.equal(null);
    expect(card(d).querySelector('.la-rich__title')!.textContent).to.equal('Pełna');
    expect(card(d).querySelector('.la-rich__components button')!.textContent).to.equal('Dalej');
  });

  it('actions: a URL opens in a new tab without an opener; a command runs under the channel-command rule; other buttons send their text back', async () => {
    const m = componentsCard();
    await mount([m]);
    const open = [...line(m).querySelectorAll<HTMLAnchorElement>('a.la-rich__button')].find((a) => a.textContent === 'Otwórz PDF')!;
    expect([open.href, open.target, open.rel]).to.deep.equal(['https://example.com/a.pdf', '_blank', 'noopener noreferrer']);
    expect(line(m).querySelector<HTMLAnchorElement>('.la-rich__link')!.getAttribute('href')).to.equal('#');
    const button = (text: string) => [...line(m).querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text)!;
    button('Oddzwonimy').click();
    button('Rozszerzenie').click();
    button('Tak').click();
    expect(channelCommands).to.deep.equal([
      ['Callback.open', { a: 1 }, { commander: 'WebChat' }],
      ['App.registerExtension', { name: 'x' }, { commander: 'WebChat' }],
    ]);
    expect(commands).to.deep.equal([['WebChatService.sendMessage', { message: 'Tak' }]], 'no command ran by the bus directly');
  });

  it('styles: only the documented properties, through a constructable sheet (no style attribute); off when configured', async () => {
    const m = componentsCard();
    await mount([m]);
    const card = line(m).querySelector<HTMLElement>('.la-rich__card')!;
    const name = [...card.classList].find((c) => c.startsWith('la-rs-'))!;
    expect(name).to.be.a('string');
    const rules = shadow()
      .adoptedStyleSheets.flatMap((s) => [...s.cssRules])
      .map((r) => r.cssText)
      .filter((text) => text.includes(name));
    expect(rules.join(' ')).to.contain('background-color: rgb(18, 52, 86)').and.contain('font-weight: bold').and.not.contain('url');
    expect(rules.some((r) => r.includes(':hover') && r.includes('color: rgb(255, 0, 0)'))).to.equal(true);
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(18, 52, 86)');
    expect(shadow().querySelectorAll('[style]').length).to.equal(0);
    root.unmount();
    host.remove();
    section = { richMediaStyles: false };
    const again = componentsCard();
    await mount([again]);
    expect(getComputedStyle(line(again).querySelector('.la-rich__card')!).backgroundColor).to.not.equal('rgb(18, 52, 86)');
  });

  it('carousel: cards side by side with named previous / next controls; each card a group "n of count"', async () => {
    const m = carousel();
    await mount([m]);
    const group = line(m).querySelector('.la-rich__carousel')!;
    expect(group.getAttribute('aria-roledescription')).to.equal('karuzela');
    expect(group.getAttribute('aria-label')).to.equal('Wybierz temat');
    expect(line(m).querySelector('.la-rich__prev')!.getAttribute('aria-label')).to.equal('Poprzednia karta');
    expect(line(m).querySelector('.la-rich__next')!.getAttribute('aria-label')).to.equal('Następna karta');
    const cards = [...line(m).querySelectorAll('.la-rich__track > .la-rich__card')];
    expect(cards.map((c) => c.getAttribute('aria-label'))).to.deep.equal(['1 z 3: Jeden', '2 z 3: Dwa', '3 z 3: Trzy']);
    const [first, second] = cards.map((c) => c.getBoundingClientRect());
    expect(Math.abs(first!.top - second!.top)).to.be.below(1, 'side by side');
    const track = line(m).querySelector<HTMLElement>('.la-rich__track')!;
    expect(track.scrollWidth).to.be.above(track.clientWidth);
    line(m).querySelector<HTMLButtonElement>('.la-rich__next')!.click();
    await waitFor(() => track.scrollLeft > 0 || null, 2000, 'scrolled to the next card');
  });

  it('vertical list: checkbox items (big and small, image, title, description) and a submit that sends the chosen titles once; radios pick one', async () => {
    const m = list();
    const r = radios();
    await mount([m, r]);
    const boxes = [...line(m).querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(boxes).to.have.length(2);
    expect(line(m).querySelectorAll('.la-rich__item--big')).to.have.length(2);
    expect(line(m).querySelector('.la-rich__item--big img')).to.not.equal(null);
    boxes[0]!.click();
    boxes[1]!.click();
    const submit = line(m).querySelector<HTMLButtonElement>('.la-rich__list .la-button--primary')!;
    submit.click();
    submit.click();
    expect(commands).to.deep.equal([['WebChatService.sendMessage', { message: 'Proszę o: Regulamin, Deklaracja' }]]);
    await waitFor(() => submit.getAttribute('aria-disabled') === 'true' || null, 1000, 'the submit spent');
    const [a, b] = [...line(r).querySelectorAll<HTMLInputElement>('input[type=radio]')];
    a!.click();
    b!.click();
    expect([a!.checked, b!.checked]).to.deep.equal([false, true]);
    line(r).querySelector<HTMLButtonElement>('.la-button--primary')!.click();
    expect(commands.at(-1)).to.deep.equal(['WebChatService.sendMessage', { message: 'OK: B' }]);
  });

  it('attachments row: attachment links and raster images only (an SVG or javascript: image is left out)', async () => {
    const m = attachments();
    await mount([m]);
    const row = line(m).querySelector('.la-rich__attachments')!;
    const link = row.querySelector<HTMLAnchorElement>('a.la-rich__attachment')!;
    expect([link.href, link.rel, link.textContent]).to.deep.equal(['https://example.com/ochrona-danych.pdf', 'noopener noreferrer', '📎 ochrona-danych.pdf']);
    expect([...row.querySelectorAll('img')].map((i) => i.getAttribute('alt'))).to.deep.equal(['Logo']);
  });

  it('the tooltip menu opens on click and closes on an outside click, Escape (focus back on its button) or a choice', async () => {
    const m = menu();
    await mount([m]);
    const trigger = line(m).querySelector<HTMLButtonElement>('[aria-haspopup=menu]')!;
    const list = () => line(m).querySelector('[role=menu]');
    trigger.click();
    await waitFor(list, 1000, 'the menu');
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    expect(active()!.getAttribute('role')).to.equal('menuitem');
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitFor(() => !list() || null, 1000, 'closed by an outside click');
    trigger.click();
    await waitFor(list, 1000, 'the menu again');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !list() || null, 1000, 'closed by Escape');
    expect(active()).to.equal(trigger);
    trigger.click();
    await waitFor(list, 1000, 'the menu a third time');
    list()!.querySelector<HTMLButtonElement>('[role=menuitem]')!.click();
    await waitFor(() => !list() || null, 1000, 'closed by a choice');
    expect(channelCommands.map(([name]) => name)).to.deep.equal(['Callback.open']);
  });

  it('keyboard: one line of the log; Enter moves into its controls, Tab cycles within them, Escape returns to the line', async () => {
    const m = replies();
    await mount([m]);
    const row = line(m);
    const buttons = $$<HTMLButtonElement>('.la-rich__reply');
    expect(buttons.map((b) => b.tabIndex)).to.deep.equal([-1, -1, -1], 'not Tab stops before Enter');
    row.focus();
    await sendKeys({ press: 'Enter' });
    expect(active()).to.equal(buttons[0]);
    await waitFor(() => buttons[1]!.tabIndex === 0 || null, 1000, 'Tab stops inside');
    await sendKeys({ press: 'Tab' });
    expect(active()).to.equal(buttons[1]);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(active()).to.equal(buttons[0], 'Tab cycles');
    await sendKeys({ press: 'Shift+Tab' });
    expect(active()).to.equal(buttons[2]);
    await sendKeys({ press: 'Escape' });
    expect(active()).to.equal(row);
    await waitFor(() => buttons[0]!.tabIndex === -1 || null, 1000, 'out again');
    expect(commands).to.deep.equal([]);
  });

  it('the live region says the text and the number of choices once; the line is labelled with them', async () => {
    await mount([]);
    const m = replies();
    render({ messages: [m] });
    await waitFor(() => $$('.la-rich').length || null, 4000, 'the rich-media chunk');
    const live = $('[aria-live=polite]')!;
    await waitFor(() => live.textContent?.includes('(3 opcje)') || null, 2000, 'the announcement');
    expect(live.textContent!.split('(3 opcje)').length - 1).to.equal(1);
    expect(line(m).getAttribute('aria-label')).to.contain('W czym mogę pomóc? (3 opcje)');
  });

  it('a structured message that could not be read and has no text is a short notice, never a blank line', async () => {
    const index = nextIndex++;
    const broken: TranscriptMessage = { index, type: 'Structured', text: '', timestamp: NOW, html: false, from: bot };
    await mount([broken]);
    expect(line(broken).textContent).to.equal('Nie można wyświetlić tej wiadomości.');
  });

  for (const [theme, mobile] of [
    ['dark', false],
    ['light', false],
    ['dark', true],
  ] as const) {
    it(`has no axe violations with every layout (${theme} theme${mobile ? ', phone' : ''})`, async () => {
      await mount([replies(), textCard(), componentsCard(), mediaCard(), fullCard(), carousel(), list(), attachments(), menu()], { theme, mobile, lang: 'en' });
      await expectAccessible(host);
      line(props.messages.at(-1)!).querySelector<HTMLButtonElement>('[aria-haspopup=menu]')!.click();
      await waitFor(() => $('[role=menu]'), 1000, 'the menu');
      await expectAccessible(host);
    });
  }
});
