import { html, nothing } from 'lit-html';
import type { TemplateResult } from 'lit-html';
import type { LaElement } from '../common/host.ts';

/** One channel of `sidebar.channels` in the host configuration. */
export interface SidebarChannel {
  name: string;
  clickCommand?: string;
  clickOptions?: unknown;
  displayName?: string;
  title?: string;
  icon?: string;
}

const isChannel = (value: unknown): value is SidebarChannel =>
  typeof value === 'object' && value !== null && typeof (value as SidebarChannel).name === 'string';

/** The configured channels; bad entries are dropped with a console error (never a blank sidebar). */
export function readChannels(host: LaElement): SidebarChannel[] {
  const fromAttribute = host.parsedAttributes.channels;
  const configured = fromAttribute ?? host.app.section('sidebar').channels;
  if (!Array.isArray(configured) || configured.length === 0) return [];
  return configured.filter(isChannel);
}

/** Runs a channel's command on the bus as the Sidebar; a rejection is reported, never thrown. */
function run(host: LaElement, channel: SidebarChannel): void {
  host.emit('channel-click', { name: channel.name });
  if (!channel.clickCommand) return;
  host.app.bus
    .command(channel.clickCommand as 'App.closeAll', channel.clickOptions as void, { commander: 'Sidebar' })
    .catch((error: unknown) =>
      console.error(`[live-assist] ${channel.clickCommand}: ${error instanceof Error ? error.message : String(error)}`),
    );
}

/**
 * The always-visible launcher, rendered with lit-html in the loader (no React): one button per
 * channel with its icon, name and title. The sidebar's full behaviour (expand on hover, mobile
 * overlay) arrives with its own machine.
 */
export function sidebarLauncher(host: LaElement): TemplateResult | typeof nothing {
  const { app } = host;
  if (!app.isReady) return nothing;
  const { t } = app.t;
  const channels = readChannels(host);
  if (channels.length === 0) {
    return html`<p class="la-element-error" role="alert">${t('sidebar.noChannels')}</p>`;
  }
  return html`<nav class="la-sidebar" part="sidebar" aria-label=${t('sidebar.label')}>
    <ul class="la-sidebar__list">
      ${channels.map((channel) => {
        const name = channel.displayName ?? t(`sidebar.channel.${channel.name}.name`);
        const title = channel.title ?? t(`sidebar.channel.${channel.name}.title`);
        return html`<li>
          <button type="button" class="la-sidebar__button" part="channel" title=${title} @click=${() => run(host, channel)}>
            <span class="la-sidebar__icon" aria-hidden="true">${channel.icon ?? name.slice(0, 1)}</span>
            <span class="la-sidebar__name">${name}</span>
          </button>
        </li>`;
      })}
    </ul>
  </nav>`;
}
