import { useLayoutEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sideButtonMachine } from '../../machines/side-button.machine.ts';
import { useView } from './context.ts';
import { Icon } from './chrome.tsx';
import { mail, messageCircle } from './window-icons.ts';

/** Each side button's outline icon (window-icons.ts) by its widget's tag, before the label. */
const SIDE_BUTTON_ICONS: Readonly<Record<string, string>> = { 'la-send-message': mail, 'la-chat': messageCircle };

export interface SideButtonProps {
  /** The plugin's side-button actor (machines/side-button.machine.ts): visibility, effect and its duration. */
  actor: ActorRefFrom<typeof sideButtonMachine>;
  label: string;
  onActivate: () => void;
  /** The icon's path `d` (24 x 24 grid); default: the widget's own (SIDE_BUTTON_ICONS), none for another. */
  icon?: string;
}

/**
 * A side button of the spec (send message; search and chat later): a fixed button at the page's
 * lower right that fades or slides in when its actor reaches `shown.visible` and out when it leaves it.
 * It stays in the DOM so both directions animate; while not visible it is `visibility: hidden`, so it is
 * neither focusable nor announced. The motion is CSS (styles/side-button.css), none under
 * `prefers-reduced-motion: reduce`.
 */
export function SideButton({ actor, label, onActivate, icon }: SideButtonProps) {
  const { host } = useView();
  const d = icon ?? (Object.hasOwn(SIDE_BUTTON_ICONS, host.localName) ? SIDE_BUTTON_ICONS[host.localName] : undefined);
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
      {/* 6 units of room after the icon: the label's gap, without a stylesheet of its own. */}
      {d ? <Icon d={d} size={20} width={25} viewBox="0 0 30 24" /> : null}
      {label}
    </button>
  );
}
