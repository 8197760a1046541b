import { useEffect, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { PoweredBy, TitleBar, WindowControls, closedWindowFocus, useWidgetClass } from '../common/chrome.tsx';
import { useView } from '../common/context.ts';
import { deepActiveElement, otherElements, useModal } from '../common/modal.ts';
import { sanitizeHtml } from '../common/sanitize.ts';
import type { OverlayActor } from '../../src/plugins/overlay/overlay.ts';
import sheet from '../../styles/overlay.css' with { type: 'css' };

/** An HTML string is sanitised (elements/common/sanitize.ts); a node from a plugin is used as it is. */
function toNodes(content: unknown): Node[] {
  return content instanceof Node ? [content] : sanitizeHtml(String(content));
}

function OverlayView({ controller: actor }: ViewProps<OverlayActor>) {
  const { app, host } = useView();
  const entry = useSelector(actor, (s) => s.context.current);
  const titleId = useId();
  const windowRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const looks = useWidgetClass();
  const close = () => void app.bus.command('Overlay.close', undefined, { commander: 'Overlay' }).catch(() => undefined);

  // A layer of the page (elements/common/modal.ts): focus moves to the window (then to the content's first
  // control) and returns, when it closes, to the control that opened it (inside a shadow root too, e.g. the
  // sidebar's button) unless another window has taken focus since, never to <body>; Escape closes it. A modal overlay keeps
  // Tab and Shift+Tab inside (through the content elements' shadow roots) and makes our other elements inert.
  const open = entry !== null;
  const modal = useModal(
    windowRef,
    open,
    {
      trap: !!entry?.modal,
      inert: (section) => (entry?.modal ? otherElements(section, app.elements) : []),
      initialFocus: () => windowRef.current,
      onEscape: close,
      // Opened by a command while focus was on the page's <body>: it goes to a launcher or a control near
      // the visitor's place instead.
      fallbackFocus: () => closedWindowFocus(host, app.elements),
    },
    entry?.modal,
  );

  useEffect(() => {
    const body = bodyRef.current;
    if (!entry || !body) return;
    const nodes = toNodes(entry.content);
    body.replaceChildren(...nodes);
    // Focus goes to the content's first control; a content element whose view renders later (its own
    // React root) leaves focus on the window until it has one, for up to about two seconds.
    let frames = 0;
    let frame = 0;
    const focusFirst = () => {
      if (modal.current?.focusFirst(body)) return;
      if (++frames < 120 && deepActiveElement(app.window.document) === windowRef.current) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    // Removed after React's commit: a content element with its own React root unmounts outside this render.
    return () => {
      cancelAnimationFrame(frame);
      queueMicrotask(() => nodes.forEach((node) => node.parentNode === body && body.removeChild(node)));
    };
  }, [entry, modal, app]);

  if (!entry) return null;
  const title = entry.title ?? '';
  return (
    <div className={`la-overlay la-overlay--${entry.position}`}>
      {entry.modal ? (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a pointer shortcut: Escape and the close button are the keyboard's
        <div className="la-overlay__backdrop" part="backdrop" onClick={close} />
      ) : null}
      <section
        ref={windowRef}
        className={`la-overlay__window la-surface ${looks} cx-common-container`}
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
        <div ref={bodyRef} className="la-window__body cx-body" part="body" />
        <PoweredBy />
      </section>
    </div>
  );
}

export default defineView('la-overlay-view', OverlayView, [sheet]);
