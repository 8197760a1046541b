import type { PluginLoaders } from '../app/app.ts';

/**
 * Plugins loaded on their first command: each is its own chunk (with its machine), and its first
 * command also fetches the React runtime. Widget issues add their plugins here.
 */
export const lazyPlugins: PluginLoaders = {
  Console: () => import('./console.ts'),
};
