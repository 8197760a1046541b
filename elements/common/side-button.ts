import type { ActorRefFrom } from 'xstate';
import type { sideButtonMachine } from '../../machines/side-button.machine.ts';
import { html, nothing, render } from 'lit-html';
import type { LaElement } from './host.ts';
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
  /**
   * The site's content for the button (a template, already sanitised) in place of the icon and label;
   * the label stays its accessible name (a visually hidden span, unless the content's text has it).
   */
  content?: readonly Node[];
  /** The visitor activated the button; a rejection means the window did not open (said in the console). */
  activate: () => Promise<unknown> | void;
}

/** What a host's side button keeps between renders. */
interface Parts {
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

/** The visitor activated `host`'s button: its window opens, or the console says why not. */
function activate(host: LaElement, options: SideButtonOptions): void {
  activated.add(host);
  void Promise.resolve(options.activate()).catch((error: unknown) => {
    activated.delete(host);
    console.warn(`[live-assist] <${host.localName}> side button:`, error instanceof Error ? error.message : error);
  });
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
 * React (the element's launcher, with lit-html) into `root` before `end`, so a page shows it before, and
 * without, the window's view and the runtime; no button while `options` is null (the plugin not loaded).
 * lit keeps the button's node across renders. It stays in the DOM so both directions animate; while not
 * visible it is `aria-hidden` and out of the tab order, and `visibility: hidden` once the effect has run.
 * The motion is CSS (styles/side-button.css), none under `prefers-reduced-motion: reduce`; the duration
 * reaches it through an adopted sheet.
 */
export function sideButton(host: LaElement, root: HTMLElement, end: ChildNode, options: SideButtonOptions | null): void {
  render(options ? button(host, options) : nothing, root, { renderBefore: end });
}

function button(host: LaElement, options: SideButtonOptions) {
  let parts = drawn.get(host);
  if (!parts) drawn.set(host, (parts = { duration: new CSSStyleSheet(), options }));
  parts.options = options;
  follow(host, parts);
  const snapshot = options.actor.getSnapshot();
  const visible = snapshot.hasTag('visible');
  const { effect, effectDuration } = snapshot.context;
  const ms = Math.max(0, Math.round(effectDuration));
  if (parts.ms !== ms) parts.duration.replaceSync(`:host { --la-side-button-duration: ${(parts.ms = ms)}ms; }`);
  if (!host.shadowRoot?.adoptedStyleSheets.includes(parts.duration)) host.adopt([parts.duration]);
  // 6 units of room after the icon: the label's gap, without a rule of its own.
  const icon = options.icon
    ? html`<svg class="la-icon" viewBox="0 0 30 24" width="25" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d=${options.icon}></path></svg>`
    : nothing;
  const { content, label } = options;
  const inner = content
    ? html`${content}${labelled(content, label) ? nothing : html`<span class="la-visually-hidden">${label}</span>`}`
    : html`${icon}${label}`;
  return html`<button type="button" part="side-button" class=${`la-side-button la-side-button--${effect}${content ? ' la-side-button--template' : ''}${visible ? ' la-side-button--visible' : ''} cx-widget cx-side-button${host.localName === 'la-chat' ? ' cx-webchat-chat-button' : ''} ${host.themeClass}`} aria-hidden=${visible ? nothing : 'true'} tabindex=${visible ? nothing : '-1'} @click=${() => activate(host, options)}>${inner}</button>`;
}

/** Whether a template's own text already says the label (then the button's name is its text). */
function labelled(content: readonly Node[], label: string): boolean {
  const text = content.map((node) => node.textContent ?? '').join(' ');
  return text.toLocaleLowerCase().includes(label.toLocaleLowerCase());
}
