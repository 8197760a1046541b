import { useEffect, useId, useRef } from 'react';
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

function OverlayView({ controller: actor }: ViewProps<OverlayActor>) {
  const { app } = useView();
  const entry = useSelector(actor, (s) => s.context.current);
  const titleId = useId();
  const windowRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const close = () => void app.bus.command('Overlay.close', undefined, { commander: 'Overlay' }).catch(() => undefined);

  // Focus moves into the overlay when it opens and returns where it was when it closes.
  const open = entry !== null;
  useEffect(() => {
    if (!open) return;
    const previous = app.window.document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    app.window.addEventListener('keydown', onKey);
    return () => {
      app.window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    const body = bodyRef.current;
    if (!entry || !body) return;
    const nodes = toNodes(entry.content);
    body.replaceChildren(...nodes);
    requestAnimationFrame(() => {
      const first = body.querySelector<HTMLElement>('button, [href], input, select, textarea')
        ?? (body.firstElementChild as HTMLElement | null)?.shadowRoot?.querySelector<HTMLElement>('button, [href], input') ?? null;
      (first ?? windowRef.current)?.focus();
    });
    // Removed after React's commit: a content element with its own React root unmounts outside this render.
    return () => queueMicrotask(() => nodes.forEach((node) => node.parentNode === body && body.removeChild(node)));
  }, [entry]);

  if (!entry) return null;
  const title = entry.title ?? '';
  return (
    <div className={`la-overlay la-overlay--${entry.position}`}>
      {entry.modal ? <div className="la-overlay__backdrop" part="backdrop" onClick={close} /> : null}
      <section
        ref={windowRef}
        className="la-overlay__window"
        part="window"
        role="dialog"
        aria-modal={entry.modal}
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : app.t.t('overlay.label')}
        tabIndex={-1}
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
