import type { App } from '../app/app.ts';

/** Dock offsets (plugins-and-infrastructure.md §9): the first docked view sits 55 px from the right,
 * each further one adds the previous view's width plus 24 px. */
export const DOCK_START_PX = 55;
export const DOCK_GAP_PX = 24;

export interface DockEntry {
  /** The plugin that owns the view. */
  plugin: string;
  /** The event that opened it (e.g. `Callback.opened`). */
  event: string;
  viewType: 'DockView';
  timeAdded: number;
  width: number;
  /** Offset from the right edge, in px. */
  position: number;
}

/** Recomputes positions in the order views were added. */
export function placeDocks(entries: readonly Omit<DockEntry, 'position'>[]): DockEntry[] {
  let position = DOCK_START_PX;
  return [...entries]
    .sort((a, b) => a.timeAdded - b.timeAdded)
    .map((entry) => {
      const placed = { ...entry, position };
      position += entry.width + DOCK_GAP_PX;
      return placed;
    });
}

export function registerWindowManager(app: App, now: () => number = () => Date.now()): void {
  const plugin = app.bus.registerPlugin('WindowManager');
  let registry: DockEntry[] = [];
  const update = (next: Omit<DockEntry, 'position'>[]) => {
    registry = placeDocks(next);
    plugin.publish('changed', registry);
  };
  plugin.registerCommand('dock', (options) => {
    const width = Number(options?.width);
    if (typeof options?.plugin !== 'string' || !(width > 0)) throw new Error('Invalid configuration');
    const existing = registry.find((entry) => entry.plugin === options.plugin);
    if (!existing) {
      update([
        ...registry,
        { plugin: options.plugin, event: options.event ?? `${options.plugin}.opened`, viewType: 'DockView', timeAdded: now(), width },
      ]);
    }
    return registry.find((entry) => entry.plugin === options.plugin)!;
  });
  plugin.registerCommand('undock', (options) => {
    if (registry.some((entry) => entry.plugin === options?.plugin)) {
      update(registry.filter((entry) => entry.plugin !== options.plugin));
    }
  });
  plugin.registerCommand('getRegistry', () => registry.map((entry) => ({ ...entry })));
  plugin.ready();
}
