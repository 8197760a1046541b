/**
 * The bench's transcript page (test/bench/bench.mjs bundles it with esbuild, production React): the
 * chat transcript with N messages in a shadow root with the library's sheets, beside a textarea whose
 * text is state of the same parent, so every keystroke re-renders the parent and hands the transcript
 * the same props again (the worst case for the chat window). `window.__transcriptBench` measures:
 * - `append()`: one message appended (flushSync) → the end of the next frame;
 * - `nextKeystroke()`: resolves after the next key typed into the textarea has been painted.
 * Each result is split into script time (the React update, or keydown → input handled) and rendering
 * time (the frame's style, layout and paint: from its requestAnimationFrame to the task after it), so
 * the wait for the frame's vsync is not counted as work.
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { ViewContext, type ViewContextValue } from '../../elements/common/context.ts';
import { Transcript } from '../../elements/chat/transcript/index.tsx';
import { createTranslator } from '../../src/app/i18n.ts';
import type { Environment } from '../../src/app/environment.ts';
import type { TranscriptMessage } from '../../src/plugins/webchat-service/webchat-service.api.ts';
import en from '../../locales/en.json' with { type: 'json' };
import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };
import chrome from '../../styles/chrome.css' with { type: 'css' };
import transcriptSheet from '../../styles/chat-transcript.css' with { type: 'css' };

interface Timing {
  scriptMs: number;
  renderMs: number;
  totalMs: number;
}

declare global {
  interface Window {
    __transcriptBench: {
      mount(count: number, cards?: number): Promise<{ mountMs: number; lines: number; cards: number }>;
      append(card?: boolean): Promise<Timing>;
      nextKeystroke(): Promise<Timing>;
    };
  }
}

const frame = new CSSStyleSheet();
frame.replaceSync('.frame { display: flex; flex-direction: column; width: 400px; height: 640px; } textarea { font: inherit; height: 60px; }');

const start = Date.now() - 10 * 3600_000;
let next = 1;
/** Every `cardEvery`th message is a bot's structured card (rich media), 0: none. */
let cardEvery = 0;
function message(card = cardEvery > 0 && next % cardEvery === 0): TranscriptMessage {
  const index = next++;
  const agent = index % 3 !== 0;
  if (card)
    return {
      index,
      type: 'Structured',
      text: `Card ${index}`,
      timestamp: start + index * 7000,
      html: false,
      from: { id: 'b1', type: 'Bot', name: 'Bot' },
      rich: {
        contentType: 'generic',
        id: `rm${index}`,
        content: [
          {
            id: 'c',
            type: 'generic',
            title: `Topic ${index}`,
            desc: 'A **card** with a [link](https://example.com/)',
            components: [
              { id: 'b', type: 'button', text: 'More', actions: { url: `https://example.com/${index}` } },
              { id: 'q', type: 'button', text: 'Yes' },
            ],
          },
        ],
      },
    };
  return {
    index,
    type: 'Message',
    text: `Message ${index}: a line of the conversation, with an address www.example.com/${index} now and then`,
    timestamp: start + index * 7000,
    html: false,
    from: agent ? { id: 'a1', type: 'Agent', name: 'Anna' } : { id: 'c1', type: 'Client', name: 'Jan' },
  };
}

/** The end of the next frame: `renderStart` when its requestAnimationFrame runs, `end` in the task after it. */
function afterNextFrame(): Promise<{ renderStart: number; end: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const renderStart = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ renderStart, end: performance.now() });
      channel.port2.postMessage(0);
    }),
  );
}

let appendOne: (card?: boolean) => void = () => undefined;

function Bench({ initial }: { initial: TranscriptMessage[] }) {
  const [messages, setMessages] = useState(initial);
  const [text, setText] = useState('');
  appendOne = (card) => setMessages((list) => [...list, message(card)]);
  return (
    <>
      <Transcript messages={messages} onDownload={() => undefined} />
      <textarea aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
    </>
  );
}

window.__transcriptBench = {
  async mount(count, cards = 0) {
    cardEvery = cards ? Math.floor(count / cards) : 0;
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [tokens, base, chrome, transcriptSheet, frame];
    const container = document.createElement('div');
    container.className = 'la-root frame';
    shadow.append(container);
    const environment = new BehaviorSubject<Environment>({ theme: 'dark', mobile: false, lang: 'en', timeFormat: 24 });
    const bus = { command: () => Promise.resolve(), channelCommand: () => Promise.resolve() };
    const context = { app: { environment, t: createTranslator('en', en, en), section: () => ({}), bus }, host } as unknown as ViewContextValue;
    const initial = Array.from({ length: count }, message);
    const t0 = performance.now();
    flushSync(() =>
      createRoot(container).render(
        <ViewContext.Provider value={context}>
          <Bench initial={initial} />
        </ViewContext.Provider>,
      ),
    );
    await afterNextFrame();
    // The rich-media code arrives with the first card (a lazy import): the mount counts until the cards are drawn.
    for (let i = 0; cards && i < 500 && shadow.querySelectorAll('.la-rich').length < cards; i++) await afterNextFrame();
    return { mountMs: performance.now() - t0, lines: shadow.querySelectorAll('[data-item]').length, cards: shadow.querySelectorAll('.la-rich').length };
  },

  async append(card) {
    const t0 = performance.now();
    flushSync(() => appendOne(card));
    const scriptMs = performance.now() - t0;
    const { renderStart, end } = await afterNextFrame();
    return { scriptMs, renderMs: end - renderStart, totalMs: scriptMs + end - renderStart };
  },

  nextKeystroke() {
    return new Promise((resolve) => {
      let keydown = 0;
      window.addEventListener('keydown', () => (keydown = performance.now()), { capture: true, once: true });
      // Bubbling to the window comes after React's listener on the root: the update is done.
      window.addEventListener(
        'input',
        () => {
          const scriptMs = performance.now() - keydown;
          void afterNextFrame().then(({ renderStart, end }) => resolve({ scriptMs, renderMs: end - renderStart, totalMs: scriptMs + end - renderStart }));
        },
        { once: true },
      );
    });
  },
};
