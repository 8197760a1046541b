import type { App } from '../app/app.ts';
import { fetchGroupWait, fetchQueueWaits, statsMessages } from '../services/stats.ts';
import type { StatsConfig } from '../services/stats.ts';

/**
 * The StatsService plugin: wait-time statistics for the channel selector, the sidebar's availability
 * rule and the callback window. Reads the `stats` section on each request (so `configure` and
 * `LiveAssist.configure('stats', …)` apply at once). A failure rejects with the spec's message and, for
 * request failures, publishes `StatsService.error.ewt`.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('StatsService');
  const config = () => app.section('stats') as StatsConfig;
  const report = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      const message = error instanceof Error ? error.message : statsMessages.failed;
      if (message === statsMessages.failed) plugin.publish('error.ewt', { message });
      throw error;
    }
  };
  plugin.registerCommand('getStats', async (options) => {
    const queues = await report(fetchQueueWaits(config(), options?.queues));
    plugin.publish('updated', { queues });
    return queues;
  });
  plugin.registerCommand('getGroupEWT', async (options) => {
    const answer = await report(fetchGroupWait(config(), options && typeof options === 'object' ? options.queue : undefined));
    plugin.publish('updated', answer);
    return answer;
  });
  plugin.registerCommand('configure', (options) => {
    if (!options || typeof options !== 'object' || Object.keys(options).length === 0) {
      throw new Error(statsMessages.invalidConfiguration);
    }
    app.configure('stats', { ...config(), ...options });
  });
  plugin.ready();
}
