/**
 * Fetching without evaluating: `<link rel=modulepreload>` for the chunks a plugin, its view and the
 * React runtime need, all at once. The load graph (every plugin's files, its view's, the runtime's and
 * each chat transport's, the static closure of each: rollup.config.mjs `preloadGraph`) is a small chunk
 * of its own (src/load-graph.ts), imported the first time something is preloaded: at idle with
 * `preload: 'idle'`, on the first intent with `'intent'`; after intent a window then needs at most two
 * sequential fetch levels (the graph, then all its files). Unbuilt (the Node and browser unit tests)
 * the graph holds its marker and nothing is preloaded. A module preloaded is fetched and compiled but
 * not run: it runs when its `import()` asks for it; `preload: 'idle'` only prefetches the files into
 * the HTTP cache, which adds bytes and no script time. Only the link's `rel`, `crossOrigin` and `href`
 * are set (no Trusted Types sink).
 */
interface LoadGraph {
  /** Chunk file names, relative to the loader. */
  f: string[];
  /** Per plugin name, `runtime` and `transport:<type>`: indices into `f`. */
  p: Record<string, number[]>;
}

let graph: Promise<LoadGraph | null> | undefined;
const read = (): Promise<LoadGraph | null> =>
  (graph ??= import('./load-graph.ts').then(
    ({ default: text }) => {
      try {
        return JSON.parse(text) as LoadGraph;
      } catch {
        return null; // unbuilt: the marker
      }
    },
    () => {
      graph = undefined; // not fetched (offline): asked again next time
      return null;
    },
  ));

/** The files the graph names for `names` (plugins, `runtime`, `transport:<type>`), relative to the loader; for tests and the bench. */
export async function filesOf(names: readonly string[]): Promise<string[]> {
  const g = await read();
  if (!g) return [];
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
export function createPreloader(doc: Document, base: string): (names: readonly string[], idle?: boolean) => void {
  const linked = new Set<string>();
  return (names, idle = false) => {
    const rel = idle ? 'prefetch' : 'modulepreload';
    void filesOf(names).then((files) => {
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
