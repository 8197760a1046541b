import { LaElement } from '../common/host.ts';
import sheet from '../../styles/sidebar.css' with { type: 'css' };
import { sidebarLauncher } from './launcher.ts';

/**
 * The helpline launcher on the page edge: one button per configured channel (call us, callback,
 * web chat, send message …), each running its channel's bus command.
 *
 * @tag la-sidebar
 * @summary Always-visible launcher with one button per contact channel.
 * @attr {string} channels - JSON array of channels `{ name, clickCommand, clickOptions, displayName, title, icon }`; defaults to `liveAssistConfig.sidebar.channels`.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-channel-click - A channel button was activated; `detail.name` is the channel.
 * @csspart root - The element's root wrapper.
 * @csspart sidebar - The launcher's navigation landmark.
 * @csspart channel - Each channel button.
 * @cssprop --la-accent - Accent colour.
 * @cssprop --la-bg - Background.
 * @cssprop --la-fg - Text colour.
 */
export class LaSidebarElement extends LaElement {
  static override spec = {
    tag: 'la-sidebar',
    attributes: { channels: 'json' as const, theme: 'string' as const },
    sheets: [sheet],
    launcher: sidebarLauncher,
  };
}
