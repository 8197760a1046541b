import { useId, useRef, type ReactNode } from 'react';
import { Button, ButtonGroup, Smokescreen } from './chrome.tsx';
import { useT } from './context.ts';
import { siblingsOf, useModal } from './modal.ts';

/**
 * The two dialogs every window uses: a yes/no question (`ConfirmDialog`) and an error or information
 * notice (`AlertDialog`). Each sits over its window's smokescreen as a modal layer of that window
 * (elements/common/modal.ts): focus moves to its first button, Tab and Shift+Tab stay inside, what lies
 * behind it in the window is inert, Escape answers it (No / OK), and focus goes back where it was.
 */

interface DialogFrameProps {
  title: string;
  role: 'dialog' | 'alertdialog';
  /** The message: named by `aria-describedby`, so a screen reader reads it with the title. */
  message: ReactNode;
  /** Escape; omitted while the dialog cannot be answered (busy). */
  onEscape: (() => void) | undefined;
  /** Where focus goes on close when the control that had it is gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}

/** The window that holds a dialog: the nearest window section, else the element whose shadow root holds it. */
function windowOf(element: Element): Element {
  const root = element.getRootNode();
  return element.closest('.la-window, [part=window]') ?? (root instanceof ShadowRoot ? root.host : element);
}

function DialogFrame({ title, role, message, onEscape, fallbackFocus, children }: DialogFrameProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const id = useId();
  // The layer holds its window; what is inert is the rest of the window body, beside the smokescreen.
  useModal(dialog, true, {
    within: windowOf,
    inert: (container) => siblingsOf(container.parentElement ?? container),
    onEscape,
    fallbackFocus,
  });
  return (
    <Smokescreen>
      <div
        ref={dialog}
        className="la-dialog cx-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        tabIndex={-1}
      >
        <h3 id={`${id}-title`} className="la-dialog__title">
          {title}
        </h3>
        <div id={`${id}-message`} className="la-dialog__message">
          {message}
        </div>
        {children}
      </div>
    </Smokescreen>
  );
}

export interface ConfirmDialogProps {
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Default: Yes. */
  confirmLabel?: string;
  /** Default: No. */
  cancelLabel?: string;
  /** The answer is being carried out: both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  /** `alertdialog` (default) for a warning such as "really close?"; `dialog` for a plain question. */
  role?: 'dialog' | 'alertdialog';
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** A yes/no question: No (first, focused) and Yes; Escape answers No. */
export function ConfirmDialog({
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  busy = false,
  role = 'alertdialog',
  fallbackFocus,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <DialogFrame title={title} role={role} message={<p>{message}</p>} onEscape={busy ? undefined : onCancel} fallbackFocus={fallbackFocus}>
      <ButtonGroup variant="binary">
        <Button disabled={busy} onClick={onCancel}>
          {cancelLabel ?? t.t('common.no')}
        </Button>
        <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {confirmLabel ?? t.t('common.yes')}
        </Button>
      </ButtonGroup>
    </DialogFrame>
  );
}

export interface AlertDialogProps {
  title: string;
  /** One message, or a list of them (each error of a refused form). */
  message: string | readonly string[];
  /** OK, Escape and (with `onRetry`) Cancel: the machine's `alert.dismiss`. */
  onDismiss: () => void;
  /** Offers Cancel and Retry instead of OK: the machine's `retry`. */
  onRetry?: () => void;
  /** Default: OK. */
  okLabel?: string;
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** An error or information notice: OK (or Cancel + Retry); Escape dismisses it. */
export function AlertDialog({ title, message, onDismiss, onRetry, okLabel, fallbackFocus }: AlertDialogProps) {
  const t = useT();
  const text =
    typeof message === 'string' ? (
      <p>{message}</p>
    ) : (
      <ul className="la-dialog__list">
        {message.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    );
  return (
    <DialogFrame title={title} role="alertdialog" message={text} onEscape={onDismiss} fallbackFocus={fallbackFocus}>
      {onRetry ? (
        <ButtonGroup variant="binary">
          <Button onClick={onDismiss}>{t.t('common.cancel')}</Button>
          <Button variant="primary" onClick={onRetry}>
            {t.t('common.retry')}
          </Button>
        </ButtonGroup>
      ) : (
        <ButtonGroup variant="primary">
          <Button variant="primary" onClick={onDismiss}>
            {okLabel ?? t.t('common.ok')}
          </Button>
        </ButtonGroup>
      )}
    </DialogFrame>
  );
}
