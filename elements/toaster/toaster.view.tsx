import { useEffect, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, TitleBar, WindowControls, useWidgetClass } from '../common/chrome.tsx';
import { useT } from '../common/context.ts';
import { useModal } from '../common/modal.ts';
import { sanitizeHtml } from '../common/sanitize.ts';
import type { ToasterController } from '../../src/plugins/toaster/toaster.ts';
import sheet from '../../styles/toaster.css' with { type: 'css' };

function ToasterView({ controller }: ViewProps<ToasterController>) {
  const t = useT();
  const { actor } = controller;
  const entry = useSelector(actor, (s) => s.context.current);
  const closing = useSelector(actor, (s) => s.matches('closing'));
  const titleId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const looks = useWidgetClass();
  // The toaster's own close control closes as the Toaster: a reserved toaster stays (its owner hears the attempt).
  const close = () => {
    try {
      controller.send({ type: 'close', commander: 'Toaster' });
    } catch {
      /* reserved or already closing: Toaster.closeAttempt was published */
    }
  };
  // A non-modal layer: it never takes focus; Escape inside it closes it, and focus that was in it goes back.
  useModal(sectionRef, !!entry, { within: (section) => section, trap: false, initialFocus: () => false, onEscape: close }, entry);

  useEffect(() => {
    const box = contentRef.current;
    if (!box || entry?.content === undefined) return;
    box.replaceChildren(...(entry.content instanceof Node ? [entry.content] : sanitizeHtml(String(entry.content))));
  }, [entry]);

  if (!entry) return null;
  const title = entry.title ?? t.t('toaster.label');
  return (
    <section
      ref={sectionRef}
      className={`la-toaster la-toaster--${entry.position}${closing ? ' la-toaster--closing' : ''} ${looks} cx-common-container`}
      part="window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
    >
      <TitleBar id={titleId} title={title} icon={entry.icon}>
        <WindowControls title={title} onClose={closing ? undefined : close} />
      </TitleBar>
      <div className="la-window__body cx-body" part="body">
        {entry.body ? <p className="la-toaster__body">{entry.body}</p> : null}
        {entry.content !== undefined ? <div ref={contentRef} className="la-toaster__content" /> : null}
        {entry.buttons.length ? (
          <ButtonGroup variant={entry.buttons.length === 2 ? 'binary' : 'default'}>
            {entry.buttons.map((button) => (
              <Button
                key={button.id}
                variant={button.primary ? 'primary' : 'default'}
                disabled={closing}
                onClick={() => {
                  controller.buttonClicked(button.id, entry.owner);
                  // A button is the owner's own control: it closes the toaster even when reserved.
                  controller.send({ type: 'close', commander: entry.owner });
                }}
              >
                {button.text}
              </Button>
            ))}
          </ButtonGroup>
        ) : null}
      </div>
    </section>
  );
}

export default defineView('la-toaster-view', ToasterView, [sheet]);
