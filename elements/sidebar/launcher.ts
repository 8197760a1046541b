import { html, nothing } from 'lit-html';
import type { TemplateResult } from 'lit-html';
import type { LaElement } from '../common/host.ts';
import type { LaSidebarElement } from './la-sidebar.ts';
import type { SidebarChannel } from '../../machines/sidebar.machine.ts';
import { BADGE_VIEWBOX, channelIcon } from '../common/icons.ts';

/**
 * A channel's badge: its outline icon (elements/common/icons.ts) as an SVG in the text colour, or a
 * configured `icon` text, or the name's first letter. Hidden from assistive technology: the button's
 * text names the channel.
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
 * then by the whole schema (`LaSidebarElement.checkChannels`).
 */
export function channelsOf(host: LaSidebarElement, all = false): SidebarChannel[] {
  const context = host.actor?.getSnapshot().context;
  const raw = host.parsedAttributes.channels;
  const check = (host.constructor as typeof LaSidebarElement).checkChannels;
  const own = raw !== undefined && check ? check(raw) : raw;
  const list = (own ?? context?.channels ?? host.app.section('sidebar').channels) as unknown;
  if (!Array.isArray(list)) return [];
  const available = context?.available;
  const good = list.slice(0, 50).filter((c, i) => {
    const ok = renderable(c);
    if (!ok && list == own && !reported.has(list)) console.error(`[live-assist] <la-sidebar channels>[${i}]: each channel must be an object with a name, and text in displayName, displayTitle, icon and i18n`);
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
function run(host: LaSidebarElement, channel: SidebarChannel): void {
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
function activate(host: LaSidebarElement, channel: SidebarChannel, before?: () => Promise<unknown>): void {
  host.emit('channel-click', { name: channel.name });
  if (!before) return run(host, channel);
  void before()
    .catch(() => undefined)
    .then(() => run(host, channel));
}

/**
 * Every enabled channel gets its button; those the availability rule leaves out are `hidden`, so a
 * button stays the same node for its channel while the list changes (keyboard focus and a pointer stay
 * on the channel they were on, never on a neighbour that moved into its place).
 */
export function buttons(host: LaSidebarElement, before?: () => Promise<unknown>): TemplateResult {
  const { t } = host.app.t;
  const shown = channelsOf(host);
  return html`<ul class="la-sidebar__list">
    ${channelsOf(host, true).map((c) => {
      const name = c.displayName ?? t(c.i18n ?? `sidebar.channel.${c.name}.name`);
      return html`<li ?hidden=${!shown.some((s) => s.name === c.name)}>
        <button type="button" class="la-sidebar__button" part="channel" data-channel=${c.name} title=${c.displayTitle ?? t(`sidebar.channel.${c.name}.title`)}
          @click=${() => activate(host, c, before)}>
          <span class="la-sidebar__icon" aria-hidden="true">${badge(c, name)}</span>
          <span class="la-sidebar__name">${name}</span>
        </button>
      </li>`;
    })}
  </ul>`;
}

/**
 * The launcher, rendered with lit-html by the loader (no React): the strip with one button per
 * channel, expanded or collapsed as the Sidebar actor says (the actor arrives with the plugin chunk
 * on first intent or when the browser is idle), or in mobile mode one 'Need help?' button.
 */
export function sidebarLauncher(element: LaElement): TemplateResult | typeof nothing {
  const host = element as LaSidebarElement;
  const { app } = host;
  if (!app.isReady) return nothing;
  const { t } = app.t;
  const snapshot = host.actor?.getSnapshot();
  // The machine's tags (machines/README.md): 'shown' while open, 'expanded' also while waiting to contract.
  if (snapshot ? !snapshot.hasTag('shown') : app.section('sidebar').showOnStartup === false) return nothing;
  const channels = channelsOf(host);
  if (channels.length === 0) return html`<p class="la-element-error" role="alert">${t('sidebar.noChannels')}</p>`;
  const side = app.section('sidebar').position === 'left' ? ' la-sidebar--left' : '';
  if (app.environment.value.mobile) {
    return html`<button type="button" class="la-sidebar-mobile${side}" part="mobile-button" aria-haspopup="dialog"
      @click=${() => host.app.bus.command('Sidebar.showChannels', undefined, { commander: 'Sidebar' })}>${t('sidebar.mobileTitle')}</button>`;
  }
  const expanded = snapshot?.hasTag('expanded') ?? false;
  return html`<nav class="la-sidebar${side}${expanded ? ' la-sidebar--expanded' : ''}" part="sidebar" aria-label=${t('sidebar.label')}
    @pointerenter=${() => host.engage('pointer', true)} @pointerleave=${() => host.engage('pointer', false)}
    @focusin=${() => host.engage('focus', true)}
    @focusout=${(e: FocusEvent) => !(e.currentTarget as Node).contains(e.relatedTarget as Node) && host.engage('focus', false)}>
    ${buttons(host)}
    <p class="la-sidebar__footer" part="footer">${t('common.poweredBy')} <b>live-assist</b></p>
  </nav>`;
}
