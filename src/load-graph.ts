/**
 * What intent preloads, in a chunk of its own: the load graph, the windows' companions and which windows
 * a page is likely to open. None of it is in the loader, which every page pays for: src/preload.ts
 * imports this chunk the first time something is preloaded — at idle with `preload: 'idle'` (which
 * needs it then), on the first intent with `'intent'` — the level before every file of the window at
 * once. It imports no loader code (rollup.config.mjs): the app is handed in.
 */
import type { App, PreloadOptions } from './app/app.ts';
import { chatMayComeBack } from './app/chat-return.ts';
import { rows } from './widgets.ts';

/**
 * The load graph: the build writes it over the marker below (rollup.config.mjs `preloadGraph`). Unbuilt
 * (the unit tests) the marker stays and nothing is preloaded.
 */
const graph: string = '__LA_PRELOAD__';
export default graph;

/**
 * The plugins a window's plugin commands as it opens (its service, the window manager …), from the
 * registry (src/widgets.ts `companions`): their code is fetched with it, in the same round trip.
 * test/e2e/loader.test.mjs checks each is commanded by its plugin.
 */
export const COMPANIONS: Readonly<Record<string, readonly string[]>> = tableOf('companions');

/**
 * The plugins a window needs only after its first frame (src/widgets.ts `afterOpen`): the idle prefetch
 * puts their code into the HTTP cache with the window's, but intent does not fetch them, so an open
 * neither links nor compiles them. The chat session is the exception where a chat may come back (its
 * session cookie, or a page that keeps an asynchronous chat: src/app/chat-return.ts): the window opens
 * on it, so intent fetches it.
 */
export const AFTER_OPEN: Readonly<Record<string, readonly string[]>> = tableOf('afterOpen');

function tableOf(field: 'companions' | 'afterOpen'): Record<string, readonly string[]> {
  return Object.fromEntries(rows.flatMap((row) => (row[field] ? [[row.plugins[0], row[field]]] : [])));
}

/**
 * What to preload for `plugins` (and, with `likely`, for the windows a visitor is likely to open from
 * this page, after the asked ones): each with its companions (and, for the idle prefetch or where the
 * window opens on them, its `AFTER_OPEN` plugins), and for the chat service its configured transport's
 * module, after the React runtime unless `runtime` is false (a plugin without a view: the sidebar's
 * actor loaded when idle must not compile React) — the names `filesOf` looks up in the graph. Never
 * throws: a host object whose getter throws only means less is preloaded.
 */
export function preloadNames(app: App, plugins: readonly string[], likely = false, runtime = true, idle = false): string[] {
  let wanted = [...plugins];
  try {
    if (likely) wanted = [...plugins, ...likelyPlugins(app)];
  } catch {
    // a getter of the host's configuration threw: the plugins asked for only
  }
  const now = (p: string) => idle || (p === 'WebChat' && chatMayComeBack(app));
  const withOwn = (p: string): string[] => [p, ...(p === 'WebChatService' ? [chatTransport(app)] : [])];
  const companions = (p: string): string[] => [...(COMPANIONS[p] ?? []), ...(AFTER_OPEN[p] && now(p) ? AFTER_OPEN[p] : [])].flatMap(withOwn);
  return [...new Set([...(runtime ? ['runtime'] : []), ...[...new Set(wanted)].flatMap((p) => [...withOwn(p), ...companions(p)])])];
}

/** Widgets' transport names, as webchat-config.ts `TRANSPORT_ALIASES` reads them (a test keeps the two equal). */
export const SITE_NAMES: Readonly<Record<string, string>> = { 'pureengage-v3-rest': 'ngrest', 'purecloud-v2-sockets': 'cloud' };

/**
 * The chat's transport module in the load graph, `transport:<type>`, as src/plugins/shared/webchat-config.ts
 * `transportTypeOf` chooses it (`cometD.enabled`, else `transport.type`, 'rest' by default). Read by hand
 * (no valibot here): a malformed value only means the transport is fetched when the chat asks.
 */
function chatTransport(app: App): string {
  try {
    const chat = app.section('webchat') as {
      cometD?: { enabled?: unknown } | null;
      transport?: { type?: unknown; deploymentId?: unknown; organizationId?: unknown } | null;
    };
    const t = chat.transport;
    // Widgets' sockets name with a messaging deployment (no organizationId) is Web Messaging (settings.ts).
    const type = t?.type === 'purecloud-v2-sockets' && t.deploymentId && !t.organizationId ? 'webmessaging' : String(t?.type ?? 'rest');
    return `transport:${chat.cometD?.enabled === true ? 'cometd' : (SITE_NAMES[type] ?? type)}`;
  } catch {
    return 'transport:rest'; // a getter of the host's object threw
  }
}

/**
 * The windows a visitor is likely to open from this page: the sidebar's channels (the plugin of each
 * `clickCommand`), and each registry row whose element is in the page or whose `likely` option is set
 * (src/widgets.ts). Read by hand (no valibot here): a malformed entry only means less is preloaded.
 */
function likelyPlugins(app: App): string[] {
  const found = new Set<string>();
  for (const row of rows) {
    if (!row.likely) continue;
    const section = app.section(row.likely.section);
    // A page that draws the chat itself (`webchat.headless`) never opens the chat window.
    if (section.headless === true) continue;
    const option = row.likely.option?.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], section);
    const set = row.likely.option ? option === true || (typeof option === 'object' && option !== null) : Object.keys(section).length > 0;
    if (set || row.elements?.some((tag) => app.window.document.querySelector(tag))) found.add(row.plugins[0]!);
  }
  const sidebar = app.section('sidebar');
  const channels = Array.isArray(sidebar.channels) ? (sidebar.channels as unknown[]) : [];
  for (const channel of channels.slice(0, 50)) {
    const command = (channel as { clickCommand?: unknown } | null)?.clickCommand;
    if (typeof command === 'string' && /^[A-Za-z]\w*\./.test(command)) found.add(command.slice(0, command.indexOf('.')));
  }
  return [...found];
}

interface LoadGraph {
  /** Chunk file names, relative to the loader. */
  f: string[];
  /** Per plugin name, `runtime` and `transport:<type>`: indices into `f`. */
  p: Record<string, number[]>;
  /** Per plugin with an element's view: the view's files its plugin's do not hold (they need the runtime). */
  v?: Record<string, number[]>;
}

let parsed: LoadGraph | null | undefined;
const read = (): LoadGraph | null => {
  if (parsed === undefined) {
    try {
      parsed = JSON.parse(graph) as LoadGraph;
    } catch {
      parsed = null; // unbuilt: the marker
    }
  }
  return parsed;
};

/**
 * The files to preload for `plugins` (with `likely`, also for the windows a visitor is likely to open
 * from this page), each with its companions, the chat's transport and (unless `runtime` is false, or
 * `view` asks for a plugin's view) its view and the React runtime, relative to the loader; the asked
 * plugins' files first.
 */
export function filesOf(app: App, plugins: readonly string[], { likely = false, runtime = true, view = false, idle = false }: PreloadOptions = {}): string[] {
  const g = read();
  if (!g) return [];
  const of = (table: Record<string, number[]> | undefined, name: string) => (table && Object.hasOwn(table, name) ? table[name]! : []);
  // A command loads a plugin whose view mounts on open (the chat's, say): its window opens next, so its
  // view and the runtime are fetched beside it, not after it (the App evaluates the runtime meanwhile).
  if (view && withView(plugins)) runtime = true;
  const names = preloadNames(app, plugins, likely, runtime, idle);
  // A view's files only with the runtime: a plugin loading without it (the chat's for its button) compiles no React.
  return [...new Set(names.flatMap((name) => [...of(g.p, name), ...(runtime ? of(g.v, name) : [])]))].map((i) => g.f[i]!);
}

/** Whether one of `plugins` has an element's view in the graph (unbuilt: none). */
export function withView(plugins: readonly string[]): boolean {
  const views = read()?.v ?? {};
  return plugins.some((p) => Object.hasOwn(views, p));
}

/** Main-thread time (ms) one task may spend linking files before it yields (a link costs 1–4 ms at 4× CPU). */
const SLICE_MS = 4;
/**
 * Links put in the document with one append: 30 links cost 17–31 ms at 4× CPU appended as one fragment,
 * 32–52 ms one by one (the head's change is handled once per append).
 */
export const LINK_BATCH = 4;

/**
 * The linker of one page (src/preload.ts hands each preload to it): each file is linked once per kind, resolved against the loader's own URL
 * (`base`, its `import.meta.url`), as its `import()` will resolve it. `idle` links `prefetch`: the file
 * goes into the HTTP cache only, at the lowest priority, and nothing of it is parsed or compiled on the
 * page's main thread (a `modulepreload` is compiled at once: about 110 ms of script at 4× for the four
 * windows of a sidebar). Intent links `modulepreload`, served from that cache: the module map then has
 * every file ready for the `import()`s. `crossOrigin` makes the prefetch a CORS request as a module
 * fetch is, so a loader on another origin (a CDN) reuses it.
 *
 * Linking is not free — inserting a link costs 1–4 ms of main thread at 4× CPU, 40–150 ms for the 37
 * files of a sidebar's windows in one go — so they are appended `LINK_BATCH` at a time (one append for
 * several costs about half as much), in slices of at most `SLICE_MS`: intent's
 * in tasks of their own (the asked window's files first; a click waiting behind them waits one slice,
 * not all of them), the idle prefetch's in idle periods (`requestIdleCallback`), never a long task.
 * A command whose window opens next (`view`, `hasView`) is the exception: the visitor waits for all of
 * its files, so they are linked at once, in the call.
 */
export function createLinker(
  doc: Document,
  base: string,
  files: typeof filesOf = filesOf,
  hasView: typeof withView = withView,
): (app: App, plugins: readonly string[], how: PreloadOptions) => void {
  const linked = new Set<string>();
  const queues: Record<'modulepreload' | 'prefetch', string[]> = { modulepreload: [], prefetch: [] };
  const win = doc.defaultView ?? window;
  const pending = { modulepreload: false, prefetch: false };
  const link = (rel: 'modulepreload' | 'prefetch', file: string) => {
    const element = doc.createElement('link');
    element.rel = rel;
    element.crossOrigin = 'anonymous';
    element.href = new URL(file, base).href;
    return element;
  };
  // One slice: links until its time is up (for the prefetch also the idle period's own deadline); the
  // prefetch also stops as soon as intent has modulepreloads waiting (they have a task of their own).
  const drain = (rel: 'modulepreload' | 'prefetch', deadline?: IdleDeadline) => {
    pending[rel] = false;
    const start = performance.now();
    // An idle period may be 50 ms long; a slice is still at most SLICE_MS (at 1× a link costs 0.5–4 ms,
    // and Lighthouse's simulated 4× CPU charges a task over 12.5 ms at 1× as blocking).
    const room = () => performance.now() - start < SLICE_MS && (!deadline || deadline.timeRemaining() > 1);
    const queue = queues[rel];
    while (queue.length && !(rel === 'prefetch' && queues.modulepreload.length)) {
      doc.head.append(...queue.splice(0, LINK_BATCH).map((file) => link(rel, file)));
      if (!room()) break;
    }
    schedule();
  };
  const schedule = () => {
    if (queues.modulepreload.length && !pending.modulepreload) {
      pending.modulepreload = true;
      win.setTimeout(() => drain('modulepreload'), 0);
    }
    if (queues.prefetch.length && !pending.prefetch) {
      pending.prefetch = true;
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback((deadline) => drain('prefetch', deadline), { timeout: 2000 });
      else win.setTimeout(() => drain('prefetch'), 0);
    }
  };
  return (app, plugins, how) => {
    // A command's plugin whose view mounts on open (the App asks for the runtime beside its load).
    const opening = Boolean(how.view && !how.idle && hasView(plugins));
    const rel = how.idle ? 'prefetch' : 'modulepreload';
    for (const file of files(app, plugins, how)) {
      if (linked.has(`${rel} ${file}`)) continue;
      linked.add(`${rel} ${file}`);
      queues[rel].push(file);
    }
    // The window opens next and the visitor waits for every one of these files: all linked now, in one
    // append. In slices, tasks of the page and of the open ran between them, and a search's last files
    // (its service, the window manager) were asked for 50 ms after its first at 4× CPU.
    if (opening && queues.modulepreload.length) doc.head.append(...queues.modulepreload.splice(0).map((file) => link('modulepreload', file)));
    schedule();
  };
}
