import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { sidebarMachine, sidebarMessages, visibleChannels, type SidebarChannel } from '../../../machines/sidebar.machine.ts';
import { CHANNEL_COMMAND, channelSchema, flag, listOf, MAX_CHANNELS, notChannelCommand, readList, readSection, v, type SectionOf } from '../../app/section.ts';
import { applyAvailability } from '../../../machines/availability.ts';
import { groupRefreshMs, readStatsSection } from '../shared/stats-config.ts';

export type SidebarMode = 'closed' | 'collapsed' | 'expanded';

export type SidebarActor = ActorRefFrom<typeof sidebarMachine>;

/** The `sidebar` section (contact-widgets.md §2 "Sidebar"); each channel is checked on its own (`channelSchema`). */
export const sidebarSection = {
  position: v.optional(v.picklist(['left', 'right'], "must be 'left' or 'right'"), 'right'),
  showOnStartup: flag(true),
  expandOnHover: flag(true),
  /** false ignores the `stats.availability` rule: every configured channel is shown. */
  availability: v.optional(v.literal(false, 'can only be false (to ignore the stats rule)')),
  channels: listOf(channelSchema, MAX_CHANNELS),
};

export type SidebarSection = SectionOf<typeof sidebarSection>;

/**
 * Refuses a channel added by command (`Sidebar.configure`, `Sidebar.addButton`) whose clickCommand
 * does more than open or show a widget, as the schema refuses a configured one: its click would be
 * refused anyway (bus.channelCommand), so the command says so at once.
 */
function checkClickCommands(channels: unknown[]): void {
  for (const channel of channels) {
    const name = (channel as { clickCommand?: unknown } | null)?.clickCommand;
    if (name !== undefined && !(typeof name === 'string' && CHANNEL_COMMAND.test(name))) throw new Error(notChannelCommand(String(name)));
  }
}

const checkedAttributes = new WeakMap<object, SidebarChannel[]>();

/**
 * The `channels` attribute of a `<la-sidebar>` (markup), checked again with the configured channels'
 * whole schema and bound once this chunk is loaded (the loader's hand check only keeps what it cannot
 * render out): a bad item is reported by its path and the option, e.g. `<la-sidebar
 * channels>[1].clickOptions: must be at most 2000 characters long as JSON`, and dropped. Each parsed
 * list is checked (and reported) once.
 */
export function attributeChannels(raw: unknown): SidebarChannel[] {
  if (typeof raw === 'object' && raw !== null) {
    const known = checkedAttributes.get(raw);
    if (known) return known;
  }
  const channels = readList('<la-sidebar channels>', raw, channelSchema, MAX_CHANNELS).value;
  if (typeof raw === 'object' && raw !== null) checkedAttributes.set(raw, channels);
  return channels;
}

/** closed, collapsed (opened; also while waiting to expand) or expanded (also while waiting to contract). */
export function sidebarMode(snapshot: SnapshotFrom<typeof sidebarMachine>): SidebarMode {
  if (!snapshot.hasTag('shown')) return 'closed';
  return snapshot.hasTag('expanded') ? 'expanded' : 'collapsed';
}

/**
 * The Sidebar plugin: owns the sidebar actor (open / collapsed / expanded, hover timing, the
 * deployment's availability rule refreshed every 10 s), answers Sidebar.* commands with the spec's
 * rejections and publishes the transitions. `<la-sidebar>` renders the actor with its launcher chunk's lit-html templates (elements/sidebar/launcher.ts).
 */
export async function register(app: App, idle?: boolean): Promise<void> {
  const plugin = app.bus.registerPlugin('Sidebar');
  const section = readSection('sidebar', app.section('sidebar'), sidebarSection).value;
  const stats = readStatsSection(app.section('stats'));
  const rule = section.availability === false ? undefined : stats.availability;
  // Loaded when idle (for the availability rule): the sections' reading and the actor's first snapshot
  // (XState's first microstep compiles most of its code) are two tasks, each short.
  if (idle) await app.nextTask();
  const actor: SidebarActor = createActor(
    sidebarMachine.provide({
      actors: {
        fetchAvailability: fromPromise(async () => {
          if (!rule) throw new Error('No availability rule');
          const answer = await app.bus.command('StatsService.getGroupEWT', undefined, { commander: 'Sidebar' });
          return applyAvailability(rule, answer);
        }),
      },
    }),
    {
      input: {
        channels: section.channels,
        showOnStartup: section.showOnStartup,
        expandOnHover: section.expandOnHover,
        mobile: app.environment.value.mobile,
        availabilityRule: rule !== undefined,
        refreshMs: groupRefreshMs(stats),
      },
    },
  );

  let mode: SidebarMode | undefined;
  actor.subscribe((snapshot) => {
    const next = sidebarMode(snapshot);
    if (next === mode) return;
    const previous = mode;
    mode = next;
    if (previous === undefined && next === 'closed') return;
    if (next === 'closed') plugin.publish('closed', undefined);
    else if (next === 'expanded') plugin.publish('expanded', undefined);
    else if (previous === 'expanded') plugin.publish('contracted', undefined);
    else plugin.publish('opened', undefined);
  });
  actor.start();
  app.environment.subscribe(({ mobile }) => {
    if (mobile !== actor.getSnapshot().context.mobile) actor.send({ type: 'mobile.set', mobile });
  });

  const can = (type: 'open' | 'close' | 'expand' | 'contract' | 'channels.show') => actor.getSnapshot().can({ type });
  plugin.registerCommand('open', () => {
    if (actor.getSnapshot().context.mobile) throw new Error(sidebarMessages.mobile);
    if (!can('open')) throw new Error(sidebarMessages.alreadyOpen);
    actor.send({ type: 'open' });
  });
  plugin.registerCommand('close', () => {
    if (!can('close')) throw new Error(sidebarMessages.alreadyClosed);
    actor.send({ type: 'close' });
  });
  plugin.registerCommand('expand', () => {
    if (mode === 'closed') throw new Error(sidebarMessages.alreadyClosed);
    if (actor.getSnapshot().context.mobile) throw new Error(sidebarMessages.mobile);
    if (!can('expand')) throw new Error(sidebarMessages.alreadyExpanded);
    actor.send({ type: 'expand' });
  });
  plugin.registerCommand('contract', () => {
    if (!can('contract')) throw new Error(sidebarMessages.alreadyContracted);
    actor.send({ type: 'contract' });
  });
  // Channels given by command go through the configured channels' schema and bound: a bad one is
  // reported by its path and dropped, as in configuration.
  plugin.registerCommand('configure', (options) => {
    const raw: unknown[] = options && typeof options === 'object' && Array.isArray(options.channels) ? options.channels : [];
    checkClickCommands(raw.slice(0, MAX_CHANNELS));
    const event = { type: 'channels.set' as const, channels: readList('Sidebar.configure channels', raw, channelSchema, MAX_CHANNELS).value };
    if (!actor.getSnapshot().can(event)) throw new Error(sidebarMessages.noChannels);
    actor.send(event);
  });
  plugin.registerCommand('addButton', (options) => {
    checkClickCommands([options]);
    const parsed = v.safeParse(channelSchema, options);
    if (!parsed.success) throw new Error(sidebarMessages.badButton);
    if (actor.getSnapshot().context.channels.length >= MAX_CHANNELS) throw new Error(`Sidebar.addButton: the sidebar has its most channels (${MAX_CHANNELS})`);
    const event = { type: 'channels.add' as const, channel: parsed.output };
    if (!actor.getSnapshot().can(event)) throw new Error(sidebarMessages.badButton);
    actor.send(event);
  });
  // Mobile mode: the channel list in the shared overlay titled 'Need help?'. The actor emits
  // `channels.show` and <la-sidebar> renders the list (elements/sidebar/channel-list.ts).
  plugin.registerCommand('showChannels', () => {
    if (!can('channels.show')) throw new Error(sidebarMessages.noChannels);
    actor.send({ type: 'channels.show' });
  });
  plugin.registerCommand('getState', () => {
    const snapshot = actor.getSnapshot();
    return {
      state: sidebarMode(snapshot),
      mobile: snapshot.context.mobile,
      channels: visibleChannels(snapshot.context).map((c) => c.name),
      availability: snapshot.context.availability,
    };
  });
  app.bus.subscribe('App.closeAll', () => {
    if (can('contract')) actor.send({ type: 'contract' });
  });

  app.provide('Sidebar', actor);
  plugin.ready();
  plugin.publish('ready', undefined);
}
