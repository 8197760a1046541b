import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { channelSelectorMachine, channelSelectorMessages } from '../../../machines/channel-selector.machine.ts';
import type { SelectorChannel, SelectorStatus } from '../../../machines/channel-selector.machine.ts';
import { applyAvailability, officeStatus, type OfficeStatus, type OpeningHours } from '../../../machines/availability.ts';
import { channelSchema, listOf, MAX_CHANNELS, sectionReader, seconds, type SectionOf } from '../../app/section.ts';
import { readStatsSection } from '../shared/stats-config.ts';
import { readOpeningHours } from '../shared/call-us-config.ts';
import { noteServerTime, serverNow } from '../shared/office-hours.ts';

export type ChannelSelectorActor = ActorRefFrom<typeof channelSelectorMachine>;

/** The `channelselector` section (contact-widgets.md §2 "Channel selector", §9: refresh 10 s). */
export const channelSelectorSection = {
  /** Seconds between statistics refreshes while the selector is open. */
  ewtRefreshInterval: seconds(10, 1),
  channels: listOf(channelSchema, MAX_CHANNELS),
};

export type ChannelSelectorSection = SectionOf<typeof channelSelectorSection>;

/** Reads the section (again only when it was replaced); bad options are reported and take their defaults. */
export const readChannelSelectorSection = sectionReader('channelselector', channelSelectorSection);

/**
 * The ChannelSelector plugin ('Live Assistance'): opens the shared overlay with one tile per configured
 * channel; while open, refreshes the statistics every 10 s (group EWT with the deployment's
 * availability rule, and the waits of the channels' queues through StatsService).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('ChannelSelector');
  const section = () => readChannelSelectorSection(app.section('channelselector'));
  const commander = { commander: 'ChannelSelector' };
  const actor: ChannelSelectorActor = createActor(
    channelSelectorMachine.provide({
      actors: {
        fetchStatus: fromPromise<SelectorStatus, { channels: SelectorChannel[] }>(async ({ input }) => {
          const stats = readStatsSection(app.section('stats'));
          const rule = stats.availability;
          const waits: Record<string, number> = {};
          let available: string[] | null = null;
          if (stats.groupEWT) {
            try {
              const answer = await app.bus.command('StatsService.getGroupEWT', undefined, commander);
              noteServerTime(answer.time);
              if (stats.groupEWT.queue) waits[stats.groupEWT.queue] = answer.ewt;
              if (rule) available = applyAvailability(rule, answer).channels;
            } catch {
              /* a failed wait-time request offers the full list */
            }
          }
          const queues = input.channels.map((c) => c.ewt?.queue).filter((q): q is string => Boolean(q) && !(q! in waits));
          if (queues.length && stats.dataURL) {
            try {
              for (const q of await app.bus.command('StatsService.getStats', { queues }, commander)) waits[q.virtualQueue] = q.ewt;
            } catch {
              /* tiles show Available without a wait */
            }
          }
          return { available, waits };
        }),
      },
    }),
    { input: { refreshMs: section().ewtRefreshInterval * 1000 } },
  ).start();

  let element: HTMLElement | undefined;
  const close = () => {
    if (!actor.getSnapshot().matches('open')) return;
    actor.send({ type: 'close' });
    plugin.publish('closed', undefined);
  };
  plugin.registerCommand('open', async () => {
    if (actor.getSnapshot().matches('open')) throw new Error(channelSelectorMessages.alreadyOpened);
    const channels = section().channels.filter((c) => c.enable !== false);
    const event = { type: 'open' as const, channels };
    if (!actor.getSnapshot().can(event)) throw new Error(channelSelectorMessages.noChannels);
    element ??= app.window.document.createElement('la-channel-selector');
    await app.bus.command(
      'Overlay.open',
      { title: app.t.t('channelselector.title'), subtitle: app.t.t('channelselector.subtitle'), content: element },
      commander,
    );
    actor.send(event);
    plugin.publish('opened', undefined);
  });
  plugin.registerCommand('close', async () => {
    if (!actor.getSnapshot().matches('open')) throw new Error(channelSelectorMessages.alreadyClosed);
    close();
    await app.bus.command('Overlay.close', undefined, commander).catch(() => undefined);
  });
  // The overlay closed (Escape, backdrop, another plugin's view): the selector is closed too.
  app.bus.subscribe('Overlay.closed', close);
  app.bus.subscribe('Overlay.opened', (event) => event.data.owner !== 'ChannelSelector' && close());

  app.provide('ChannelSelector', actor);
  plugin.ready();
}

/** Whether a tile is the helpline's (the call-us panel): by its command, or the spec's channel name. */
export const isHelpline = (channel: SelectorChannel): boolean => channel.clickCommand === 'CallUs.open' || (!channel.clickCommand && channel.name === 'CallUs');

/**
 * The helpline's status for its tile: open, or closed and when it opens, by `callus.openingHours` (the
 * call-us panel's rule) at the server's time (the last statistics answer's, else the page's clock); null
 * without opening hours.
 */
export function helplineStatus(app: App): { status: OfficeStatus; hours: OpeningHours; now: number } | null {
  const hours = readOpeningHours(app);
  if (!hours) return null;
  const now = serverNow();
  return { status: officeStatus(hours, now), hours, now };
}

/**
 * Runs a tile's channel after the selector closed: its `onClick` or its bus command; the name comes
 * from configuration, so only a widget's open or show command runs (`channelCommand`).
 */
export function runChannel(app: App, channel: SelectorChannel): void {
  if (typeof channel.onClick === 'function') return void channel.onClick(channel);
  if (!channel.clickCommand) return;
  app.bus
    .channelCommand(channel.clickCommand, channel.clickOptions, { commander: 'ChannelSelector' })
    .catch((error: unknown) => console.error(`[live-assist] ${channel.clickCommand}: ${(error as Error)?.message ?? error}`));
}
