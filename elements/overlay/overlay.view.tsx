import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { PoweredBy, TitleBar, WindowControls } from '../common/chrome.tsx';
import { useView } from '../common/context.ts';
import { sanitizeHtml } from '../common/sanitize.ts';
import type { OverlayActor } from '../../src/plugins/overlay.ts';
import sheet from '../../styles/overlay.css' with { type: 'css' };

/** An HTML string is sanitised (elements/common/sanitize.ts); a node from a plugin is used as it is. */
function toNodes(content: unknown): Node[] {
  return content instanceof Node ? [content] : sanitizeHtml(String(content));
}

const tabbable = 'button:not([disabled]), [href], input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The overlay's focusable controls in Tab order, inside nested shadow roots (the content elements) too. */
function tabbables(parent: ParentNode, out: HTMLElement[] = []): HTMLElement[] {
  for (const el of Array.from(parent.children) as HTMLElement[]) {
    if (el.matches(tabbable) && el.getClientRects().length > 0) out.push(el);
    if (el.shadowRoot) tabbables(el.shadowRoot, out);
    tabbables(el, out);
  }
  return out;
}

/** The focused element itself: `document.activeElement` stops at the outermost shadow host. */
function deepActive(doc: Document): HTMLElement | null {
  let active = doc.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/** The element in the document that holds `node` through any number of shadow roots. */
function outermost(node: Node): Node {
  let root = node.getRootNode();
  while (root instanceof ShadowRoot) {
    node = root.host;
    root = node.getRootNode();
  }
  return node;
}

function OverlayView({ controller: actor }: ViewProps<OverlayActor>) {
  const { app } = useView();
  const entry = useSelector(actor, (s) => s.context.current);
  const titleId = useId();
  const windowRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const close = () => void app.bus.command('Overlay.close', undefined, { commander: 'Overlay' }).catch(() => undefined);

  // Focus moves into the overlay when it opens and returns to the control that had it (inside a shadow
  // root too, e.g. the sidebar's button) when it closes, unless another window has taken focus since.
  const open = entry !== null;
  useEffect(() => {
    if (!open) return;
    const doc = app.window.document;
    const previous = deepActive(doc);
    const host = windowRef.current ? outermost(windowRef.current) : null;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    app.window.addEventListener('keydown', onKey);
    return () => {
      app.window.removeEventListener('keydown', onKey);
      const now = doc.activeElement;
      if (!now || now === doc.body || now === host) previous?.focus?.();
    };
  }, [open]);

  // A modal overlay keeps Tab and Shift+Tab inside: past the last control to the first and back.
  const trapTab = (event: ReactKeyboardEvent<HTMLElement>) => {
    const section = windowRef.current;
    // A dialog inside the content (its own React root) may already have moved focus within itself.
    if (event.key !== 'Tab' || event.nativeEvent.defaultPrevented || !section || !entry?.modal) return;
    const items = tabbables(section);
    if (items.length === 0) return;
    const active = deepActive(app.window.document);
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const wrapTo = event.shiftKey ? (active === first || active === section ? last : null) : active === last ? first : null;
    if (!wrapTo) return;
    event.preventDefault();
    wrapTo.focus();
  };

  useEffect(() => {
    const body = bodyRef.current;
    if (!entry || !body) return;
    const nodes = toNodes(entry.content);
    body.replaceChildren(...nodes);
    // Focus goes to the content's first control; a content element whose view renders later (its own
    // React root) holds focus on the window until it has one, for up to about two seconds.
    let frames = 0;
    let frame = 0;
    const focusFirst = () => {
      const first = tabbables(body)[0];
      if (first) return first.focus();
      if (frames++ === 0) windowRef.current?.focus();
      if (frames < 120 && deepActive(app.window.document) === windowRef.current) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    // Removed after React's commit: a content element with its own React root unmounts outside this render.
    return () => {
      cancelAnimationFrame(frame);
      queueMicrotask(() => nodes.forEach((node) => node.parentNode === body && body.removeChild(node)));
    };
  }, [entry]);

  if (!entry) return null;
  const title = entry.title ?? '';
  return (
    <div className={`la-overlay la-overlay--${entry.position}`}>
      {entry.modal ? <div className="la-overlay__backdrop" part="backdrop" onClick={close} /> : null}
      <section
        ref={windowRef}
        className="la-overlay__window la-surface"
        part="window"
        role="dialog"
        aria-modal={entry.modal}
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : app.t.t('overlay.label')}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        {title ? (
          <TitleBar id={titleId} title={title} subtitle={entry.subtitle}>
            <WindowControls title={title} onClose={close} />
          </TitleBar>
        ) : (
          <WindowControls title={app.t.t('overlay.label')} onClose={close} />
        )}
        <div ref={bodyRef} className="la-window__body" part="body" />
        <PoweredBy />
      </section>
    </div>
  );
}

export default defineView('la-overlay-view', OverlayView, [sheet]);
