import { html, nothing, render } from 'lit-html';
import type { TemplateResult } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import type { LaElement } from '../common/host.ts';
import type { SidebarActor } from '../../src/plugins/sidebar/sidebar.ts';
import type { SidebarChannel } from '../../machines/sidebar.machine.ts';
import { BADGE_VIEWBOX, channelIcon } from '../common/icons.ts';
import sheet from '../../styles/sidebar.css' with { type: 'css' };

/** The strip's sheet, adopted by the host with this chunk. */
export const sheets = [sheet];

/**
 * `<la-sidebar>` as this chunk reads and writes it (elements/sidebar/la-sidebar.ts implements it):
 * declared here, since the element loads this chunk and this chunk imports nothing of the element.
 */
export interface SidebarHost extends LaElement {
  /** The Sidebar plugin's actor, once its chunk has loaded (set by `attach`). */
  actor?: SidebarActor;
}

/** The element's class: the plugin chunk's full check of the `channels` attribute, once loaded (set by `attach`). */
interface SidebarHostClass {
  checkChannels?: (raw: unknown) => SidebarChannel[];
}

/**
 * A channel's badge: its outline icon (elements/common/icons.ts) as an SVG in the text colour, or a
 * configured `icon` text, or the name's first letter. Hidden from assistive technology (its span is
 * `aria-hidden`): the button's text names the channel.
 */
function badge(channel: SidebarChannel, name: string): TemplateResult | string {
  const d = channel.icon ? undefined : channelIcon(channel.name);
  if (!d) return channel.icon ?? name.slice(0, 1);
  return html`<svg class="la-icon" viewBox=${BADGE_VIEWBOX} width="24" height="24" display="block" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false"><path d=${d}></path></svg>`;
}

const reported = new WeakSet<object>();

/**
 * Whether the launcher can render `c`: the loader's tiny copy of the channel schema's rule for what it
 * renders (src/app/section.ts `channelSchema` holds the whole rule; the loader may not import valibot).
 */
const renderable = (c: Partial<Record<string, unknown>> | null) =>
  typeof c?.name == 'string' && c.name != '' && ['displayName', 'displayTitle', 'icon', 'i18n'].every((k) => c[k] == null || typeof c[k] == 'string');

/**
 * The channels to show: the element's `channels` attribute or the plugin's list, filtered by enable and
 * availability. Checked before rendering, at most 50 (`MAX_CHANNELS`); a bad item of the attribute is
 * reported once by its path and dropped — by the hand check below until the plugin's chunk is loaded,
 * then by the whole schema (`SidebarHost.checkChannels`).
 */
export function channelsOf(host: SidebarHost, all = false): SidebarChannel[] {
  const context = host.actor?.getSnapshot().context;
  const raw = host.parsedAttributes.channels;
  const check = (host.constructor as SidebarHostClass).checkChannels;
  const own = raw !== undefined && check ? check(raw) : raw;
  const list = (own ?? context?.channels ?? host.app.section('sidebar').channels) as unknown;
  if (!Array.isArray(list)) return [];
  const available = context?.available;
  const good = list.slice(0, 50).filter((c, i) => {
    const ok = renderable(c);
    if (!ok && list == own && !reported.has(list))
      console.error(
        `[live-assist] <la-sidebar channels>[${i}]: each channel must be an object with a name, and text in displayName, displayTitle, icon and i18n`,
      );
    return ok;
  }) as SidebarChannel[];
  reported.add(list);
  return good.filter((c) => c.enable !== false && (all || !available || available.includes(c.name)));
}

/**
 * Runs a channel: its `onClick` (configuration functions only) or its bus command, as the Sidebar.
 * The command's name comes from configuration or the `channels` attribute (markup), so it goes through
 * `channelCommand`: only a widget's open or show command runs; any other is refused and logged, named
 * by its path as the schemas name a configured one (`<la-sidebar channels>[0].clickCommand: …`).
 */
function run(host: SidebarHost, channel: SidebarChannel): void {
  if (typeof channel.onClick === 'function') return void channel.onClick(channel);
  if (!channel.clickCommand) return;
  const own = host.parsedAttributes.channels;
  const at = Array.isArray(own) && own.includes(channel) ? `<la-sidebar channels>[${own.indexOf(channel)}].clickCommand` : `sidebar channel ${channel.name}`;
  host.app.bus
    .channelCommand(channel.clickCommand, channel.clickOptions, { commander: 'Sidebar' })
    .catch((error: unknown) => console.error(`[live-assist] ${at}: ${(error as Error)?.message ?? error}`));
}

/**
 * A channel button was activated: `la-channel-click` goes out at once, inside the visitor's click as a
 * native event would (a host's handler sees it before the click returns), then the channel runs —
 * after `before` (the mobile overlay closing) when there is one.
 */
function activate(host: SidebarHost, channel: SidebarChannel, before?: () => Promise<unknown>): void {
  host.emit('channel-click', { name: channel.name });
  if (!before) return run(host, channel);
  void before()
    .catch(() => undefined)
    .then(() => run(host, channel));
}

/** A channel's row as the list shows it now. */
interface ChannelRow {
  /** The channel's name, numbered from its second occurrence on: each row keeps its own nodes. */
  key: string;
  channel: SidebarChannel;
  name: string;
  title: string;
  hidden: boolean;
}

/**
 * A channel's `<li><button>`: lit keeps it for its key, so its click runs the row it was last rendered
 * with, never an older copy of the channel.
 */
const channelItem = (host: SidebarHost, row: ChannelRow, before?: () => Promise<unknown>) =>
  html`<li ?hidden=${row.hidden}><button type="button" class="la-sidebar__button" part="channel" data-channel=${row.channel.name} title=${row.title} @click=${() => activate(host, row.channel, before)}><span class="la-sidebar__icon" aria-hidden="true">${badge(row.channel, row.name)}</span><span class="la-sidebar__name">${row.name}</span></button></li>`;

/** Lists whose item moves keep focus (see `keepFocusOnMove`). */
const moving = new WeakSet<Element>();

/**
 * lit's `repeat` moves a list item with `insertBefore`, which takes it out of the document for a moment
 * and so drops keyboard focus from a button in it; `moveBefore` (where the browser has it) moves it
 * without that, so the focused channel keeps focus while the list is reordered.
 */
export function keepFocusOnMove(list: Element | null): void {
  if (!list || moving.has(list) || !('moveBefore' in list)) return;
  moving.add(list);
  const move = (list as Element & { moveBefore(node: Node, child: Node | null): void }).moveBefore;
  const insert = list.insertBefore;
  list.insertBefore = function <T extends Node>(this: Element, node: T, child: Node | null): T {
    if (node.parentNode !== this) return insert.call(this, node, child) as T;
    move.call(this, node, child);
    return node;
  };
}

/**
 * Every enabled channel's button in a list, by channel: those the availability rule leaves out are
 * `hidden`, so a button stays the same node for its channel while the list changes (keyboard focus and a
 * pointer stay on the channel they were on, never on a neighbour that moved into its place).
 */
export function buttons(host: SidebarHost, before?: () => Promise<unknown>): TemplateResult {
  const { t } = host.app.t;
  const shown = channelsOf(host);
  const seen = new Map<string, number>();
  const rows = channelsOf(host, true).map((channel): ChannelRow => {
    const n = seen.get(channel.name) ?? 0;
    seen.set(channel.name, n + 1);
    return {
      key: n ? `${channel.name}\u0000${n}` : channel.name,
      channel,
      name: channel.displayName ?? t(channel.i18n ?? `sidebar.channel.${channel.name}.name`),
      title: channel.displayTitle ?? t(`sidebar.channel.${channel.name}.title`),
      hidden: !shown.some((s) => s.name === channel.name),
    };
  });
  return html`<ul class="la-sidebar__list">${repeat(
    rows,
    (row) => row.key,
    (row) => channelItem(host, row, before),
  )}</ul>`;
}

/** Renders the channel buttons into `container` (the mobile channel list), keeping focus on moves. */
export function drawButtons(host: SidebarHost, container: HTMLElement, before?: () => Promise<unknown>): void {
  render(buttons(host, before), container);
  keepFocusOnMove(container.querySelector(':scope > ul'));
}

/** Whether the pointer or keyboard focus is in each sidebar's strip. */
const engaged = new WeakMap<SidebarHost, { pointer: boolean; focus: boolean }>();

/** Loads the Sidebar plugin (a bus command does); failures leave the configured launcher as it is. */
function load(host: SidebarHost): void {
  void host.app.bus.command('Sidebar.getState', undefined, { commander: 'Sidebar' }).catch(() => undefined);
}

/** Pointer or focus entered or left the strip: the actor expands or contracts after its delays (loaded on the first). */
function engage(host: SidebarHost, kind: 'pointer' | 'focus', on: boolean): void {
  const state = engaged.get(host) ?? { pointer: false, focus: false };
  engaged.set(host, state);
  const was = state.pointer || state.focus;
  state[kind] = on;
  const is = state.pointer || state.focus;
  if (!host.actor) return void (is && load(host));
  if (is !== was) host.actor.send({ type: is ? 'pointer.enter' : 'pointer.leave' });
}

/**
 * The strip's behaviour while the sidebar is on the page: once the Sidebar plugin has loaded (on intent,
 * or when idle for the deployment's availability rule: src/boot.ts), its chunk checks the `channels`
 * attribute again with the whole schema, its actor drives the strip, and its `channels.show` opens the
 * mobile channel list (a lazy chunk).
 */
export function attach(element: LaElement): () => void {
  const host = element as SidebarHost;
  let off = () => undefined as void;
  let gone = false;
  void host.app.whenProvided('Sidebar').then((actor) => {
    // The plugin's chunk (loaded by now) checks the `channels` attribute again with the whole schema.
    const LaSidebar = host.constructor as SidebarHostClass;
    void import('../../src/plugins/sidebar/sidebar.ts').then((plugin) => {
      LaSidebar.checkChannels ??= plugin.attributeChannels;
      if (!gone) host.render();
    });
    // At once, not after that import: the command that loaded the plugin may be the one that emits `channels.show`.
    if (gone || host.actor) return;
    host.actor = actor;
    const rendering = actor.subscribe(() => host.render());
    const listing = actor.on('channels.show', () =>
      import('./channel-list.ts')
        .then((list) => list.showChannelList(host, (container, close) => drawButtons(host, container, close)))
        .catch((error: unknown) => console.error('[live-assist]', error)),
    );
    off = () => (rendering.unsubscribe(), listing.unsubscribe());
    const state = engaged.get(host);
    if (state?.pointer || state?.focus) actor.send({ type: 'pointer.enter' });
    host.render();
  });
  return () => {
    gone = true;
    off();
    host.actor = undefined;
  };
}

/**
 * The launcher, drawn without React (a chunk of its own, fetched when a sidebar connects) with lit-html,
 * updated in place on each render: the strip with one button per channel, expanded or collapsed as the
 * Sidebar actor says (the actor arrives with the plugin chunk on first intent or when the browser is
 * idle), or in mobile mode one 'Need help?' button.
 */
export function draw(element: LaElement, root: HTMLElement, end: ChildNode): void {
  const host = element as SidebarHost;
  render(launcher(host), root, { renderBefore: end });
  const nav = root.querySelector<HTMLElement>(':scope > nav');
  const list = nav?.querySelector(':scope > ul') ?? null;
  keepFocusOnMove(list);
  // A focused channel the availability rule has just hidden hands focus to the first one shown.
  const focused = host.shadowRoot?.activeElement;
  if (focused && nav?.contains(focused) && focused.closest('[hidden]')) list?.querySelector<HTMLElement>('li:not([hidden]) > button')?.focus();
}

/** The strip's `nav` reports pointer and focus (engage); the mobile button opens the channel list. */
function launcher(host: SidebarHost): TemplateResult | typeof nothing {
  const { app } = host;
  if (!app.isReady) return nothing;
  const { t } = app.t;
  const snapshot = host.actor?.getSnapshot();
  // The machine's tags (machines/README.md): 'shown' while open, 'expanded' also while waiting to contract.
  if (snapshot ? !snapshot.hasTag('shown') : app.section('sidebar').showOnStartup === false) return nothing;
  if (channelsOf(host).length === 0) return html`<p class="la-element-error" role="alert">${t('sidebar.noChannels')}</p>`;
  const side = app.section('sidebar').position === 'left' ? ' la-sidebar--left' : '';
  if (app.environment.value.mobile) {
    const show = () => host.app.bus.command('Sidebar.showChannels', undefined, { commander: 'Sidebar' });
    return html`<button type="button" part="mobile-button" aria-haspopup="dialog" class=${`la-sidebar-mobile${side} cx-widget cx-sidebar cx-mobile ${host.themeClass}`} @click=${show}>${t('sidebar.mobileTitle')}</button>`;
  }
  const expanded = snapshot?.hasTag('expanded') ?? false;
  const leave = (e: FocusEvent) => !(e.currentTarget as Node).contains(e.relatedTarget as Node | null) && engage(host, 'focus', false);
  return html`<nav part="sidebar" class=${`la-sidebar${side}${expanded ? ' la-sidebar--expanded' : ''} cx-widget cx-sidebar ${host.themeClass}`} aria-label=${t('sidebar.label')} @pointerenter=${() => engage(host, 'pointer', true)} @pointerleave=${() => engage(host, 'pointer', false)} @focusin=${() => engage(host, 'focus', true)} @focusout=${leave}>${buttons(host)}<p class="la-sidebar__footer" part="footer">${t('common.poweredBy')} <b>live-assist</b></p></nav>`;
}
