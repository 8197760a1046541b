import { LaElement } from '../common/host.ts';

/**
 * The knowledge search window 'Ask a Question' (plugins-and-infrastructure.md §2): a question box with
 * autocomplete (a WAI-ARIA combobox: from 1 typed character, at most 5 suggestions), Ask and clear;
 * collapsed before the first search, then the answers with 250-character snippets and 'More'; the
 * whole document (sanitised HTML, categories, attachments) with 'Was this helpful?', a star rating and
 * a comment, Back and Close; the no-results and failure views. Opened with
 * `LiveAssist.command('Search.open')` (or the sidebar's Search channel, or the Search side button); the
 * app appends the element when the page has none, and the window manager docks it. It talks to the
 * knowledge centre only through `KnowledgeCenterService` commands.
 *
 * @tag la-search
 * @summary 'Ask a Question' knowledge search window (docked) with the Search side button.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The window opened.
 * @fires la-closed - The window closed.
 * @fires la-searched - A search answered; `detail` is `{ query, count, searchId? }` (`count` 0: no results).
 * @fires la-failed - A search or a document failed (the 'Error!' view); `detail.message`.
 * @fires la-documentopened - A document is shown; `detail` is `{ kbId, docId, title }`.
 * @fires la-voted - 'Was this helpful?' was recorded; `detail` is `{ kbId, docId, relevant }`.
 * @fires la-rated - A star rating with its comment was recorded; `detail` is `{ kbId, docId, rating }`.
 * @fires la-buttondisplayed - The Search side button appeared (after its openDelay).
 * @fires la-buttonhidden - `Search.hideSearchButton` hid the side button.
 * @csspart root - The element's root wrapper.
 * @csspart window - The window.
 * @csspart titlebar - The title bar.
 * @csspart body - The window body.
 * @csspart footer - The 'Powered by' footer.
 * @csspart side-button - The Search side button (`search.sideButton`).
 * @cssprop --la-accent - Accent colour of the Ask button, the stars and links.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-fg - Text colour.
 * @cssprop --la-search-results-height - The answers' and the document's largest height (360px; the whole screen in mobile mode).
 * @cssprop --la-side-button-right - Side button's distance from the right edge (56px; 12px in mobile mode).
 * @cssprop --la-side-button-bottom - Side button's distance from the bottom (16px; 72px in mobile mode).
 */
export class LaSearchElement extends LaElement {
  static override spec = {
    tag: 'la-search',
    plugin: 'Search',
    attributes: { theme: 'string' as const },
    // The side button, without React (the launchers chunk); the window's view only when it opens.
    launcher: () => import('./launcher.ts'),
    mountWhen: 'open' as const,
    view: () => import('./search.view.tsx').then((m) => m.default),
  };
}
