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

type Linker = ReturnType<typeof import('./load-graph.ts').createLinker>;

/**
 * A preloader for one page: the first preload imports the load-graph chunk (src/load-graph.ts), whose
 * linker then links each file once per kind, in slices; nothing of it is in the loader. The loader's
 * own URL (`base`, its `import.meta.url`) resolves the files as their `import()` will.
 */
export function createPreloader(doc: Document, base: string): (app: App, plugins: readonly string[], how: PreloadOptions) => void {
  let linker: Promise<Linker | null> | undefined;
  return (app, plugins, how) => {
    linker ??= import('./load-graph.ts').then(
      (graph) => graph.createLinker(doc, base),
      () => ((linker = undefined), null), // not fetched (offline): asked again next time
    );
    void linker.then((link) => link?.(app, plugins, how));
  };
}
