import type { App } from '../../app/app.ts';
import { fetchGroupWait, fetchQueueWaits, StatsError, statsMessages } from '../../services/stats.ts';
import { readSection } from '../../app/section.ts';
import { readStatsSection, statsSection } from '../shared/stats-config.ts';

/**
 * The StatsService plugin: wait-time statistics for the channel selector, the sidebar's availability
 * rule and the callback window. Reads the `stats` section on each request (so `configure` and
 * `LiveAssist.configure('stats', …)` apply at once; a bad option is reported once and takes its default).
 * A failure rejects with the spec's message and, when the request failed or its answer was malformed,
 * publishes `StatsService.error.ewt`.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('StatsService');
  const config = () => readStatsSection(app.section('stats'));
  const report = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof StatsError && (error.kind === 'failed' || error.kind === 'malformed')) plugin.publish('error.ewt', { message: error.message });
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
    const next = { ...app.section('stats'), ...options };
    // Refused whole when an option is bad: the message names it (the section itself is left as it was).
    const [issue] = readSection('stats', next, statsSection, () => undefined).issues;
    if (issue) throw new Error(`${statsMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    app.configure('stats', next);
  });
  plugin.ready();
}
