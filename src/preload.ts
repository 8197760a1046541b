/**
 * Fetching without evaluating: `<link rel=modulepreload>` for the chunks a plugin, its view and the
 * React runtime need, all at once. The load graph (every plugin's files, its view's, the runtime's and
 * each chat transport's, the static closure of each: rollup.config.mjs `preloadGraph`), with the
 * windows' companions and the rule for the likely windows, is a small chunk of its own
 * (src/load-graph.ts), imported the first time something is preloaded: at idle with
 * `preload: 'idle'`, on the first intent with `'intent'`; after intent a window then needs at most two
 * sequential fetch levels (the graph, then all its files). Unbuilt (the Node and browser unit tests)
 * the graph holds its marker and nothing is preloaded. A module preloaded is fetched and compiled but
 * not run: it runs when its `import()` asks for it; `preload: 'idle'` only prefetches the files into
 * the HTTP cache, which adds bytes and no script time. Only the link's `rel`, `crossOrigin` and `href`
 * are set (no Trusted Types sink).
 */
import type { App, PreloadOptions } from './app/app.ts';

interface LoadGraph {
  /** Chunk file names, relative to the loader. */
  f: string[];
  /** Per plugin name, `runtime` and `transport:<type>`: indices into `f`. */
  p: Record<string, number[]>;
}
type GraphModule = typeof import('./load-graph.ts');

let graph: Promise<{ g: LoadGraph | null; names: GraphModule['preloadNames'] } | null> | undefined;
const read = () =>
  (graph ??= import('./load-graph.ts').then(
    ({ default: text, preloadNames: names }) => {
      try {
        return { g: JSON.parse(text) as LoadGraph, names };
      } catch {
        return { g: null, names }; // unbuilt: the marker
      }
    },
    () => {
      graph = undefined; // not fetched (offline): asked again next time
      return null;
    },
  ));

/**
 * The files to preload for `plugins` (with `likely`, also for the windows a visitor is likely to open
 * from this page), each with its companions, the runtime and the chat's transport, relative to the loader.
 */
export async function filesOf(app: App, plugins: readonly string[], likely = false): Promise<string[]> {
  const loaded = await read();
  const g = loaded?.g;
  if (!g) return [];
  const names = loaded.names(app, plugins, likely);
  return [...new Set(names.flatMap((name) => (Object.hasOwn(g.p, name) ? g.p[name]! : [])))].map((i) => g.f[i]!);
}

/**
 * A preloader for one page: each file is linked once per kind, resolved against the loader's own URL
 * (`base`, its `import.meta.url`), as its `import()` will resolve it. `idle` links `prefetch`: the file
 * goes into the HTTP cache only, at the lowest priority, and nothing of it is parsed or compiled on the
 * page's main thread (a `modulepreload` is compiled at once: about 110 ms of script at 4× for the four
 * windows of a sidebar). Intent links `modulepreload`, served from that cache: the module map then has
 * every file ready for the `import()`s. `crossOrigin` makes the prefetch a CORS request as a module
 * fetch is, so a loader on another origin (a CDN) reuses it.
 */
export function createPreloader(doc: Document, base: string): (app: App, plugins: readonly string[], how: PreloadOptions) => void {
  const linked = new Set<string>();
  return (app, plugins, { idle = false, likely = false }) => {
    const rel = idle ? 'prefetch' : 'modulepreload';
    void filesOf(app, plugins, likely).then((files) => {
      for (const file of files) {
        if (linked.has(`${rel} ${file}`)) continue;
        linked.add(`${rel} ${file}`);
        const link = doc.createElement('link');
        link.rel = rel;
        link.crossOrigin = 'anonymous';
        link.href = new URL(file, base).href;
        doc.head.append(link);
      }
    });
  };
}
