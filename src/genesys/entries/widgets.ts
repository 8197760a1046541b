/**
 * dist/genesys/widgets.min.js: a classic script that replaces Genesys's widgets.min.js. CXBus is there
 * as the script ends; the widgets start from `window._genesys.widgets` once the page is parsed.
 */
import { installLayer } from '../start.ts';
import { filesBeside } from './files.ts';

installLayer(window, filesBeside(document.currentScript));
