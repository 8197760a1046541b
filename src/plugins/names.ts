/**
 * The names of the plugins loaded on their first command: all the loader knows of them, read from the
 * registry (src/widgets.ts). Their table (src/plugins/index.ts, which imports each plugin's chunk) is a
 * lazy chunk of its own, fetched with the load graph; the type checker holds it to these names
 * (`lazyPlugins` is a `Record<PluginName, …>`).
 */
import { WIDGETS, type PluginName } from '../widgets.ts';

export type { PluginName };

export const PLUGINS: readonly PluginName[] = WIDGETS.flatMap((widget): readonly PluginName[] => widget.plugins);
