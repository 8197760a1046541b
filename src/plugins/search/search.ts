import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { readSection } from '../../app/section.ts';
import { searchMachine, searchMessages as M } from '../../../machines/search.machine.ts';
import { sideButtonMachine, sideButtonMessages } from '../../../machines/side-button.machine.ts';
import { readSearchSection, searchSection, type SearchSettings } from './search-config.ts';

export type SearchActor = ActorRefFrom<typeof searchMachine>;
export type SearchSideButtonActor = ActorRefFrom<typeof sideButtonMachine>;

/** What the plugin hands to `<la-search>`'s view. */
export interface SearchController {
  actor: SearchActor;
  /** The Search side button's visibility (the shared side-button machine). */
  sideButton: SearchSideButtonActor;
  settings(): SearchSettings;
  /** The side button was activated: runs `search.sideButton.clickCommand` (commander `Search`). */
  clickSideButton(): Promise<unknown>;
}

export const SEARCH_WIDTH_PX = 360;
const TAG = 'la-search';

const isEmpty = (options: unknown) => !options || typeof options !== 'object' || Array.isArray(options) || Object.keys(options).length === 0;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The Search plugin: the 'Ask a Question' window (plugins-and-infrastructure.md §2, §4, §7 "Bus commands
 * exposed"). It owns the window's actor and the side button's, answers Search.* commands (rejections
 * from the machines' `can`), reaches the knowledge centre only through KnowledgeCenterService commands,
 * publishes the window's events, and docks the window through the WindowManager. docs/elements/search.md.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Search');
  let settings = readSearchSection(app.section('search'));
  const meta = { commander: 'Search' };
  const actor: SearchActor = createActor(
    searchMachine.provide({
      actors: {
        search: fromPromise(({ input }) => app.bus.command('KnowledgeCenterService.search', { query: input.query }, meta)),
        fetchSuggestions: fromPromise(async ({ input }) =>
          settings.autocomplete ? app.bus.command('KnowledgeCenterService.getSuggestions', { text: input.text }, meta) : [],
        ),
        fetchDocument: fromPromise(({ input }) => app.bus.command('KnowledgeCenterService.getFullContent', { kbId: input.kbId, docId: input.docId }, meta)),
        sendVote: fromPromise(({ input }) => app.bus.command('KnowledgeCenterService.vote', input, meta)),
        sendRating: fromPromise(({ input }) => app.bus.command('KnowledgeCenterService.vote', input, meta)),
      },
    }),
  ).start();

  const sideButtonOptions = ({ openDelay, effect, effectDuration }: SearchSettings['sideButton']) => ({ openDelay, effect, effectDuration });
  const sideButton: SearchSideButtonActor = createActor(sideButtonMachine, { input: sideButtonOptions(settings.sideButton) }).start();
  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section !== 'search') return;
    settings = readSearchSection(app.section('search'));
    sideButton.send({ type: 'configure', ...sideButtonOptions(settings.sideButton) });
  });
  sideButton.on('displayed', () => plugin.publish('buttonDisplayed', undefined));
  sideButton.on('hidden', () => plugin.publish('buttonHidden', undefined));

  actor.on('*', (emitted) => {
    const { type, ...data } = emitted;
    if (type === 'opened') {
      app.ensureElement(TAG);
      sideButton.send({ type: 'window.open' });
      void app.bus.command('WindowManager.dock', { plugin: 'Search', width: SEARCH_WIDTH_PX }, meta);
    } else if (type === 'closed') {
      sideButton.send({ type: 'window.close' });
      void app.bus.command('WindowManager.undock', { plugin: 'Search' }, meta);
    } else if (emitted.type === 'searched' && emitted.count === 0) {
      // A question the knowledge base did not answer is reported to it (§7 "unanswered").
      const { query, searchId } = emitted;
      void app.bus.command('KnowledgeCenterService.unanswered', { query, ...(searchId ? { searchId } : {}) }, meta).catch(() => undefined);
    } else if (emitted.type === 'documentOpened') {
      void app.bus.command('KnowledgeCenterService.visit', { kbId: emitted.kbId, docId: emitted.docId }, meta).catch(() => undefined);
    }
    // The machine's events under the same names: Search.opened … Search.rated (payloads without `type`).
    plugin.publish(type, (type === 'opened' || type === 'closed' ? undefined : data) as never);
  });

  const open = () => {
    if (!actor.getSnapshot().can({ type: 'open' })) return false;
    actor.send({ type: 'open' });
    return true;
  };
  plugin.registerCommand('open', (options) => {
    if (!open()) throw new Error(M.alreadyOpened);
    // `{ query }` asks it at once (the window opens expanded on its answer).
    const query = text(options && typeof options === 'object' ? options.query : undefined);
    if (query) actor.send({ type: 'search', query });
  });
  plugin.registerCommand('openDocument', (options) => {
    const ref = options && typeof options === 'object' ? { kbId: text(options.kbId), docId: text(options.docId) } : { kbId: '', docId: '' };
    if (!ref.kbId || !ref.docId) throw new Error(M.missingArguments);
    // Opens the window when it is closed; an open one shows the document in place of its list.
    open();
    actor.send({ type: 'document.open', ...ref });
  });
  plugin.registerCommand('close', () => {
    if (!actor.getSnapshot().can({ type: 'close' })) throw new Error(M.alreadyClosed);
    actor.send({ type: 'close' });
  });
  plugin.registerCommand('configure', (options) => {
    if (isEmpty(options)) throw new Error(M.invalidConfiguration);
    const next = { ...app.section('search'), ...options };
    const [issue] = readSection('search', next, searchSection, () => undefined).issues;
    if (issue) throw new Error(`${M.invalidConfiguration}: ${issue.path} ${issue.message}`);
    app.configure('search', next);
  });
  // The side button renders in the element's view: the page needs the element to show it.
  const showButton = () => {
    app.ensureElement(TAG);
    sideButton.send({ type: 'show' });
  };
  plugin.registerCommand('showSearchButton', () => {
    if (!sideButton.getSnapshot().can({ type: 'show' })) throw new Error(sideButtonMessages.alreadyVisible);
    showButton();
  });
  plugin.registerCommand('hideSearchButton', () => {
    if (!sideButton.getSnapshot().can({ type: 'hide' })) throw new Error(sideButtonMessages.alreadyHidden);
    sideButton.send({ type: 'hide' });
  });
  app.bus.subscribe('App.closeAll', () => {
    if (actor.getSnapshot().can({ type: 'close' })) actor.send({ type: 'close' });
  });

  const controller: SearchController = {
    actor,
    sideButton,
    settings: () => settings,
    clickSideButton: () => app.bus.channelCommand(settings.sideButton.clickCommand, settings.sideButton.clickOptions, meta),
  };
  app.provide('Search', controller);
  if (settings.sideButton.visible && app.window.document.body) showButton();
  plugin.ready();
}
