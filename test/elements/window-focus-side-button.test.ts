import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { describeFocus, deepActive, shown, sideButton, sideButtonsConfig, windowOf, type SideButtonTag } from '../helpers/side-buttons.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// A page WITHOUT a <la-sidebar>: the chat, send-message and search windows, each opened with the keyboard from
// its side button (Tab to it, Enter). The button steps aside while its window is open and comes back
// `openDelay` (1000 ms here, the default) after it closes; when the window closes (Escape or its Close button),
// focus goes straight back to that button — shown again at once — and never to <body>: one focus move, to the
// button, so a screen reader announces it once. A window opened by a page command with nothing focused gives
// focus to its side button too; one opened from a page control gives it back to that control.
window.liveAssistConfig = sideButtonsConfig('wfocus-side');

type Tag = SideButtonTag;
const WINDOWS: { tag: Tag; name: string; plugin: 'WebChat' | 'SendMessage' | 'Search' }[] = [
  { tag: 'la-chat', name: 'Chat with us', plugin: 'WebChat' },
  { tag: 'la-send-message', name: 'Send Message', plugin: 'SendMessage' },
  { tag: 'la-search', name: 'Search', plugin: 'Search' },
];

let api: LiveAssistApi;
let sim: Simulator;

/** Every focus move on the page (the focused element itself, through shadow roots) while `run` runs and the window closes. */
function recordFocus(): { moves: Element[]; stop: () => void } {
  const moves: Element[] = [];
  const onFocusIn = (event: FocusEvent) => moves.push(event.composedPath()[0] as Element);
  window.addEventListener('focusin', onFocusIn, true);
  return { moves, stop: () => window.removeEventListener('focusin', onFocusIn, true) };
}

/** Tab from the top of the page until the side button of `tag` has focus (its window's side buttons overlap: no pointer). */
async function tabTo(target: HTMLElement): Promise<void> {
  (document.activeElement as HTMLElement | null)?.blur();
  for (let i = 0; i < 12 && deepActive() !== target; i++) await sendKeys({ press: 'Tab' });
  expect(describeFocus(deepActive()), 'Tab reaches the side button').to.equal(describeFocus(target));
}

/** Opens `tag`'s window from its side button with the keyboard; resolves once focus is inside the window. */
async function openFromSideButton(tag: Tag): Promise<HTMLButtonElement> {
  await waitFor(() => WINDOWS.every((w) => shown(w.tag)), 8000, 'every side button shown');
  const button = sideButton(tag)!;
  await tabTo(button);
  await sendKeys({ press: 'Enter' });
  await waitFor(() => windowOf(tag)?.contains(deepActive()), 6000, `focus in the ${tag} window`);
  expect(shown(tag), 'the side button steps aside while its window is open').to.equal(false);
  expect(button.getAttribute('aria-hidden')).to.equal('true');
  // Long enough for the button to be fully hidden (its fade has run: visibility hidden, not focusable).
  await waitFor(() => getComputedStyle(button).visibility === 'hidden', 2000, 'the side button hidden');
  return button;
}

/**
 * Closes with `close` and checks, in the frame the window is seen gone (no waiting for the button's
 * openDelay), that focus is on `button`, shown and announced as a button; and that focus moved once, to it.
 */
async function expectFocusBackOn(tag: Tag, button: HTMLElement, close: () => Promise<unknown>): Promise<void> {
  const focus = recordFocus();
  try {
    await close();
    await waitFor(() => !windowOf(tag), 4000, `the ${tag} window closed`);
    expect(describeFocus(deepActive()), 'focus when the window has closed').to.equal(describeFocus(button));
    expect(deepActive() === button).to.equal(true);
    expect(shown(tag), 'the side button is back').to.equal(true);
    expect(button.getAttribute('aria-hidden')).to.equal(null);
    expect(button.tabIndex).to.equal(0);
    expect(getComputedStyle(button).visibility).to.equal('visible');
    // One focus move after the close started: to the button (a second move would be announced again).
    expect(focus.moves.map(describeFocus)).to.deep.equal([describeFocus(button)]);
    // And it stays there (nothing takes it away once the delayed show would have run).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(describeFocus(deepActive())).to.equal(describeFocus(button));
    expect(focus.moves).to.have.length(1);
  } finally {
    focus.stop();
  }
}

/** Shift+Tab from the window's first control to its Close button, then Enter. */
async function closeWithButton(tag: Tag): Promise<void> {
  const close = [...windowOf(tag)!.querySelectorAll<HTMLButtonElement>('[part=titlebar] button')].find((b) =>
    b.getAttribute('aria-label')?.startsWith('Close'),
  )!;
  expect(close, 'the Close button').to.not.equal(undefined);
  for (let i = 0; i < 4 && deepActive() !== close; i++) await sendKeys({ press: 'Shift+Tab' });
  expect(describeFocus(deepActive()), 'Shift+Tab reaches Close').to.equal(describeFocus(close));
  await sendKeys({ press: 'Enter' });
}

describe('a page without a sidebar: closing a window opened from its side button gives focus back to that button', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    sim.dispose();
  });

  for (const { tag, name } of WINDOWS) {
    it(`${tag}: Enter on '${name}', Escape closes; focus on the side button, never <body>`, async () => {
      const button = await openFromSideButton(tag);
      expect(button.textContent).to.equal(name);
      await expectFocusBackOn(tag, button, () => sendKeys({ press: 'Escape' }));
    });

    it(`${tag}: Enter on '${name}', the window's Close button; focus on the side button, never <body>`, async () => {
      const button = await openFromSideButton(tag);
      await expectFocusBackOn(tag, button, () => closeWithButton(tag));
    });
  }

  it('under prefers-reduced-motion (the button hides at once, so focus left it before the window opened): Escape puts focus on it', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      for (const { tag } of WINDOWS) {
        const button = await openFromSideButton(tag);
        await expectFocusBackOn(tag, button, () => sendKeys({ press: 'Escape' }));
      }
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  for (const { tag, plugin } of WINDOWS) {
    it(`${tag}: opened by a page command with nothing focused, Escape gives focus to its side button`, async () => {
      await waitFor(() => WINDOWS.every((w) => shown(w.tag)), 8000, 'every side button shown');
      (document.activeElement as HTMLElement | null)?.blur();
      await api.command(`${plugin}.open`);
      await waitFor(() => windowOf(tag)?.contains(deepActive()), 6000, `focus in the ${tag} window`);
      const button = sideButton(tag)!;
      await waitFor(() => getComputedStyle(button).visibility === 'hidden', 2000, 'the side button hidden');
      await expectFocusBackOn(tag, button, () => sendKeys({ press: 'Escape' }));
    });
  }

  it('send-message opened from a page control: Escape gives focus back to that control, not to the side button', async () => {
    await waitFor(() => WINDOWS.every((w) => shown(w.tag)), 8000, 'every side button shown');
    const opener = document.createElement('button');
    opener.textContent = 'Write to us';
    opener.addEventListener('click', () => void api.command('SendMessage.open').catch(() => undefined));
    document.body.prepend(opener);
    try {
      opener.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => windowOf('la-send-message')?.contains(deepActive()), 6000, 'focus in the send-message window');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !windowOf('la-send-message'), 4000, 'the window closed');
      expect(describeFocus(deepActive())).to.equal(describeFocus(opener));
      // The side button comes back after its delay, as it always did.
      expect(shown('la-send-message')).to.equal(false);
      await waitFor(() => shown('la-send-message'), 4000, 'the side button after openDelay');
      expect(deepActive() === opener, 'focus still on the page control').to.equal(true);
    } finally {
      opener.remove();
    }
  });
});
