/**
 * `import 'live-assist/genesys'`: the Genesys Widgets 9 layer as a module, for a bundled site. The same
 * as dist/genesys/widgets.min.js: `window.CXBus` now, the widgets from `window._genesys.widgets` at start.
 */
import { installLayer } from './start.ts';

/** The page's CXBus (also `window.CXBus`). */
export const CXBus = installLayer(window, {
  loader: new URL('../live-assist.js', import.meta.url).href,
  jquery: new URL('./jquery.js', import.meta.url).href,
}).face.cxbus;
