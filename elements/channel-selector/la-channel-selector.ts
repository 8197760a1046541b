import { LaElement } from '../common/host.ts';

/**
 * The 'Live Assistance' channel selector: one tile per configured channel with its icon, name and
 * status (Available, Wait Time with minutes, Unavailable). `ChannelSelector.open` shows it inside the
 * shared overlay; a click closes it and runs the channel.
 *
 * @tag la-channel-selector
 * @summary Channel tiles with live wait-time status, shown in the overlay.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The selector opened.
 * @fires la-closed - The selector closed.
 * @csspart root - The element's root wrapper.
 * @csspart tile - Each channel tile.
 * @cssprop --la-warning - Colour of the warning status.
 * @cssprop --la-danger - Colour of the alert status.
 */
export class LaChannelSelectorElement extends LaElement {
  static override spec = {
    tag: 'la-channel-selector',
    plugin: 'ChannelSelector',
    attributes: { theme: 'string' as const },
    view: () => import('./channel-selector.view.tsx').then((m) => m.default),
  };
}
