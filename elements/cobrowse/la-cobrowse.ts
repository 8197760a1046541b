import { LaElement } from '../common/host.ts';

/**
 * Co-browse on the visitor's side: the warning dialog a start asks first (Cancel / Start Co-browse),
 * then the 'Co-browse on — Stop' bar, shown for as long as the page is shared. The Cobrowse plugin
 * appends it to the page when a start asks the visitor; a page may place it itself.
 *
 * @tag la-cobrowse
 * @summary The co-browse warning dialog and the bar shown while the page is shared.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-online - Co-browse is online.
 * @fires la-offline - Co-browse went offline.
 * @fires la-started - A session started (`detail: { token }`).
 * @fires la-stopped - The session ended (`detail: { reason }`: visitor, agent, ended, failed).
 * @csspart root - The element's root wrapper.
 * @csspart bar - The bar shown while the page is shared.
 * @csspart stop - The bar's Stop button.
 * @csspart smokescreen - The layer behind the warning dialog.
 */
export class LaCobrowseElement extends LaElement {
  static override spec = {
    tag: 'la-cobrowse',
    plugin: 'Cobrowse',
    attributes: { theme: 'string' as const },
    view: () => import('./cobrowse.view.tsx').then((m) => m.default),
  };
}
