/**
 * Where a layer loaded before the loader (the Genesys drop-in, dist/genesys/) leaves the bus it made,
 * for the boot to run on: a symbol, so the page's namespace gets no new name. A module of its own so the
 * layer's classic scripts take this one line, not the boot.
 */
export const HOST_BUS = Symbol.for('live-assist.bus');
