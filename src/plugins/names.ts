/**
 * The names of the plugins loaded on their first command: all the loader knows of them. Their table
 * (src/plugins/index.ts, which imports each plugin's chunk) is a lazy chunk of its own, fetched with the
 * load graph (rollup.config.mjs puts both in `load-graph`): by the first command, at idle or on intent.
 * The type checker holds the two lists equal (`lazyPlugins` is a `Record<PluginName, …>`).
 */
export const PLUGINS = [
  'Console',
  'WindowManager',
  'Callback',
  'CallbackService',
  'Calendar',
  'SendMessage',
  'SendMessageService',
  'Sidebar',
  'StatsService',
  'Overlay',
  'ChannelSelector',
  'CallUs',
  'Toaster',
  'Watchman',
  'WebChatService',
  'WebChat',
  'KnowledgeCenterService',
  'ChatDeflection',
  'Search',
  'MessagingClient',
] as const;

export type PluginName = (typeof PLUGINS)[number];
