/**
 * The Remote plugin's public vocabulary, type-only (see src/bus/types.ts).
 */
import type { RemoteAction, RemoteAnswer } from '../../../machines/remote-runner.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /**
     * Runs command actions in order, each after its `wait` (ms); answers each one's outcome. The first
     * rejection stops the run (the rest are 'skipped'). From anything but the page's own script, only the
     * commands a channel's `clickCommand` may run (src/bus/channel-commands.ts).
     */
    'Remote.execute': { options: { actions: RemoteAction[] } | RemoteAction[]; result: RemoteAnswer };
  }
}
