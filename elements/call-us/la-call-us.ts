import { LaElement } from '../common/host.ts';

/**
 * The call-us panel: the main number large, the others as alternates (`tel:` links), the opening
 * hours and the Available line, and — while co-browse is online, not started and a chat agent is
 * connected — the co-browse offer with its warning dialog. `CallUs.open` shows it inside the shared
 * overlay; Cancel closes it.
 *
 * @tag la-call-us
 * @summary Helpline numbers, opening hours and the co-browse offer, shown in the overlay.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The panel opened.
 * @fires la-closed - The panel closed.
 * @csspart root - The element's root wrapper.
 * @csspart number - Each telephone link.
 * @cssprop --la-callus-main-size - Font size of the main number (set by the fitting, at most 36px).
 */
export class LaCallUsElement extends LaElement {
  static override spec = {
    tag: 'la-call-us',
    plugin: 'CallUs',
    attributes: { theme: 'string' as const },
    view: () => import('./call-us.view.tsx').then((m) => m.default),
  };
}
