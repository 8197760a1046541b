import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { App } from '../app/app.ts';
import { sidebarMachine, sidebarMessages, visibleChannels } from '../../machines/sidebar.machine.ts';
import { readList, readSection, v } from '../app/section.ts';
import type { SidebarChannel } from '../../machines/sidebar.machine.ts';
import { applyAvailability, isRule } from '../../machines/availability.ts';
import type { StatsConfig } from '../services/stats.ts';
import type { LaSidebarElement } from '../../elements/sidebar/la-sidebar.ts';

export type SidebarMode = 'closed' | 'collapsed' | 'expanded';

export type SidebarActor = ActorRefFrom<typeof sidebarMachine>;

const text = (what: string) => v.optional(v.string(`${what} must be a string`));

/** One entry of `sidebar.channels`. */
export const channelSchema = v.looseObject(
  {
    name: v.pipe(v.string('name must be a string'), v.nonEmpty('name must not be empty')),
    enable: v.optional(v.boolean('enable must be true or false')),
    clickCommand: v.optional(v.pipe(v.string('clickCommand must be a string'), v.regex(/^\w+\.\w+$/, 'clickCommand must look like Plugin.command'))),
    clickOptions: v.optional(v.unknown()),
    displayName: text('displayName'),
    displayTitle: text('displayTitle'),
    icon: text('icon'),
    i18n: text('i18n'),
    onClick: v.optional(v.function('onClick must be a function')),
  },
  'each channel must be an object with a name',
);

/** The `sidebar` section (channels are read item by item with `channelSchema`). */
export const sidebarSection = {
  position: v.optional(v.picklist(['left', 'right'], "position must be 'left' or 'right'"), 'right'),
  showOnStartup: v.optional(v.boolean('showOnStartup must be true or false'), true),
  expandOnHover: v.optional(v.boolean('expandOnHover must be true or false'), true),
  availability: v.optional(v.literal(false, 'availability can only be false (to ignore the stats rule)')),
};

/** closed, collapsed (opened; also while waiting to expand) or expanded (also while waiting to contract). */
export function sidebarMode(snapshot: SnapshotFrom<typeof sidebarMachine>): SidebarMode {
  if (snapshot.matches({ view: 'closed' }) || snapshot.matches({ view: 'start' })) return 'closed';
  return snapshot.matches({ view: { opened: 'expanded' } }) || snapshot.matches({ view: { opened: 'contracting' } })
    ? 'expanded'
    : 'collapsed';
}

/**
 * The Sidebar plugin: owns the sidebar actor (open / collapsed / expanded, hover timing, the
 * deployment's availability rule refreshed every 10 s), answers Sidebar.* commands with the spec's
 * rejections and publishes the transitions. `<la-sidebar>` renders the actor with lit-html.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Sidebar');
  const raw = app.section('sidebar');
  const { value: section } = readSection('sidebar', raw, sidebarSection);
  const stats = app.section('stats') as StatsConfig & { availability?: unknown };
  const rule = section.availability === false ? undefined : stats.availability;
  const channels = readList('sidebar.channels', raw.channels, channelSchema).value as SidebarChannel[];
  const actor: SidebarActor = createActor(
    sidebarMachine.provide({
      actors: {
        fetchAvailability: fromPromise(async () => {
          if (!isRule(rule)) throw new Error('No availability rule');
          const answer = await app.bus.command('StatsService.getGroupEWT', undefined, { commander: 'Sidebar' });
          return applyAvailability(rule, answer);
        }),
      },
    }),
    {
      input: {
        channels,
        showOnStartup: section.showOnStartup !== false,
        expandOnHover: section.expandOnHover !== false,
        mobile: app.environment.value.mobile,
        availabilityRule: isRule(rule),
        refreshMs: (Number(stats.groupEWT?.refreshInterval) || 10) * 1000,
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

  const can = (type: 'open' | 'close' | 'expand' | 'contract') => actor.getSnapshot().can({ type });
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
  plugin.registerCommand('configure', (options) => {
    const event = { type: 'channels.set' as const, channels: (options as { channels: SidebarChannel[] } | undefined)?.channels ?? [] };
    if (!actor.getSnapshot().can(event)) throw new Error(sidebarMessages.noChannels);
    actor.send(event);
  });
  plugin.registerCommand('addButton', (options) => {
    const event = { type: 'channels.add' as const, channel: options };
    if (!actor.getSnapshot().can(event)) throw new Error(sidebarMessages.badButton);
    actor.send(event);
  });
  // Mobile mode: the channel list in the shared overlay titled 'Need help?'; a channel closes it first.
  plugin.registerCommand('showChannels', async () => {
    const host = app.window.document.querySelector<LaSidebarElement>('la-sidebar');
    if (!host) throw new Error(sidebarMessages.noChannels);
    const content = app.window.document.createElement('nav');
    content.className = 'la-channel-list';
    content.setAttribute('aria-label', app.t.t('sidebar.label'));
    host.renderChannels(content, () => app.bus.command('Overlay.close', undefined, { commander: 'Sidebar' }));
    await app.bus.command('Overlay.open', { title: app.t.t('sidebar.mobileTitle'), content }, { commander: 'Sidebar' });
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
