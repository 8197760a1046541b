/**
 * What intent preloads, in a chunk of its own: the load graph, the windows' companions and which windows
 * a page is likely to open. None of it is in the loader, which every page pays for: src/preload.ts
 * imports this chunk the first time something is preloaded — at idle with `preload: 'idle'` (which
 * needs it then), on the first intent with `'intent'` — the level before every file of the window at
 * once. It imports no loader code (rollup.config.mjs): the app is handed in.
 */
import type { App } from './app/app.ts';

/**
 * The load graph: the build writes it over the marker below (rollup.config.mjs `preloadGraph`). Unbuilt
 * (the unit tests) the marker stays and nothing is preloaded.
 */
const graph: string = '__LA_PRELOAD__';
export default graph;

/**
 * The plugins a window's plugin commands as it opens (its service, the window manager …): their code is
 * fetched with it, in the same round trip. test/e2e/loader.test.mjs checks each is commanded by its plugin
(and test/bench/bench.mjs reads this table for its load levels).
 */
export const COMPANIONS: Readonly<Record<string, readonly string[]>> = {
  Callback: ['CallbackService', 'Calendar', 'WindowManager'],
  SendMessage: ['SendMessageService', 'WindowManager'],
  WebChat: ['WebChatService', 'WindowManager'],
  Search: ['KnowledgeCenterService', 'WindowManager'],
  CallUs: ['Overlay'],
  ChannelSelector: ['Overlay', 'StatsService'],
  Sidebar: ['StatsService'],
};

/**
 * What to preload for `plugins` (and, with `likely`, for the windows a visitor is likely to open from
 * this page): each with its companions, the React runtime, and for the chat its configured transport's
 * module — the names `filesOf` looks up in the graph. Never throws: a host object whose getter throws
 * only means less is preloaded.
 */
export function preloadNames(app: App, plugins: readonly string[], likely = false): string[] {
  let wanted = [...plugins];
  try {
    if (likely) wanted = [...likelyPlugins(app), ...plugins];
  } catch {
    // a getter of the host's configuration threw: the plugins asked for only
  }
  return ['runtime', ...wanted.flatMap((p) => [p, ...(COMPANIONS[p] ?? []), ...(p === 'WebChat' || p === 'WebChatService' ? [chatTransport(app)] : [])])];
}

/**
 * The chat's transport module in the load graph, `transport:<type>`, as src/plugins/webchat-config.ts
 * `transportTypeOf` chooses it (`cometD.enabled`, else `transport.type`, 'rest' by default). Read by hand
 * (no valibot here): a malformed value only means the transport is fetched when the chat asks.
 */
function chatTransport(app: App): string {
  try {
    const chat = app.section('webchat') as { cometD?: { enabled?: unknown } | null; transport?: { type?: unknown } | null };
    return `transport:${chat.cometD?.enabled === true ? 'cometd' : String(chat.transport?.type ?? 'rest')}`;
  } catch {
    return 'transport:rest'; // a getter of the host's object threw
  }
}

/**
 * The windows a visitor is likely to open from this page: the sidebar's channels (the plugin of each
 * `clickCommand`), the chat when a `webchat` section is configured, and the side buttons configured
 * visible. Read by hand (no valibot here): a malformed entry only means less is preloaded.
 */
function likelyPlugins(app: App): string[] {
  const found = new Set<string>();
  const sidebar = app.section('sidebar');
  if (app.window.document.querySelector('la-sidebar') || Object.keys(sidebar).length > 0) found.add('Sidebar');
  const channels = Array.isArray(sidebar.channels) ? (sidebar.channels as unknown[]) : [];
  for (const channel of channels.slice(0, 50)) {
    const command = (channel as { clickCommand?: unknown } | null)?.clickCommand;
    if (typeof command === 'string' && /^[A-Za-z]\w*\./.test(command)) found.add(command.slice(0, command.indexOf('.')));
  }
  if ((app.section('webchat') as { transport?: unknown }).transport) found.add('WebChat');
  for (const [section, plugin] of [['sendmessage', 'SendMessage'], ['search', 'Search']] as const) {
    if ((app.section(section).sideButton as { visible?: unknown } | null | undefined)?.visible === true) found.add(plugin);
  }
  return [...found];
}
