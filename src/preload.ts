/**
 * Fetching without evaluating: `<link rel=modulepreload>` for the chunks a plugin, its view and the
 * React runtime need, all at once. The build writes the load graph over the marker below
 * (rollup.config.mjs `preloadGraph`: every plugin's files, its view's and the runtime's, the static
 * closure of each); unbuilt (the Node and browser unit tests) the marker stays and nothing is preloaded.
 * A module preloaded is fetched and compiled but not run: it runs when its `import()` asks for it, and
 * intent needs one round trip for all its files instead of one per import level; `preload: 'idle'`
 * only prefetches them into the HTTP cache, which adds bytes and no script time. Only the link's `rel`,
 * `crossOrigin` and `href` are set (no Trusted Types sink).
 */
const GRAPH: string = '__LA_PRELOAD__';

interface LoadGraph {
  /** Chunk file names, relative to the loader. */
  f: string[];
  /** Per plugin name, and `runtime`: indices into `f`. */
  p: Record<string, number[]>;
}

let graph: LoadGraph | null | undefined;
const read = (): LoadGraph | null => {
  if (graph === undefined) {
    try {
      graph = JSON.parse(GRAPH) as LoadGraph;
    } catch {
      graph = null;
    }
  }
  return graph;
};

/** The files the graph names for `names` (plugins or `runtime`), relative to the loader; for tests and the bench. */
export function filesOf(names: readonly string[]): string[] {
  const g = read();
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
    for (const file of filesOf(names)) {
      if (linked.has(`${rel} ${file}`)) continue;
      linked.add(`${rel} ${file}`);
      const link = doc.createElement('link');
      link.rel = rel;
      link.crossOrigin = 'anonymous';
      link.href = new URL(file, base).href;
      doc.head.append(link);
    }
  };
}
