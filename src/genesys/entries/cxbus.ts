/**
 * dist/genesys/cxbus.min.js: a classic script that replaces Genesys's cxbus.min.js. Only CXBus until the
 * page asks for the widgets, as Widgets documents: `CXBus.loadPlugin('widgets-core')`.
 */
import { installLayer } from '../start.ts';
import { filesBeside } from './files.ts';

installLayer(window, { ...filesBeside(document.currentScript), startOn: 'widgets-core' });
