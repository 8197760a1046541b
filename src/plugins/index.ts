import type { PluginLoaders } from '../app/app.ts';

/**
 * Plugins loaded on their first command: each is its own chunk (with its machine), and its first
 * command also fetches the React runtime. Widget issues add their plugins here.
 */
export const lazyPlugins: PluginLoaders = {
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
