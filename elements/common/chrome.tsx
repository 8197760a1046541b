import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type Ref } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sideButtonMachine } from '../../machines/side-button.machine.ts';
import { useEnvironment, useT, useView } from './context.ts';
import { canTakeFocus, composedContains, firstTabbable, pageAround, tabbables, useModal } from './modal.ts';
import { chevronDown, chevronUp, x } from './window-icons.ts';

/**
 * The shared window chrome of the spec's "Common container": window, title bar (icon, title,
 * subtitle), window controls (minimize, close), body, button groups, 'Powered by' footer,
 * smokescreen and the loading screen. Dialogs are in dialogs.tsx, focus and modality in modal.ts.
 *
 * Beside our classes and parts, each piece carries the class Genesys Widgets gives its own
 * (`cx-titlebar`, `cx-btn-primary` …: docs/genesys/styling.md), so a site's stylesheet written for
 * Widgets (`main.customStylesheetID`) restyles ours.
 */

export type WindowKind = 'dock' | 'overlay' | 'toast' | 'embedded';

export interface WindowProps {
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  kind?: WindowKind;
  minimized?: boolean;
  onMinimize?: () => void;
  onClose?: () => void;
  footer?: ReactNode;
  /** Focus the first control when the window opens (default: docked windows do). */
  autoFocus?: boolean;
  /** The sidebar channel that launches this window: focus goes to its button when the opener is gone. */
  channel?: string;
  /**
   * The window's own side button (its plugin's side-button actor; the button is drawn in this element's
   * shadow root): on a page without a sidebar, focus goes to it when the window closes and the opener is gone.
   */
  sideButton?: ActorRefFrom<typeof sideButtonMachine>;
  children: ReactNode;
}

/**
 * The launcher on the page: the sidebar's button for `channel`, else its first control (the 'Need help?'
 * button on a phone). Where focus goes when a window closes and the control that opened it is gone.
 */
export function launcherControl(channel?: string, doc: Document = document): HTMLElement | undefined {
  const sidebar = doc.querySelector('la-sidebar');
  if (!sidebar) return undefined;
  const button = channel ? sidebar.shadowRoot?.querySelector<HTMLElement>(`button[data-channel="${CSS.escape(channel)}"]`) : null;
  return button ?? firstTabbable(sidebar);
}

/**
 * The side button of `host` (elements/common/side-button.ts), ready for focus: when it is only waiting out
 * its openDelay after the window closed, it is shown now (`focus.return`; its actor's subscription redraws
 * it in the same task, so it is visible and named before it takes focus). None while it is hidden or aside.
 */
function sideButtonControl(host: Element, actor: WindowProps['sideButton']): HTMLElement | undefined {
  if (!actor) return undefined;
  if (actor.getSnapshot().can({ type: 'focus.return' })) actor.send({ type: 'focus.return' });
  if (!actor.getSnapshot().hasTag('visible')) return undefined;
  return host.shadowRoot?.querySelector<HTMLElement>('[part=side-button]') ?? undefined;
}

/** Document order (of our elements' hosts). */
const byDocumentOrder = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);

function inView(el: Element): boolean {
  const box = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  return !!view && box.bottom > 0 && box.right > 0 && box.top < view.innerHeight && box.left < view.innerWidth;
}

/**
 * Where focus goes when a docked window of `host` closes and the control that opened it cannot take it back
 * (gone, hidden, or the window's side button stepping aside). Never <body>; the first that can take focus of:
 * 1. the launcher on the page: the sidebar's button for `channel`, else its first control (`launcherControl`);
 * 2. the window's own side button, shown at once (`sideButtonControl`);
 * 3. the first control of another of our elements on the page (another side button, another docked window);
 * 4. the first control of the page that is in view, else its first: near the visitor's place, not a jump to the top.
 */
export function closedWindowFocus(host: Element, others: Iterable<Element>, channel?: string, sideButton?: WindowProps['sideButton']): HTMLElement | undefined {
  const doc = host.ownerDocument;
  const launcher = launcherControl(channel, doc);
  if (canTakeFocus(launcher)) return launcher;
  const button = sideButtonControl(host, sideButton);
  if (canTakeFocus(button)) return button;
  const elements = [...others].filter((el) => el.isConnected && !composedContains(el, host) && !composedContains(host, el)).sort(byDocumentOrder);
  for (const element of elements) {
    const first = tabbables(element).find(canTakeFocus);
    if (first) return first;
  }
  const page = tabbables(doc.body).filter((el) => !composedContains(host, el) && canTakeFocus(el));
  return page.find(inView) ?? page[0];
}

/**
 * The classes of a widget's outermost box, as Widgets names its own: `cx-widget`, the widget's
 * (`cx-callback`; the chat's `cx-webchat`) and the theme's (`LaElement.themeClass`); follows the theme.
 */
export function useWidgetClass(): string {
  const { host } = useView();
  useEnvironment();
  const widget = host.localName === 'la-chat' ? 'webchat' : host.localName.replace(/^la-/, '');
  return `cx-widget cx-${widget} ${host.themeClass}`;
}

export function Window({
  title,
  subtitle,
  icon,
  kind = 'dock',
  minimized,
  onMinimize,
  onClose,
  footer,
  autoFocus = kind === 'dock',
  channel,
  sideButton,
  children,
}: WindowProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const { app, host } = useView();
  const env = useEnvironment();
  const looks = useWidgetClass();
  const docked = kind === 'dock';
  // On a phone a docked window fills the screen: then it is a modal dialog over the whole page.
  const fullScreen = docked && env.mobile && !minimized;
  // Full screen: a page-level modal layer (focus trapped, the page around inert, Escape asks to close). It
  // gives no focus back itself (it also closes when the window is minimised or leaves the phone layout);
  // the docked layer below does that when the window closes. Opened before it and without moving focus,
  // so both remember the control that opened the window.
  useModal(ref, fullScreen, { inert: pageAround, initialFocus: () => false, onEscape: () => onClose?.(), returnFocus: false });
  // Every docked window: a non-trapping layer — Escape inside it asks to close (the machine's `close`, with
  // its confirmation when data was typed) and, when it closes, focus goes back to the control that opened
  // it, or to the launcher (the sidebar's, else the window's side button …: `closedWindowFocus`), never to <body>.
  // The layer itself moves no focus: the effect below is the window's one focus step.
  useModal(ref, docked, {
    within: (el) => el,
    trap: false,
    initialFocus: () => false,
    onEscape: () => onClose?.(),
    fallbackFocus: () => closedWindowFocus(host, app.elements, channel, sideButton),
  });
  // A docked window opened by the visitor takes focus (its body's first control, else its title bar's), so
  // keyboard and screen-reader users land in it; one opened by the site (a proactive callback) and an
  // embedded form never steal focus from the page. A full-screen window always takes it.
  // Once, as the window mounts: how it opened decides, not later changes of these props.
  const focusOnOpen = useEffectEvent(() => {
    const win = ref.current;
    if (!(autoFocus || fullScreen) || minimized || !win) return;
    const body = win.querySelector('.la-window__body');
    ((body && firstTabbable(body)) ?? firstTabbable(win))?.focus();
  });
  useEffect(() => focusOnOpen(), []);
  return (
    <section
      ref={ref}
      className={`la-window la-window--${kind}${minimized ? ' la-window--minimized cx-minimize' : ''} ${looks} cx-common-container${env.mobile ? ' cx-mobile' : ''}`}
      role={docked ? 'dialog' : undefined}
      aria-modal={fullScreen || undefined}
      aria-labelledby={titleId}
      part="window"
    >
      <TitleBar id={titleId} title={title} subtitle={subtitle} icon={icon}>
        <WindowControls title={title} minimized={minimized} onMinimize={onMinimize} onClose={onClose} />
      </TitleBar>
      {minimized ? null : (
        <>
          <div className="la-window__body cx-body" part="body">
            {children}
          </div>
          {footer ?? <PoweredBy />}
        </>
      )}
    </section>
  );
}

export function TitleBar({ id, title, subtitle, icon, children }: { id: string; title: string; subtitle?: string; icon?: ReactNode; children?: ReactNode }) {
  return (
    <header className="la-titlebar cx-titlebar" part="titlebar">
      {icon ? (
        <span className="la-titlebar__icon cx-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div className="la-titlebar__text">
        <h2 id={id} className="la-titlebar__title cx-title">
          {title}
        </h2>
        {subtitle ? <p className="la-titlebar__subtitle">{subtitle}</p> : null}
      </div>
      {children}
    </header>
  );
}

export function WindowControls({
  title,
  minimized,
  onMinimize,
  onClose,
}: {
  title: string;
  minimized?: boolean;
  onMinimize?: () => void;
  onClose?: () => void;
}) {
  const t = useT();
  return (
    <ButtonGroup variant="window-control">
      {onMinimize ? (
        <button
          type="button"
          className="la-icon-button cx-button-minimize"
          aria-label={t.t(minimized ? 'common.maximize' : 'common.minimize')}
          aria-expanded={!minimized}
          onClick={onMinimize}
        >
          <Icon d={minimized ? chevronUp : chevronDown} size={20} />
        </button>
      ) : null}
      {onClose ? (
        <button type="button" className="la-icon-button cx-button-close" aria-label={t.t('common.closeWindow', { title })} onClick={onClose}>
          <Icon d={x} size={20} />
        </button>
      ) : null}
    </ButtonGroup>
  );
}

/**
 * An outline icon (lucide's style: elements/common/icons.ts, window-icons.ts): one path `d` on the
 * 24 x 24 grid (or `viewBox`), stroked in the text colour, hidden from assistive technology (the
 * control it sits in is named). `block` lays it out as a block (a badge that centres it); `width` wider
 * than `size` with a wider `viewBox` leaves room after it (an icon before a label, without CSS).
 */
export function Icon({
  d,
  size = 24,
  width = size,
  viewBox = '0 0 24 24',
  block,
}: {
  d: string;
  size?: number;
  width?: number;
  viewBox?: string;
  block?: boolean;
}) {
  return (
    <svg
      className="la-icon"
      viewBox={viewBox}
      width={width}
      height={size}
      display={block ? 'block' : undefined}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export type ButtonGroupVariant = 'binary' | 'default' | 'primary' | 'window-control';

export function ButtonGroup({ variant = 'default', children }: { variant?: ButtonGroupVariant; children: ReactNode }) {
  return <div className={`la-buttons la-buttons--${variant} cx-button-group cx-buttons-${variant}`}>{children}</div>;
}

export function Button({ variant = 'default', ...props }: { variant?: 'default' | 'primary' } & React.ComponentProps<'button'>) {
  return (
    <button type="button" {...props} className={`la-button la-button--${variant} cx-btn cx-btn-${variant}${props.className ? ` ${props.className}` : ''}`} />
  );
}

export function PoweredBy() {
  const t = useT();
  return (
    <footer className="la-powered-by cx-footer cx-powered-by" part="footer">
      {t.t('common.poweredBy')} <span className="la-powered-by__logo">live-assist</span>
    </footer>
  );
}

export function Smokescreen({ children, ref }: { children?: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="la-smokescreen cx-smokescreen" part="smokescreen">
      {children}
    </div>
  );
}

export function LoadingScreen({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="la-loading" role="status" aria-live="polite">
      <span className="la-spinner" aria-hidden="true" />
      <span>{label ?? t.t('common.loading')}</span>
    </div>
  );
}
