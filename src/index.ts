/**
 * live-assist: the loader. A host page loads this one ES module; it boots the app, defines every
 * `la-*` element and exposes `window.LiveAssist`. It holds no React: the runtime chunk and each
 * widget's chunk load on first intent or use.
 */
import { boot } from './boot.ts';
import { PLUGINS } from './plugins/names.ts';

// The plugin table is a lazy chunk (fetched with the load graph, which a plugin's first load preloads):
// the loader holds only the names.
export const LiveAssist = boot({
  window,
  plugins: Object.fromEntries(PLUGINS.map((name) => [name, (app, idle) => import('./plugins/index.ts').then((table) => table.loadPlugin(name, app, idle))])),
  loadRuntime: () => import('./runtime.ts'),
  base: import.meta.url,
});

export type { LiveAssistApi } from './boot.ts';
export type {
  BusEvent,
  CommandMeta,
  CommandName,
  Commands,
  DataOf,
  EventName,
  EventOf,
  EventPattern,
  Events,
  OptionsArg,
  OptionsOf,
  ResultOf,
} from './bus/index.ts';
export { Bus, BusErrors } from './bus/index.ts';

// The plugins' public vocabulary (type-only, erased from the bundle): each module declares its
// plugin's commands, events and option types into `Commands` / `Events`, so a TypeScript app that
// imports this package gets them all, although the plugins themselves load lazily.
export type * from './plugins/calendar/calendar.api.ts';
export type * from './plugins/call-us/call-us.api.ts';
export type * from './plugins/callback/callback-service.api.ts';
export type * from './plugins/callback/callback.api.ts';
export type * from './plugins/channel-selector/channel-selector.api.ts';
export type * from './plugins/chat-deflection/chat-deflection.api.ts';
export type * from './plugins/console/console.api.ts';
export type * from './plugins/knowledge/knowledge-center-service.api.ts';
export type * from './plugins/overlay/overlay.api.ts';
export type * from './plugins/search/search.api.ts';
export type * from './plugins/send-message/send-message.api.ts';
export type * from './plugins/sidebar/sidebar.api.ts';
export type * from './plugins/stats/stats.api.ts';
export type * from './plugins/toaster/toaster.api.ts';
export type * from './plugins/watchman/watchman.api.ts';
export type * from './plugins/messaging-client/messaging-client.api.ts';
export type * from './plugins/remote/remote.api.ts';
export type * from './plugins/test-runner/test-runner.api.ts';
export type * from './plugins/window-manager/window-manager.api.ts';
export type * from './plugins/webchat-service/webchat-service.api.ts';
export type * from './plugins/webchat/webchat.api.ts';
export type * from './plugins/offers/offers.api.ts';
export type * from './plugins/web-engagement/web-engagement.api.ts';
export type * from './plugins/click-to-call/click-to-call.api.ts';
export type * from './plugins/cobrowse/cobrowse.api.ts';
