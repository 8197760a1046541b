import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { ViewContext, type ViewContextValue } from '../../elements/common/context.ts';
import { Transcript, shortFileName, type TranscriptProps } from '../../elements/chat/transcript/index.tsx';
import { linkify } from '../../elements/chat/linkify.ts';
import { createTranslator, type Translator } from '../../src/app/i18n.ts';
import type { Environment } from '../../src/app/environment.ts';
import type { ParticipantType, TranscriptMessage, TranscriptType } from '../../src/plugins/webchat-service/webchat-service.api.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };
import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };
import chrome from '../../styles/chrome.css' with { type: 'css' };
import transcriptSheet from '../../styles/chat-transcript.css' with { type: 'css' };
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';

// The transcript mounted as the chat window mounts it: React inside a shadow root with the library's
// sheets adopted (tokens, base, chrome, the transcript's own), under a ViewContext whose environment and
// translator are the real ones (createTranslator over the shipped en and pl packs).

/** The test page's frame: the transcript gets a window-like box (a sheet, as the real window does). */
const frame = new CSSStyleSheet();
frame.replaceSync('.frame { display: flex; flex-direction: column; width: 360px; height: 400px; }');

class TranscriptHost extends HTMLElement {
  readonly internals = this.attachInternals();
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [tokens, base, chrome, transcriptSheet, frame];
  }
}
customElements.define('la-transcript-test', TranscriptHost);

const translators: Record<'en' | 'pl', Translator> = {
  en: createTranslator('en', en, en),
  pl: createTranslator('pl', pl, en),
};

/** 23 Nov 2026, 12:00 local time: "now" for every test. */
const NOW = new Date(2026, 10, 23, 12, 0).getTime();
const MINUTE = 60_000;

let host: TranscriptHost;
let root: Root;
let props: TranscriptProps;
let environment: BehaviorSubject<Environment>;
let context: ViewContextValue;
let downloads: string[];
let historyAsks: number;
let nextIndex: number;

const shadow = () => host.shadowRoot!;
const $ = <E extends Element = HTMLElement>(selector: string) => shadow().querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...shadow().querySelectorAll<E>(selector)];
const log = () => $('[role=log]')!;
const items = () => $$('[data-item]');
const live = () => $('[aria-live=polite]')!;
const active = () => shadow().activeElement as HTMLElement | null;

function message(
  type: TranscriptType,
  from: { type: ParticipantType; name?: string; id?: string },
  text = '',
  extra: Partial<TranscriptMessage> = {},
): TranscriptMessage {
  const index = nextIndex++;
  return {
    index,
    type,
    text,
    timestamp: NOW - 30 * MINUTE + index * 1000,
    html: false,
    from: { id: from.id ?? `${from.type}-${from.name ?? ''}`, type: from.type, name: from.name ?? '' },
    ...extra,
  };
}
const anna = { type: 'Agent' as const, name: 'Anna', id: 'a1' };
const visitor = { type: 'Client' as const, name: 'Jan', id: 'c1' };
const say = (from: { type: ParticipantType; name?: string; id?: string }, text: string, extra: Partial<TranscriptMessage> = {}) =>
  message('Message', from, text, extra);

function render(change: Partial<TranscriptProps> = {}) {
  props = { ...props, ...change };
  flushSync(() =>
    root.render(
      <ViewContext.Provider value={context}>
        <Transcript {...props} />
      </ViewContext.Provider>,
    ),
  );
}

function mount(initial: Partial<TranscriptProps> = {}, options: { lang?: 'en' | 'pl'; theme?: 'dark' | 'light'; timeFormat?: 12 | 24; mobile?: boolean } = {}) {
  const { lang = 'en', theme = 'dark', timeFormat = 24, mobile = false } = options;
  host = document.createElement('la-transcript-test') as TranscriptHost;
  document.body.append(host);
  host.internals.states.add(theme);
  if (mobile) host.internals.states.add('mobile');
  environment = new BehaviorSubject<Environment>({ theme, mobile, lang, timeFormat });
  const app = {
    environment,
    get t() {
      return translators[environment.value.lang as 'en' | 'pl'];
    },
  };
  context = { app, host } as unknown as ViewContextValue;
  const container = document.createElement('div');
  container.className = 'la-root frame';
  container.lang = lang;
  shadow().append(container);
  root = createRoot(container);
  props = {
    messages: [],
    now: () => NOW,
    onDownload: (id) => downloads.push(id),
    onLoadHistory: () => (historyAsks += 1),
    ...initial,
  };
  render();
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const atBottom = () => log().scrollHeight - log().scrollTop - log().clientHeight <= 24;

/** Enough agent lines to scroll. */
function many(count: number, from = anna): TranscriptMessage[] {
  return Array.from({ length: count }, (_, i) => say(from, `line ${i + 1}`));
}

describe('chat transcript', () => {
  beforeEach(() => {
    downloads = [];
    historyAsks = 0;
    nextIndex = 1;
  });

  afterEach(() => {
    root.unmount();
    host.remove();
  });

  describe('rendering', () => {
    it('shows agent, visitor, bot and supervisor bubbles with avatar, name and time; the visitor on the right', async () => {
      const messages = [
        say(anna, 'Hello, how can I help?'),
        say(visitor, 'I have a question'),
        say({ type: 'Bot', name: '' }, 'I am a bot'),
        say({ type: 'Supervisor', name: 'Ewa' }, 'Supervising'),
      ];
      mount({ messages, groupingThresholdMs: 0 });
      const bubbles = $$('.la-transcript__bubble');
      expect(bubbles.map((b) => b.querySelector('.la-transcript__name')!.textContent)).to.deep.equal(['Anna', 'Jan', 'Bot', 'Ewa']);
      expect(bubbles.map((b) => b.className.match(/--(agent|client|bot|supervisor)/)![1])).to.deep.equal(['agent', 'client', 'bot', 'supervisor']);
      for (const bubble of bubbles) {
        const avatar = bubble.querySelector('.la-transcript__avatar')!;
        expect(avatar.getAttribute('aria-hidden')).to.equal('true');
        expect(avatar.textContent).to.equal(bubble.querySelector('.la-transcript__name')!.textContent![0]);
      }
      const time = new Date(messages[0]!.timestamp);
      const hhmm = `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`;
      expect(bubbles[0]!.querySelector('time')!.textContent).to.equal(hhmm);
      // The visitor's bubble sits on the right, the agent's on the left.
      await nextFrame();
      const agentBox = bubbles[0]!.querySelector('.la-transcript__content')!.getBoundingClientRect();
      const clientBox = bubbles[1]!.querySelector('.la-transcript__content')!.getBoundingClientRect();
      const clientAvatar = bubbles[1]!.querySelector('.la-transcript__avatar')!.getBoundingClientRect();
      const agentAvatar = bubbles[0]!.querySelector('.la-transcript__avatar')!.getBoundingClientRect();
      const logBox = log().getBoundingClientRect();
      expect(clientAvatar.right).to.be.closeTo(logBox.right - 8, 4);
      expect(agentAvatar.left).to.be.closeTo(logBox.left + 8, 4);
      expect(clientBox.right).to.be.lessThan(clientAvatar.left);
      expect(agentBox.left).to.be.greaterThan(agentAvatar.right);
      expect(clientBox.right).to.be.greaterThan(agentBox.right);
    });

    it('shows times on a 12-hour clock when the environment says so', () => {
      mount({ messages: [say(anna, 'Hi', { timestamp: new Date(2026, 10, 23, 15, 7).getTime() })] }, { timeFormat: 12 });
      expect($('time')!.textContent).to.match(/^3:07\s?PM$/);
    });

    it("carries Genesys Widgets' class names: cx-transcript on the log, cx-message with the sender's class, cx-avatar", () => {
      mount({
        messages: [
          message('ParticipantJoined', anna),
          say(anna, 'Hello'),
          say(visitor, 'Hi'),
          say({ type: 'Bot', name: '' }, 'A bot'),
          say({ type: 'Supervisor', name: 'Ewa' }, 'Supervising'),
        ],
        pending: [{ id: 'p1', text: 'waiting', state: 'sending', timestamp: NOW - MINUTE }],
        groupingThresholdMs: 0,
      });
      expect(log().classList.contains('cx-transcript')).to.equal(true);
      const classesOf = (element: Element) => [...element.classList].filter((name) => name.startsWith('cx-')).join(' ');
      expect($$('.la-transcript__system').map(classesOf)).to.deep.equal(['cx-message cx-system']);
      expect($$('.la-transcript__bubble').map(classesOf)).to.deep.equal([
        'cx-message cx-agent',
        'cx-message cx-user',
        'cx-message cx-bot',
        'cx-message cx-agent cx-supervisor',
        'cx-message cx-user',
      ]);
      expect($$('.la-transcript__avatar').every((avatar) => avatar.classList.contains('cx-avatar'))).to.equal(true);
    });

    it('system lines: Notice, External, Chat Started on the first visitor join only, join and leave lines, Chat Ended; typing, idle alert and custom notices are not bubbles', () => {
      const messages = [
        message('ParticipantJoined', visitor),
        message('Notice', { type: 'External', name: 'system' }, 'Please wait for an agent'),
        message('ParticipantJoined', { type: 'Bot', name: 'Botek' }),
        message('TypingStarted', anna),
        message('ParticipantJoined', anna),
        message('TypingStopped', anna),
        say({ type: 'External', name: 'system' }, 'Transferred'),
        message('IdleAlert', { type: 'External' }, 'Are you still there?'),
        message('CustomNotice', { type: 'External' }, '{"Survey_URL":"https://example.com"}'),
        message('ParticipantJoined', visitor),
        message('ParticipantJoined', { type: 'Supervisor', name: 'Ewa' }),
        message('ParticipantLeft', { type: 'Supervisor', name: 'Ewa' }),
        message('ParticipantLeft', { type: 'Bot', name: 'Botek' }),
        message('ParticipantLeft', anna),
        message('IdleClose', { type: 'External' }, 'The chat was closed for inactivity'),
      ];
      mount({ messages, ended: true });
      expect($$('.la-transcript__bubble')).to.have.length(0);
      expect($$('.la-transcript__system').map((e) => e.textContent)).to.deep.equal([
        'Chat Started',
        'Please wait for an agent',
        'Botek joined the chat',
        'Anna joined the chat',
        'Transferred',
        'Ewa joined the chat',
        'Ewa left the chat',
        'Botek left the chat',
        'Anna left the chat',
        'The chat was closed for inactivity',
        'Chat Ended',
      ]);
      expect(shadow().textContent).to.not.contain('Are you still there?');
      expect(shadow().textContent).to.not.contain('Survey_URL');
    });

    it('translates system lines and default names into Polish', () => {
      const messages = [message('ParticipantJoined', visitor), message('ParticipantJoined', { type: 'Agent' }), say({ type: 'Agent' }, 'Dzień dobry')];
      mount({ messages, ended: true }, { lang: 'pl' });
      expect($$('.la-transcript__system').map((e) => e.textContent)).to.deep.equal(['Czat rozpoczęty', 'Konsultant dołącza do czatu', 'Czat zakończony']);
      expect($('.la-transcript__name')!.textContent).to.equal('Konsultant');
    });

    it('PushUrl is a link for http(s) only, opening in a new tab without opener', () => {
      mount({ messages: [message('PushUrl', anna, 'https://example.com/offer'), message('PushUrl', anna, 'javascript:alert(1)')] });
      const links = $$<HTMLAnchorElement>('.la-transcript__content a');
      expect(links).to.have.length(1);
      expect(links[0]!.getAttribute('href')).to.equal('https://example.com/offer');
      expect(links[0]!.target).to.equal('_blank');
      expect(links[0]!.rel).to.equal('noopener noreferrer');
      expect($$('.la-transcript__plain')[1]!.textContent).to.equal('javascript:alert(1)');
    });

    it('agent HTML goes through the sanitiser: scripts, handlers and javascript: links are dropped', async () => {
      const html =
        '<p>Hi <b>there</b></p><script>window.__pwned = 1</script><a href="javascript:window.__pwned=2">click</a> <a href="https://example.com/x">ok</a><img src="x" onerror="window.__pwned=3">';
      mount({ messages: [say(anna, html, { html: true })] });
      const body = $('.la-transcript__html')!;
      expect(body.querySelector('b')!.textContent).to.equal('there');
      expect(body.querySelector('script')).to.equal(null);
      expect(body.querySelector('[onerror]')).to.equal(null);
      const [bad, good] = [...body.querySelectorAll('a')];
      expect(bad!.getAttribute('href')).to.equal('#');
      expect(good!.getAttribute('href')).to.equal('https://example.com/x');
      expect(good!.rel).to.equal('noopener noreferrer');
      expect(good!.target).to.equal('_blank');
      await nextFrame();
      expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
      // The label reads the text, not the markup.
      expect($('[data-item]')!.getAttribute('aria-label')).to.match(/^Anna, \d\d:\d\d: Hi there/);
    });

    it('plain text is never markup; its addresses become links', () => {
      mount({ messages: [say(anna, 'See www.example.com/help or mail help@example.com <b>now</b>')] });
      const text = $('.la-transcript__plain')!;
      expect(text.querySelector('b')).to.equal(null);
      expect(text.textContent).to.equal('See www.example.com/help or mail help@example.com <b>now</b>');
      const links = [...text.querySelectorAll('a')];
      expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://www.example.com/help', 'mailto:help@example.com']);
      expect(links.every((a) => a.target === '_blank' && a.rel === 'noopener noreferrer')).to.equal(true);
      expect(linkify('javascript:alert(1) ftp://x.example.com'), 'no link but http(s) and mailto').to.deep.equal(['javascript:alert(1) ftp://x.example.com']);
    });

    it('file bubble: shortened name with the full one in title and label, size, Download calls back with the file id', () => {
      const name = 'Umowa-o-swiadczenie-uslug-2026-wersja-ostateczna.pdf';
      const file = message('FileUploaded', anna, name, { userData: { 'file-name': name, 'file-size': '1536', 'file-id': 'f-77', 'file-type': 'pdf' } });
      mount(
        { messages: [file, message('FileUploaded', anna, 'a.txt', { userData: { 'file-name': 'a.txt', 'file-size': '12', 'file-id': 'f-78' } })] },
        { lang: 'pl' },
      );
      const [first, second] = $$('.la-transcript__file');
      expect(shortFileName(name)).to.equal('Umowa-o-swiadcze…a.pdf');
      expect(first!.querySelector('.la-transcript__file-name')!.textContent).to.equal('Umowa-o-swiadcze…a.pdf');
      expect(first!.querySelector('.la-transcript__file-name')!.getAttribute('title')).to.equal(name);
      expect(first!.querySelector('.la-transcript__file-size')!.textContent).to.equal('1,5 KB');
      expect(second!.querySelector('.la-transcript__file-name')!.textContent).to.equal('a.txt');
      expect(second!.querySelector('.la-transcript__file-size')!.textContent).to.equal('12 B');
      const button = first!.querySelector('button')!;
      expect(button.textContent).to.equal('Pobierz');
      expect(button.getAttribute('aria-label')).to.equal(`Pobierz ${name}`);
      button.click();
      second!.querySelector('button')!.click();
      expect(downloads).to.deep.equal(['f-77', 'f-78']);
      expect($$('[data-item]')[0]!.getAttribute('aria-label')).to.contain(`Plik ${name}, 1,5 KB`);
    });

    it('groups a run of one sender within the threshold: name and avatar once', () => {
      const start = NOW - 10 * MINUTE;
      const messages = [
        say(anna, 'one', { timestamp: start }),
        say(anna, 'two', { timestamp: start + 30_000 }),
        say(anna, 'three', { timestamp: start + 90_000 }),
        say(anna, 'late', { timestamp: start + 90_000 + 100_001 }),
        say(visitor, 'mine', { timestamp: start + 200_000 }),
        say(anna, 'after', { timestamp: start + 201_000 }),
      ];
      mount({ messages });
      const shape = () =>
        $$('.la-transcript__bubble').map((b) => [
          b.querySelector('.la-transcript__name')?.textContent ?? '',
          Boolean(b.querySelector('.la-transcript__avatar')),
        ]);
      expect(shape()).to.deep.equal([
        ['Anna', true],
        ['', false],
        ['', false],
        ['Anna', true],
        ['Jan', true],
        ['Anna', true],
      ]);
      // Grouped lines still name their sender to a screen reader.
      expect($$('[data-item]')[1]!.getAttribute('aria-label')).to.match(/^Anna, /);
      render({ groupingThresholdMs: 0 });
      expect(shape().every(([, avatar]) => avatar)).to.equal(true);
    });

    for (const [lang, today, older] of [
      ['en', 'Today', 'May 12'],
      ['pl', 'Dzisiaj', '12 maja'],
    ] as const) {
      it(`date separators: Today, or day and month (${lang})`, () => {
        const messages = [
          say(anna, 'old', { timestamp: new Date(2026, 4, 12, 9, 0).getTime() }),
          say(anna, 'old too', { timestamp: new Date(2026, 4, 12, 9, 1).getTime() }),
          say(anna, 'last year', { timestamp: new Date(2025, 11, 31, 9, 0).getTime() }),
          say(anna, 'now', { timestamp: NOW - MINUTE }),
        ].sort((a, b) => a.timestamp - b.timestamp);
        mount({ messages }, { lang });
        const dates = $$('.la-transcript__date').map((d) => d.textContent);
        expect(dates).to.deep.equal([lang === 'en' ? 'December 31, 2025' : '31 grudnia 2025', older, today]);
        // A new day starts a new run: the first line after a separator shows its sender.
        expect($$('.la-transcript__bubble--grouped')).to.have.length(1);
      });
    }

    it('typing indicator, connection lost with a spinner and restored', () => {
      mount({ messages: [say(anna, 'hi')], typing: 'Anna', connection: 'disconnected' });
      expect($('.la-transcript__typing')!.textContent).to.equal('Anna is typing…');
      const lost = $('.la-transcript__connection')!;
      expect(lost.textContent).to.equal('Connection lost');
      expect(lost.querySelector('.la-spinner')).to.not.equal(null);
      render({ connection: 'reconnected', typing: null });
      expect($('.la-transcript__connection')!.textContent).to.equal('Connection restored');
      expect($('.la-transcript__typing')).to.equal(null);
      render({ connection: 'connected' });
      expect($('.la-transcript__connection')).to.equal(null);
      // Announced as it changes (not at mount).
      expect([...live().children].map((p) => p.textContent)).to.deep.equal(['Connection restored']);
    });

    it('history: a Load earlier messages button, a spinner while loading, and scrolling to the top asks', async () => {
      mount({ messages: many(40), canLoadHistory: true });
      await nextFrame();
      const button = $<HTMLButtonElement>('.la-transcript__history')!;
      expect(button.textContent).to.equal('Load earlier messages');
      expect(atBottom()).to.equal(true);
      expect(historyAsks).to.equal(0);
      button.click();
      expect(historyAsks).to.equal(1);
      render({ historyLoading: true });
      expect($('.la-transcript__history .la-spinner')).to.not.equal(null);
      expect($('.la-transcript__history')!.textContent).to.equal('Loading earlier messages…');
      $<HTMLButtonElement>('.la-transcript__history')!.click();
      expect(historyAsks, 'no second ask while loading').to.equal(1);
      render({ historyLoading: false });
      log().scrollTop = 0;
      await waitFor(() => historyAsks === 2, 2000, 'the history ask on scrolling to the top');
    });

    it('a history page prepended keeps the visitor where they were reading', async () => {
      nextIndex = 100;
      const current = many(40);
      mount({ messages: current, canLoadHistory: true });
      await nextFrame();
      // At the very top, where scrolling asks for the page (the browser's scroll anchoring does not act at 0).
      log().scrollTop = 0;
      await nextFrame();
      await nextFrame();
      await nextFrame();
      const reading = items()[0]!;
      const offset = reading.getBoundingClientRect().top;
      nextIndex = 50;
      render({ messages: [...many(20), ...current] });
      await nextFrame();
      await nextFrame();
      expect(reading.getBoundingClientRect().top).to.be.closeTo(offset, 2);
    });

    it('has at least 16 px text on a phone', async () => {
      mount({ messages: [say(anna, 'hi'), message('Notice', { type: 'External' }, 'note')] }, { mobile: true });
      for (const selector of ['.la-transcript__plain', '.la-transcript__system', '.la-transcript__name', '.la-transcript__time']) {
        expect(parseFloat(getComputedStyle($(selector)!).fontSize), selector).to.be.at.least(16);
      }
    });
  });

  describe('accessibility', () => {
    it('the log is not a live region; a separate polite region announces each new message once, not restored ones', () => {
      mount({ messages: [say(anna, 'restored one', { restoring: true }), say(visitor, 'earlier')] });
      expect(log().getAttribute('aria-live')).to.equal('off');
      expect(live().closest('[role=log]')).to.equal(null);
      expect(live().children).to.have.length(0);
      const first = say(anna, 'How can I help?');
      render({ messages: [...props.messages, first] });
      expect([...live().children].map((p) => p.textContent)).to.deep.equal(['Anna: How can I help?']);
      render({ messages: [...props.messages, say(visitor, 'Thanks')] });
      expect([...live().children].map((p) => p.textContent)).to.deep.equal(['Anna: How can I help?', 'Jan: Thanks']);
      // A re-render (typing) announces nothing again.
      render({ typing: 'Anna' });
      render({ typing: null });
      expect(live().children).to.have.length(2);
      // Messages arriving by a restore, and history pages, are not announced.
      render({ messages: [...props.messages, say(anna, 'from restore', { restoring: true })] });
      nextIndex = -5;
      render({ messages: [say(anna, 'older page'), ...props.messages] });
      expect(live().textContent).to.not.contain('from restore');
      expect(live().textContent).to.not.contain('older page');
      render({ ended: true });
      expect(live().lastElementChild!.textContent).to.equal('Chat Ended');
    });

    it('one Tab stop; arrow keys, Home and End move focus between messages; arrivals never move focus', async () => {
      const before = document.createElement('button');
      before.textContent = 'before';
      document.body.prepend(before);
      try {
        mount({ messages: [message('ParticipantJoined', visitor), say(anna, 'one'), say(anna, 'two', { timestamp: NOW - MINUTE }), say(visitor, 'three')] });
        expect(items().filter((item) => item.tabIndex === 0)).to.have.length(1);
        expect(items().at(-1)!.tabIndex).to.equal(0);
        before.focus();
        await sendKeys({ press: 'Tab' });
        expect(active()).to.equal(items().at(-1));
        await sendKeys({ press: 'ArrowUp' });
        expect(active()!.getAttribute('aria-label')).to.match(/^Anna, \d\d:\d\d: two$/);
        await sendKeys({ press: 'Home' });
        expect(active()!.textContent).to.equal('Chat Started');
        await sendKeys({ press: 'ArrowUp' });
        expect(active()!.textContent).to.equal('Chat Started');
        await sendKeys({ press: 'ArrowDown' });
        expect(active()!.getAttribute('aria-label')).to.contain('one');
        expect(items().filter((item) => item.tabIndex === 0)).to.deep.equal([active()]);
        const focused = active();
        render({ messages: [...props.messages, say(anna, 'four')] });
        await nextFrame();
        expect(active(), 'a new message leaves focus where it was').to.equal(focused);
        await sendKeys({ press: 'End' });
        expect(active()!.getAttribute('aria-label')).to.contain('four');
        expect(document.activeElement).to.not.equal(document.body);
        // Tab from a message leaves the transcript (one Tab stop), Shift+Tab comes back to the same message.
        const after = document.createElement('button');
        after.textContent = 'after';
        document.body.append(after);
        await sendKeys({ press: 'Tab' });
        expect(document.activeElement).to.equal(after);
        await sendKeys({ press: 'Shift+Tab' });
        expect(active()!.getAttribute('aria-label')).to.contain('four');
        after.remove();
      } finally {
        before.remove();
      }
    });

    it("Tab from a file message reaches its Download button; other messages' controls are not Tab stops", async () => {
      const file = message('FileUploaded', anna, 'a.pdf', { userData: { 'file-name': 'a.pdf', 'file-size': '10', 'file-id': 'f1' } });
      mount({ messages: [file, say(anna, 'see https://example.com')] });
      const download = $<HTMLButtonElement>('.la-transcript__download')!;
      expect(download.tabIndex).to.equal(-1);
      expect($<HTMLAnchorElement>('.la-transcript__plain a')!.tabIndex).to.equal(0);
      items()[0]!.focus();
      await nextFrame();
      expect(download.tabIndex).to.equal(0);
      expect($<HTMLAnchorElement>('.la-transcript__plain a')!.tabIndex).to.equal(-1);
      await sendKeys({ press: 'Tab' });
      expect(active()).to.equal(download);
      await sendKeys({ press: 'Enter' });
      expect(downloads).to.deep.equal(['f1']);
    });

    it('when the last history page is loaded the button leaves and focus goes to the first message, not to <body>', async () => {
      mount({ messages: many(5), canLoadHistory: true });
      $<HTMLButtonElement>('.la-transcript__history')!.focus();
      render({ canLoadHistory: false });
      expect($('.la-transcript__history')).to.equal(null);
      expect(active()).to.equal(items()[0]);
    });

    it("follows new messages at the bottom; scrolled up, a 'New messages' button jumps to the newest", async () => {
      mount({ messages: many(40) });
      await nextFrame();
      expect(atBottom()).to.equal(true);
      render({ messages: [...props.messages, say(anna, 'at the bottom')] });
      await nextFrame();
      expect(atBottom(), 'followed while at the bottom').to.equal(true);
      expect($('.la-transcript__jump')).to.equal(null);

      log().scrollTop = 0;
      await waitFor(() => !atBottom() && log().scrollTop === 0, 2000, 'scrolled up');
      await nextFrame();
      render({ messages: [...props.messages, say(anna, 'while reading above')] });
      await nextFrame();
      expect(log().scrollTop, 'not followed while reading above').to.equal(0);
      const jump = await waitFor(() => $<HTMLButtonElement>('.la-transcript__jump'), 2000, 'the New messages button');
      expect(jump.textContent).to.equal('New messages');
      jump.focus();
      await sendKeys({ press: 'Enter' });
      await nextFrame();
      expect(atBottom()).to.equal(true);
      expect($('.la-transcript__jump')).to.equal(null);
      expect(active()!.getAttribute('aria-label')).to.contain('while reading above');

      // Scrolling down by hand to the bottom also dismisses it.
      log().scrollTop = 0;
      await nextFrame();
      render({ messages: [...props.messages, say(anna, 'another')] });
      await waitFor(() => $('.la-transcript__jump'), 2000, 'the button again');
      log().scrollTop = log().scrollHeight;
      await waitFor(() => !$('.la-transcript__jump'), 2000, 'the button gone at the bottom');
    });

    for (const theme of ['dark', 'light'] as const) {
      it(`has no axe violations (${theme} theme)`, async () => {
        const file = message('FileUploaded', anna, 'raport.pdf', { userData: { 'file-name': 'raport.pdf', 'file-size': '2048', 'file-id': 'f1' } });
        const messages = [
          message('ParticipantJoined', visitor),
          message('ParticipantJoined', anna),
          say(anna, 'Hello, see https://example.com', { timestamp: new Date(2026, 4, 12, 9, 0).getTime() }),
          say(anna, '<p>HTML <a href="https://example.com">link</a></p>', { html: true }),
          say(visitor, 'Thanks'),
          say({ type: 'Bot', name: 'Botek' }, 'Bot here'),
          say({ type: 'Supervisor', name: 'Ewa' }, 'Supervisor here'),
          message('PushUrl', anna, 'https://example.com/page'),
          file,
          ...many(30),
        ];
        mount({ messages, typing: 'Anna', connection: 'disconnected', canLoadHistory: true }, { theme });
        await nextFrame();
        log().scrollTop = 0;
        await nextFrame();
        render({ messages: [...props.messages, say(anna, 'new')] });
        await waitFor(() => $('.la-transcript__jump'), 2000, 'the New messages button');
        await expectAccessible(host);
        render({ connection: 'reconnected', historyLoading: true, ended: true });
        await expectAccessible(host);
      });
    }
  });

  describe('scale', () => {
    it('renders 5,000 messages, every one in the DOM, and appends the next', async () => {
      const messages = Array.from({ length: 5000 }, (_, i) =>
        say(i % 3 === 0 ? visitor : anna, `message ${i + 1} https://example.com/${i}`, { timestamp: NOW - 5000 * 1000 + i * 1000 }),
      );
      mount({ messages });
      expect(items()).to.have.length(5000);
      await nextFrame();
      expect(atBottom()).to.equal(true);
      // Lines in boxes of fifty messages (by index) that the browser skips off screen; every line stays in the DOM.
      const boxes = $$('.la-transcript__chunk');
      expect(boxes).to.have.length(new Set(messages.map((m) => Math.floor(m.index / 50))).size);
      expect(getComputedStyle(boxes[0]!).contentVisibility).to.equal('auto');
      const last = items().at(-1)!;
      render({ messages: [...messages, say(anna, 'number 5001')] });
      expect(items()).to.have.length(5001);
      expect(items().at(-2), 'the old rows are kept, not re-created').to.equal(last);
      expect([...live().children].map((p) => p.textContent)).to.deep.equal(['Anna: number 5001']);
    });
  });

  describe('unsent messages (the outbox, issue 13)', () => {
    const line = (id: string, text: string, state: 'sending' | 'sent' | 'failed', error?: string) => ({
      id,
      text,
      state,
      timestamp: NOW - MINUTE,
      ...(error ? { error } : {}),
    });

    it("follow the server's lines in order as the visitor's bubbles with their state; 'Not sent' has its reason, Retry and Edit; axe clean in both themes", async () => {
      const retried: string[] = [];
      const edited: string[] = [];
      mount({
        messages: [say(anna, 'Hello'), say(visitor, 'Hi')],
        pending: [line('p1', 'first', 'sent'), line('p2', 'second', 'sending'), line('p3', 'third', 'failed', 'Message too long')],
        onRetry: (id) => retried.push(id),
        onEdit: (id) => edited.push(id),
      });
      expect(items().map((i) => i.textContent?.replace(/\d\d:\d\d/, '').trim())).to.deep.equal([
        'AAnnaHello',
        'JJanHi',
        'Sentfirst',
        'Sending…second',
        'Not sentthird',
      ]);
      expect(
        items()
          .slice(2)
          .map((i) => i.getAttribute('aria-label')),
      ).to.deep.equal(['You, 11:59: first (Sent)', 'You, 11:59: second (Sending…)', 'You, 11:59: third (Not sent)']);
      expect($$('.la-transcript__reason').map((r) => r.textContent)).to.deep.equal(['Message too long']);
      const retry = $$('button').find((b) => b.textContent === 'Retry')!;
      expect(retry.getAttribute('aria-label')).to.equal('Retry sending: third');
      retry.click();
      expect(retried).to.deep.equal(['p3']);
      expect(active()?.dataset.pending).to.equal('p3', 'focus on the line, whose Retry goes');
      $$('button')
        .find((b) => b.textContent === 'Edit')!
        .click();
      expect(edited).to.deep.equal(['p3']);
      await expectAccessible(host);
      host.internals.states.delete('dark');
      host.internals.states.add('light');
      await expectAccessible(host);
    });

    it('a line that becomes Not sent is announced once; Sending… and Sent are not', async () => {
      mount({ messages: [say(anna, 'Hello')] });
      render({ pending: [line('p1', 'hello?', 'sending')] });
      render({ pending: [line('p1', 'hello?', 'sent')] });
      expect(live().textContent).to.equal('');
      render({ pending: [line('p1', 'hello?', 'sent'), line('p2', 'anyone?', 'failed', 'busy')] });
      render({ pending: [line('p1', 'hello?', 'sent'), line('p2', 'anyone?', 'failed', 'busy')] });
      expect(live().textContent).to.equal('Your message was not sent: anyone?');
    });

    it('they are lines for the arrow keys, never the roving Tab stop (that stays on a server message)', async () => {
      mount({ messages: [say(anna, 'one'), say(anna, 'two')], pending: [line('p1', 'mine', 'sending')] });
      const tabbable = items().filter((i) => i.tabIndex === 0);
      expect(tabbable.map((i) => i.dataset.key)).to.deep.equal(['m2']);
      tabbable[0]!.focus();
      await sendKeys({ press: 'ArrowDown' });
      expect(active()?.dataset.pending).to.equal('p1');
      await sendKeys({ press: 'ArrowUp' });
      expect(active()?.dataset.key).to.equal('m2');
    });
  });
});
