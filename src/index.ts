/**
 * live-assist: the loader. A host page loads this one ES module; it boots the app, defines every
 * `la-*` element and exposes `window.LiveAssist`. It holds no React: the runtime chunk and each
 * widget's chunk load on first intent or use.
 */
import { boot } from './app/boot.ts';
import { lazyPlugins } from './plugins/index.ts';

export const LiveAssist = boot({
  window,
  plugins: lazyPlugins,
  loadRuntime: () => import('./runtime.ts'),
});

export type { LiveAssistApi } from './app/boot.ts';
export type { Commands, Events, CommandName, EventName, BusEvent } from './bus/index.ts';
export { Bus, BusErrors } from './bus/index.ts';
