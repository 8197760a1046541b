import { LaElement } from '../common/host.ts';

/**
 * The CXBus console: a developer window that runs any bus command with JSON options and watches
 * events. Opened with `LiveAssist.command('Console.open')`; the app appends the element when the page
 * has none.
 *
 * @tag la-console
 * @summary Developer console for the live-assist bus (plugin, command, JSON options, Execute, event watch).
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The console window opened.
 * @fires la-closed - The console window closed.
 * @csspart root - The element's root wrapper.
 * @csspart window - The window.
 * @csspart titlebar - The title bar.
 * @csspart body - The window body.
 * @csspart footer - The 'Powered by' footer.
 * @cssprop --la-accent - Accent colour of primary buttons.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-fg - Text colour.
 */
export class LaConsoleElement extends LaElement {
  static override spec = {
    tag: 'la-console',
    plugin: 'Console',
    attributes: { theme: 'string' as const },
    view: () => import('./console.view.tsx').then((m) => m.default),
  };
}
