/**
 * The StatsService plugin's public vocabulary, type-only: its bus commands and events.
 * `src/index.ts` re-exports this module so the published types declare them (see src/bus/types.ts).
 */
import type { GroupWait, QueueWait, StatsConfig } from '../../services/stats.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'StatsService.getStats': { options: { queues: string | string[] }; result: QueueWait[] };
    'StatsService.getGroupEWT': { options: { queue?: string } | void; result: GroupWait };
    'StatsService.configure': { options: StatsConfig; result: void };
  }
  interface Events {
    'StatsService.error.ewt': { message: string };
    'StatsService.updated': { queues: QueueWait[] } | GroupWait;
  }
}
