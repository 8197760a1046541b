/**
 * The React runtime chunk: react, react-dom, r2wc, xstate and @xstate/react. rollup.config.mjs puts
 * these packages (and this module) into one chunk, `runtime-[hash].js`; the loader imports this module
 * on first intent or when the browser is idle after load, so widget chunks find it already cached.
 */
import 'react';
import 'react-dom/client';
import '@r2wc/react-to-web-component';
import 'xstate';
import '@xstate/react';

export const runtime = 'live-assist-runtime';
