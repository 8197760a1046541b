import type { App } from '../../app/app.ts';

/** Dock offsets (plugins-and-infrastructure.md §9): the first docked view sits 55 px from the right,
 * each further one adds the previous view's width plus 24 px. */
export const DOCK_START_PX = 55;
export const DOCK_GAP_PX = 24;
/** The toaster's width on a desktop (styles/toaster.css `--la-toaster-width`). */
export const TOASTER_WIDTH_PX = 360;

export interface DockEntry {
  /** The plugin that owns the view. */
  plugin: string;
  /** The event that opened it (e.g. `Callback.opened`). */
  event: string;
  /** `DockView`: a docked window. `ToasterView`: the toaster, placed after every docked window. */
  viewType: 'DockView' | 'ToasterView';
  timeAdded: number;
  width: number;
  /**
   * Offset from the right edge, in px. For the toaster: the distance from the right edge it keeps clear
   * (0 when no window is docked; styles/toaster.css keeps it left of that line, whatever its position).
   */
  position: number;
}

/**
 * Recomputes positions: docked windows in the order they were added, from the right; the toaster after
 * all of them, so no docked view and the toaster ever overlap (a window opened later moves the toaster
 * further left rather than going under it).
 */
export function placeDocks(entries: readonly Omit<DockEntry, 'position'>[]): DockEntry[] {
  let position = DOCK_START_PX;
  const windows = [...entries]
    .filter((entry) => entry.viewType === 'DockView')
    .sort((a, b) => a.timeAdded - b.timeAdded)
    .map((entry) => {
      const placed = { ...entry, position };
      position += entry.width + DOCK_GAP_PX;
      return placed;
    });
  const clear = windows.length ? position : 0;
  const toasters = entries.filter((entry) => entry.viewType === 'ToasterView').map((entry) => ({ ...entry, position: clear }));
  return [...windows, ...toasters];
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
      update([...registry, { plugin: options.plugin, event: options.event ?? `${options.plugin}.opened`, viewType: 'DockView', timeAdded: now(), width }]);
    }
    return registry.find((entry) => entry.plugin === options.plugin)!;
  });
  plugin.registerCommand('undock', (options) => {
    if (registry.some((entry) => entry.plugin === options?.plugin)) {
      update(registry.filter((entry) => entry.plugin !== options.plugin));
    }
  });
  plugin.registerCommand('getRegistry', () => registry.map((entry) => ({ ...entry })));
  placeToaster(app, () => registry, update, now);
  plugin.ready();
}

/**
 * The toaster takes its place in the registry while it is shown (from `Toaster.opened`, sent once its
 * element is on the page, until `Toaster.closed`, after its slide down), or at once when it is already
 * shown as the window manager loads. Its element reads the entry's position (`--la-dock-offset`).
 */
function placeToaster(app: App, registry: () => DockEntry[], update: (next: Omit<DockEntry, 'position'>[]) => void, now: () => number): void {
  const shown = (on: boolean) => {
    const others = registry().filter((entry) => entry.viewType !== 'ToasterView');
    if (on) update([...others, { plugin: 'Toaster', event: 'Toaster.opened', viewType: 'ToasterView', timeAdded: now(), width: TOASTER_WIDTH_PX }]);
    else if (others.length !== registry().length) update(others);
  };
  app.bus.subscribe('Toaster.opened', () => shown(true));
  app.bus.subscribe('Toaster.closed', () => shown(false));
  void app.whenProvided('Toaster').then(({ actor }) => {
    const snapshot = actor.getSnapshot();
    if (!snapshot.matches('closed') && snapshot.context.current && !registry().some((entry) => entry.viewType === 'ToasterView')) shown(true);
  });
}
