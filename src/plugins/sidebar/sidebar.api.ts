/**
 * The Sidebar plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { SidebarChannel } from '../../../machines/sidebar.machine.ts';
import type { SidebarActor, SidebarMode } from './sidebar.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Sidebar.open': { options: void; result: void };
    'Sidebar.close': { options: void; result: void };
    'Sidebar.expand': { options: void; result: void };
    'Sidebar.contract': { options: void; result: void };
    'Sidebar.configure': { options: { channels: SidebarChannel[] }; result: void };
    'Sidebar.addButton': { options: SidebarChannel; result: void };
    'Sidebar.showChannels': { options: void; result: void };
    'Sidebar.getState': {
      options: void;
      result: { state: SidebarMode; mobile: boolean; channels: string[]; availability: 'none' | 'pending' | 'known' | 'failed' };
    };
  }
  interface Events {
    'Sidebar.ready': void;
    'Sidebar.opened': void;
    'Sidebar.expanded': void;
    'Sidebar.contracted': void;
    'Sidebar.closed': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Sidebar: SidebarActor;
  }
}
