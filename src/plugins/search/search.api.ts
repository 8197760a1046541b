/**
 * The Search plugin's public vocabulary, type-only: its bus commands and events and the controller it
 * provides to `<la-search>`. `src/index.ts` re-exports this module so the published types declare
 * them (see src/bus/types.ts). Behaviour and messages: docs/elements/search.md.
 */
import type { SearchController } from './search.ts';
import type { SearchSettings } from './search-config.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /** Opens the window (collapsed); `{ query }` asks it at once. Rejects 'Already opened'. */
    'Search.open': { options: { query?: string } | void; result: void };
    /** Opens the window (if closed) on one document. Rejects 'All mandatory arguments must be provided' without both ids. */
    'Search.openDocument': { options: { kbId: string; docId: string }; result: void };
    /** Closes the window. Rejects 'Already closed'. */
    'Search.close': { options: void; result: void };
    /** Shows the Search side button after its openDelay. Rejects 'Button already visible'. */
    'Search.showSearchButton': { options: void; result: void };
    /** Hides the Search side button. Rejects 'Button already hidden'. */
    'Search.hideSearchButton': { options: void; result: void };
    /** Merges options into the `search` section; empty or bad options reject ('Invalid configuration…'). */
    'Search.configure': { options: Partial<SearchSettings>; result: void };
  }
  interface Events {
    'Search.opened': void;
    'Search.closed': void;
    /** A search answered (`count` 0: the no-results view). */
    'Search.searched': { query: string; count: number; searchId?: string };
    /** A search or a document failed: the failure view ('Error!'). */
    'Search.failed': { message: string };
    'Search.documentOpened': { kbId: string; docId: string; title: string };
    /** 'Was this helpful?' was answered and recorded. */
    'Search.voted': { kbId: string; docId: string; relevant: boolean };
    /** A star rating with its comment was recorded. */
    'Search.rated': { kbId: string; docId: string; rating: number };
    'Search.buttonDisplayed': void;
    'Search.buttonHidden': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Search: SearchController;
  }
}
