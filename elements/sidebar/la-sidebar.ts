import { LaElement } from '../common/host.ts';
import type { SidebarActor } from '../../src/plugins/sidebar/sidebar.ts';
import type { SidebarChannel } from '../../machines/sidebar.machine.ts';
import type { SidebarHost } from './launcher.ts';

/**
 * The helpline launcher on the page edge: one button per configured channel (call us, callback,
 * web chat, send message …), each running its channel's bus command. 48 px wide, it expands (at least
 * 132 px) 250 ms after the pointer or keyboard focus enters and contracts 500 ms after they leave; in
 * mobile mode it is one 'Need help?' button opening the channel list in an overlay.
 *
 * @tag la-sidebar
 * @summary Always-visible launcher with one button per contact channel.
 * @attr {string} channels - JSON array of channels `{ name, clickCommand, clickOptions, displayName, displayTitle, icon, enable }`; defaults to `liveAssistConfig.sidebar.channels`.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-channel-click - A channel button was activated; `detail.name` is the channel.
 * @fires la-ready - The Sidebar plugin is loaded.
 * @fires la-opened - The sidebar was opened (shown collapsed).
 * @fires la-expanded - The sidebar expanded.
 * @fires la-contracted - The sidebar contracted.
 * @fires la-closed - The sidebar was closed (hidden).
 * @csspart root - The element's root wrapper.
 * @csspart sidebar - The launcher's navigation landmark.
 * @csspart channel - Each channel button.
 * @csspart footer - The 'Powered by' footer.
 * @csspart mobile-button - The single 'Need help?' button in mobile mode.
 * @cssprop --la-accent - Accent colour.
 * @cssprop --la-bg - Background.
 * @cssprop --la-fg - Text colour.
 */
export class LaSidebarElement extends LaElement implements SidebarHost {
  static override spec = {
    tag: 'la-sidebar',
    plugin: 'Sidebar',
    attributes: { channels: 'json' as const, theme: 'string' as const },
    // The strip, its icons and its sheet: a chunk fetched at connection, beside the language pack.
    launcher: () => import('./launcher.ts'),
  };

  /** The Sidebar plugin's actor, once its chunk has loaded (set by the launcher chunk, which holds the strip's behaviour). */
  actor?: SidebarActor;
  /**
   * The plugin chunk's full check of the `channels` attribute (src/plugins/sidebar/sidebar.ts
   * `attributeChannels`), once loaded: every sidebar of the page uses it from then on, from its first render.
   */
  static checkChannels?: (raw: unknown) => SidebarChannel[];
}
