import type { PluginModule } from '../app/app.ts';
import type { PluginName } from './names.ts';

/**
 * Plugins loaded on their first command: each is its own chunk (with its machine), and its first
 * command also fetches the React runtime. Widget issues add their plugins here and their names to
 * src/plugins/names.ts (the loader's list). This table is not in the loader: it is a lazy chunk, fetched
 * with the load graph (src/index.ts).
 */
export const lazyPlugins: Record<PluginName, () => Promise<PluginModule>> = {
  Console: () => import('./console.ts'),
  WindowManager: () => import('./window-manager.ts').then((m) => ({ register: m.registerWindowManager })),
  Callback: () => import('./callback.ts'),
  CallbackService: () => import('./callback-service.ts'),
  Calendar: () => import('./calendar.ts'),
  SendMessage: () => import('./send-message.ts'),
  SendMessageService: () => import('./send-message.ts').then((m) => ({ register: m.registerService })),
  Sidebar: () => import('./sidebar.ts'),
  StatsService: () => import('./stats.ts'),
  Overlay: () => import('./overlay.ts'),
  ChannelSelector: () => import('./channel-selector.ts'),
  CallUs: () => import('./call-us.ts'),
  Toaster: () => import('./toaster.ts'),
  Watchman: () => import('./watchman.ts'),
  WebChatService: () => import('./webchat-service.ts'),
  WebChat: () => import('./webchat.ts'),
  KnowledgeCenterService: () => import('./knowledge-center-service.ts'),
  ChatDeflection: () => import('./chat-deflection.ts'),
  Search: () => import('./search.ts'),
  MessagingClient: () => import('./messaging-client.ts'),
};
