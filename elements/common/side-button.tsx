import { useLayoutEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sideButtonMachine } from '../../machines/side-button.machine.ts';
import { useView } from './context.ts';

export interface SideButtonProps {
  /** The plugin's side-button actor (machines/side-button.machine.ts): visibility, effect and its duration. */
  actor: ActorRefFrom<typeof sideButtonMachine>;
  label: string;
  onActivate: () => void;
}

/**
 * A side button of the spec (send message; search and chat later): a fixed button at the page's
 * lower right that fades or slides in when its actor reaches `shown.visible` and out when it leaves it.
 * It stays in the DOM so both directions animate; while not visible it is `visibility: hidden`, so it is
 * neither focusable nor announced. The motion is CSS (styles/side-button.css), none under
 * `prefers-reduced-motion: reduce`.
 */
export function SideButton({ actor, label, onActivate }: SideButtonProps) {
  const { host } = useView();
  const visible = useSelector(actor, (s) => s.hasTag('visible'));
  const effect = useSelector(actor, (s) => s.context.effect);
  // The duration reaches CSS through an adopted sheet (no inline style); reduced motion overrides it.
  const effectDuration = useSelector(actor, (s) => s.context.effectDuration);
  const durationSheet = useMemo(() => new CSSStyleSheet(), []);
  useLayoutEffect(() => {
    const shadow = host.shadowRoot;
    if (!shadow) return;
    durationSheet.replaceSync(`:host { --la-side-button-duration: ${Math.max(0, Math.round(effectDuration))}ms; }`);
    if (!shadow.adoptedStyleSheets.includes(durationSheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, durationSheet];
    return () => {
      shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => s !== durationSheet);
    };
  }, [host, durationSheet, effectDuration]);
  return (
    <button
      type="button"
      part="side-button"
      className={`la-side-button la-side-button--${effect}${visible ? ' la-side-button--visible' : ''}`}
      aria-hidden={visible ? undefined : true}
      tabIndex={visible ? undefined : -1}
      onClick={onActivate}
    >
      {label}
    </button>
  );
}
