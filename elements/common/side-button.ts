import type { ActorRefFrom } from 'xstate';
import type { sideButtonMachine } from '../../machines/side-button.machine.ts';
import type { LaElement } from './host.ts';
import { attrs, h, svg, text } from './dom.ts';
import sheet from '../../styles/side-button.css' with { type: 'css' };

/** The side buttons' sheet, adopted by the host with the launcher chunk. */
export const sheets = [sheet];

export interface SideButtonOptions {
  /** The plugin's side-button actor (machines/side-button.machine.ts): visibility, effect and its duration. */
  actor: ActorRefFrom<typeof sideButtonMachine>;
  /** The button's text (its accessible name), already translated. */
  label: string;
  /** The outline icon's path `d` (lucide's 24 x 24 grid: elements/common/icons.ts) before the label; none when absent. */
  icon?: string;
  /** The visitor activated the button; a rejection means the window did not open (said in the console). */
  activate: () => Promise<unknown> | void;
}

interface Parts {
  button: HTMLButtonElement;
  /** Made the first time the button has an icon (search's has none: no node kept outside the page). */
  icon?: SVGElement;
  label: Text;
  /** The effect's duration as `--la-side-button-duration`: an adopted sheet, no inline style. */
  duration: CSSStyleSheet;
  ms?: number;
  options: SideButtonOptions;
  /** The actor followed (each change re-renders the host), and how to stop. */
  actor?: SideButtonOptions['actor'];
  stop?: () => void;
}

const drawn = new WeakMap<LaElement, Parts>();
/** Hosts whose side button was activated and whose window has not yet taken focus (see `takeActivation`). */
const activated = new WeakSet<LaElement>();

/**
 * Whether `host`'s window is opening from its side button (then the view focuses its first field when
 * the window shows); answers once per activation. An activation whose command failed answers false.
 */
export function takeActivation(host: LaElement): boolean {
  return activated.delete(host);
}

const iconNode = (): SVGElement =>
  svg(
    'svg',
    // 6 units of room after the icon: the label's gap, without a rule of its own.
    { class: 'la-icon', viewBox: '0 0 30 24', width: '25', height: '20', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true', focusable: 'false' },
    svg('path'),
  );

function create(host: LaElement, options: SideButtonOptions): Parts {
  const label = new Text();
  const button = h('button', { type: 'button', part: 'side-button' }, label);
  const parts: Parts = { button, label, duration: new CSSStyleSheet(), options };
  button.addEventListener('click', () => {
    activated.add(host);
    void Promise.resolve(parts.options.activate()).catch((error: unknown) => {
      activated.delete(host);
      console.warn(`[live-assist] <${host.localName}> side button:`, error instanceof Error ? error.message : error);
    });
  });
  return parts;
}

/** Follows `actor` while the host is connected: each change re-renders the host (a reconnected host follows it again on its next render). */
function follow(host: LaElement, parts: Parts): void {
  const { actor } = parts.options;
  if (parts.actor === actor) return;
  parts.stop?.();
  parts.actor = actor;
  const subscription = actor.subscribe(() => {
    if (host.isConnected) return host.render();
    parts.stop?.();
  });
  parts.stop = () => {
    subscription.unsubscribe();
    parts.actor = parts.stop = undefined;
  };
}

/**
 * A side button of the spec (send message, search, the chat's): a fixed button at the page's lower right
 * that fades or slides in when its actor reaches `shown.visible` and out when it leaves it, drawn without
 * React (the element's launcher) so a page shows it before, and without, the window's view and the
 * runtime. Built once per host and updated in place (elements/common/dom.ts). It stays in the DOM so both
 * directions animate; while not visible it is `aria-hidden` and out of the tab order, and
 * `visibility: hidden` once the effect has run. The motion is CSS (styles/side-button.css), none under
 * `prefers-reduced-motion: reduce`; the duration reaches it through an adopted sheet.
 */
export function sideButton(host: LaElement, options: SideButtonOptions): HTMLButtonElement {
  let parts = drawn.get(host);
  if (!parts) drawn.set(host, (parts = create(host, options)));
  parts.options = options;
  follow(host, parts);
  const { button, label, duration } = parts;
  const snapshot = options.actor.getSnapshot();
  const visible = snapshot.hasTag('visible');
  const { effect, effectDuration } = snapshot.context;
  attrs(button, {
    class: `la-side-button la-side-button--${effect}${visible ? ' la-side-button--visible' : ''}`,
    'aria-hidden': visible ? null : 'true',
    tabindex: visible ? null : '-1',
  });
  if (options.icon) {
    const icon = (parts.icon ??= iconNode());
    attrs(icon.firstChild as Element, { d: options.icon });
    if (icon.parentNode !== button) button.insertBefore(icon, label);
  } else if (parts.icon) {
    parts.icon.remove();
    parts.icon = undefined;
  }
  text(label, options.label);
  const ms = Math.max(0, Math.round(effectDuration));
  if (parts.ms !== ms) duration.replaceSync(`:host { --la-side-button-duration: ${(parts.ms = ms)}ms; }`);
  const shadow = host.shadowRoot;
  if (shadow && !shadow.adoptedStyleSheets.includes(duration)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, duration];
  return button;
}
