/**
 * The WindowManager plugin's public vocabulary, type-only: its bus commands and events.
 * `src/index.ts` re-exports this module so the published types declare them (see src/bus/types.ts).
 */
import type { DockEntry } from './window-manager.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'WindowManager.dock': { options: { plugin: string; event?: string; width: number }; result: DockEntry };
    'WindowManager.undock': { options: { plugin: string }; result: void };
    'WindowManager.getRegistry': { options: void; result: DockEntry[] };
  }
  interface Events {
    'WindowManager.changed': DockEntry[];
  }
}
