import type { App, PluginModule } from '../app/app.ts';
import type { PluginName } from './names.ts';

/**
 * Plugins loaded on their first command: each is its own chunk (with its machine), and its first
 * command also fetches the React runtime. Widget issues add their plugins here and their names to
 * src/plugins/names.ts (the loader's list). This table is not in the loader: it is a lazy chunk, fetched
 * with the load graph (src/index.ts).
 */
export const lazyPlugins: Record<PluginName, () => Promise<PluginModule>> = {
  Console: () => import('./console/console.ts'),
  WindowManager: () => import('./window-manager/window-manager.ts').then((m) => ({ register: (app: App) => m.registerWindowManager(app) })),
  Callback: () => import('./callback/callback.ts'),
  CallbackService: () => import('./callback/callback-service.ts'),
  Calendar: () => import('./calendar/calendar.ts'),
  SendMessage: () => import('./send-message/send-message.ts'),
  SendMessageService: () => import('./send-message/send-message.ts').then((m) => ({ register: m.registerService })),
  Sidebar: () => import('./sidebar/sidebar.ts'),
  StatsService: () => import('./stats/stats.ts'),
  Overlay: () => import('./overlay/overlay.ts'),
  ChannelSelector: () => import('./channel-selector/channel-selector.ts'),
  CallUs: () => import('./call-us/call-us.ts'),
  Toaster: () => import('./toaster/toaster.ts'),
  Watchman: () => import('./watchman/watchman.ts'),
  WebChatService: () => import('./webchat-service/webchat-service.ts'),
  WebChat: () => import('./webchat/webchat.ts'),
  KnowledgeCenterService: () => import('./knowledge/knowledge-center-service.ts'),
  ChatDeflection: () => import('./chat-deflection/chat-deflection.ts'),
  Search: () => import('./search/search.ts'),
  MessagingClient: () => import('./messaging-client/messaging-client.ts'),
  Offers: () => import('./offers/offers.ts'),
  WebEngagement: () => import('./web-engagement/web-engagement.ts'),
  Engage: () => import('./web-engagement/web-engagement.ts').then((m) => ({ register: m.registerEngage })),
  ClickToCall: () => import('./click-to-call/click-to-call.ts'),
  Cobrowse: () => import('./cobrowse/cobrowse.ts'),
  Remote: () => import('./remote/remote.ts'),
  TestRunner: () => import('./test-runner/test-runner.ts'),
};

/**
 * A plugin's code, as the loader's lazy loaders ask for it (src/index.ts). The developer console runs
 * any command typed into it, so its code loads only when the site enables it: `console: { enabled: true }`,
 * read by hand (no valibot here) on every load, so `LiveAssist.configure('console', { enabled: true })`
 * turns it on later; otherwise the load is refused with the message of src/app/config-check.ts.
 */
export async function loadPlugin(name: PluginName, app: App, idle?: boolean): Promise<PluginModule> {
  if (name === 'Console' && app.section('console').enabled !== true) {
    const check = await import('../app/config-check.ts');
    throw new Error(check.BootMessages.consoleOff);
  }
  // Loaded when idle (no command waits): the libraries every plugin's chunk imports are evaluated first,
  // each in a task of its own, so the plugin's chunk evaluates alone. A module graph is evaluated in one
  // task, and XState, valibot and a plugin together are 13–21 ms at 1×: a long task in Lighthouse's view
  // (it charges a task over 12.5 ms at 1× as blocking). Their files are being fetched already (the App
  // preloads the plugin's files before it loads it), so this adds no round trip.
  if (idle) {
    // Each import names what it takes: rollup keeps a whole module namespace for a bare `import()`, and
    // valibot's is 83 KB minified (its chunk then grew from 18 to 26 KB).
    for (const library of [() => import('xstate').then(({ setup }) => setup), () => import('../app/section.ts').then(({ readSection }) => readSection)]) {
      await library();
      await app.nextTask();
    }
  }
  return lazyPlugins[name]();
}
