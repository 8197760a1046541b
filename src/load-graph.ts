/**
 * The load graph (src/preload.ts), in a chunk of its own: the build writes it over the marker below
 * (rollup.config.mjs `preloadGraph`). It is not in the loader, which every page pays for: it is fetched
 * at idle (`preload: 'idle'`, which needs it then) or on the first intent (`'intent'`), the level before
 * every file of the window at once. Unbuilt (the unit tests) the marker stays and nothing is preloaded.
 */
const graph: string = '__LA_PRELOAD__';
export default graph;
