import { useEffect, useRef, type RefObject } from 'react';
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import { isFocusable, tabbable, type CheckOptions } from 'tabbable';

/**
 * The one modal and focus module of every window, overlay and dialog.
 *
 * A *layer* is anything that sits on top and may take the keyboard: a page-level modal (the modal overlay,
 * the calendar), a dialog inside a window (its close confirmation, its error alert), or a non-modal layer
 * that only takes Escape and gives focus back (the toaster, a non-modal overlay, docked windows: chrome.tsx `Window`).
 * Open layers form one stack:
 *
 * - only the top trapping layer traps focus (focus-trap, with tabbable looking into open shadow roots,
 *   because our controls live in nested shadow roots: la-overlay › la-call-us › button);
 * - Escape goes to the top layer that holds the keyboard (a page-level layer always, a window's layer when
 *   focus is inside that window) and to no other;
 * - what lies behind an open modal is `inert` (counted, so two modals sharing a region restore it right);
 * - on close, focus goes back to the element that had it when the layer opened (deep inside shadow roots),
 *   or to a fallback the caller names when that element is gone — unless the visitor has moved on.
 *
 * Recipes (`useModal(ref, open, options)` in a view):
 * - page-level modal: `{ inert: (el) => otherElements(el, app.elements), onEscape: close }` (overlay, calendar);
 * - dialog in a window: `ConfirmDialog` / `AlertDialog` (dialogs.tsx) — `{ within: its window, inert: siblingsOf(smokescreen) }`;
 * - non-modal layer that closes on Escape and gives focus back to its opener (toaster; a docked window):
 *   `{ within: (el) => el, trap: false, onEscape: close }` (add `initialFocus: () => false` to never take focus);
 * - a full-screen window on a phone, modal over the whole page: `{ inert: pageAround, onEscape: close }`.
 */

/** tabbable's options for every look-up: open shadow roots are searched. */
const TABBABLE: CheckOptions = { getShadowRoot: true };

export interface ModalOptions {
  /** The layer's own element (the dialog): Tab and Shift+Tab cycle through its controls. */
  container: HTMLElement;
  /**
   * What the layer holds: `'page'` (default) — focus cannot leave the container and Escape always reaches
   * it; an element — the window that holds this dialog: Tab wraps inside the container and Escape reaches
   * it while focus is in that window, and the page around a docked window stays usable.
   */
  within?: 'page' | Element;
  /** `false`: no focus trap; the layer only takes Escape and gives focus back. Default `true`. */
  trap?: boolean;
  /** The elements made inert while the layer is open (see `siblingsOf`, `otherElements`, `pageAround`). */
  inert?: (container: HTMLElement) => Iterable<Element>;
  /** The control to focus on opening (default: the first tabbable control, else the container). `false`: leave focus. */
  initialFocus?: () => HTMLElement | null | undefined | false;
  /** Escape while this layer holds the keyboard. A layer without it swallows Escape (nothing below acts). */
  onEscape?: () => void;
  /** Whether focus goes back on close (default `true`). */
  returnFocus?: boolean;
  /** Where focus goes on close when the element that had it is gone, disabled or inert. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** An open layer. */
export interface Modal {
  /** Whether this is the top layer of the stack. */
  readonly isTop: boolean;
  /** Focuses the first tabbable control inside `root` (default: the container); false when there is none. */
  focusFirst(root?: Element): boolean;
  /** Closes the layer: releases its trap and inert regions, returns focus. Closing twice does nothing. */
  close(): void;
}

interface Layer {
  options: ModalOptions;
  trap: FocusTrap | undefined;
  inert: Element[];
  opener: HTMLElement | null;
  handle: Modal;
}

const stack: Layer[] = [];
/** focus-trap's own stack, shared by our traps only: activating one pauses the one below. */
const trapStack: FocusTrap[] = [];

/** The number of open layers (for tests and diagnostics). */
export function openLayers(): number {
  return stack.length;
}

/** The focused element itself: `document.activeElement` stops at the outermost shadow host. */
export function deepActiveElement(doc: Document = document): HTMLElement | null {
  let active = doc.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/** The composed parent: the parent node, or the host when leaving a shadow root. */
function composedParent(node: Node): Node | null {
  return node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
}

/** Whether `node` is `ancestor` or lies inside it, through any number of shadow roots. */
export function composedContains(ancestor: Node, node: Node | null): boolean {
  for (let at: Node | null = node; at; at = composedParent(at)) if (at === ancestor) return true;
  return false;
}

/** Whether `node` or anything holding it (through shadow roots) is inert. */
function insideInert(node: Node): boolean {
  for (let at: Node | null = node; at; at = composedParent(at)) if (at instanceof HTMLElement && at.inert) return true;
  return false;
}

/** Whether `root` is or holds a shadow host or a slot, whose content only tabbable's walk of the tree finds. */
function holdsShadow(root: Element): boolean {
  if (root.shadowRoot || root.localName === 'slot') return true;
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot || el.localName === 'slot') return true;
  return false;
}

/**
 * The tabbable controls inside `root` in Tab order, nested shadow roots included. Without a shadow host
 * or slot inside (a window's body), one native query finds the same candidates as tabbable's walk of
 * every element, which a window's first focus paid for in its open (a few ms at 4× CPU).
 */
export function tabbables(root: Element): HTMLElement[] {
  return tabbable(root, holdsShadow(root) ? TABBABLE : undefined) as HTMLElement[];
}

/** The first tabbable control inside `root` (nested shadow roots included), if any. */
export function firstTabbable(root: Element): HTMLElement | undefined {
  return tabbables(root)[0];
}

/** Inert behind a dialog inside a window: the other children of the dialog's parent (the window body). */
export function siblingsOf(element: Element): Element[] {
  const parent = element.parentNode as ParentNode | null;
  return parent ? [...parent.children].filter((child) => child !== element) : [];
}

/**
 * Inert behind a page-level modal: our other elements on the page — every connected live-assist element
 * except the one that holds `element` (through shadow roots) and those inside it (the overlay's content).
 */
export function otherElements(element: Element, connected: Iterable<Element>): Element[] {
  const hosts = [...connected];
  // The outermost of our elements holding `element`: e.g. <la-overlay> for a dialog inside its <la-call-us>.
  const holder = hosts
    .filter((host) => composedContains(host, element))
    .find((host, _i, holders) => !holders.some((other) => other !== host && composedContains(other, host)));
  return hosts.filter((host) => !composedContains(host, element) && !(holder && composedContains(holder, host)));
}

/**
 * Inert behind a modal that covers the whole page (a full-screen window on a phone): everything on the page
 * except the path to `element` — the siblings of each of its ancestors, through shadow roots, up to <body>.
 */
export function pageAround(element: Element): Element[] {
  const out: Element[] = [];
  for (let at: Node | null = element; at && at !== element.ownerDocument.body; at = composedParent(at)) {
    const parent = at.parentNode;
    if (!(at instanceof Element) || !parent) continue;
    for (const sibling of parent.children) {
      if (sibling !== at && !['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE'].includes(sibling.tagName)) out.push(sibling);
    }
  }
  return out;
}

/** How many open layers hold each inert element, and the elements that were inert before us. */
const inertHolds = new Map<Element, number>();
const inertBefore = new WeakSet<Element>();

function holdInert(element: Element): void {
  const holds = inertHolds.get(element) ?? 0;
  if (holds === 0 && element.hasAttribute('inert')) inertBefore.add(element);
  inertHolds.set(element, holds + 1);
  element.setAttribute('inert', '');
}

function releaseInert(element: Element): void {
  const holds = (inertHolds.get(element) ?? 1) - 1;
  if (holds > 0) return void inertHolds.set(element, holds);
  inertHolds.delete(element);
  if (inertBefore.has(element)) inertBefore.delete(element);
  else element.removeAttribute('inert');
}

/** Whether the layer holds the keyboard for an event that went along `path`. */
function holdsKeyboard(layer: Layer, path: EventTarget[]): boolean {
  const within = layer.options.within ?? 'page';
  return within === 'page' || path.includes(within);
}

/** Escape goes to the top layer that holds the keyboard, and to no other. */
function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const path = event.composedPath();
  for (let i = stack.length - 1; i >= 0; i--) {
    const layer = stack[i]!;
    if (!holdsKeyboard(layer, path)) continue;
    event.preventDefault();
    event.stopPropagation();
    layer.options.onEscape?.();
    return;
  }
}

/**
 * A dialog inside a window traps Tab only while focus is in that window: when the visitor moves to the page
 * the trap pauses, and it resumes when focus comes back. Runs (window, capture) before focus-trap's own
 * focusin listener on the document, so a paused trap never pulls focus back.
 */
function onFocusIn(event: FocusEvent): void {
  const top = [...stack].reverse().find((layer) => layer.trap);
  if (!top?.trap || (top.options.within ?? 'page') === 'page') return;
  const inside = event.composedPath().includes(top.options.within as Element);
  if (!inside && !top.trap.paused) top.trap.pause();
  else if (inside && top.trap.paused) top.trap.unpause();
}

let listening: Window | null = null;

function listen(view: Window): void {
  if (listening) return;
  listening = view;
  view.document.addEventListener('keydown', onKeyDown);
  view.addEventListener('focusin', onFocusIn, true);
}

function stopListening(): void {
  if (!listening || stack.length) return;
  listening.document.removeEventListener('keydown', onKeyDown);
  listening.removeEventListener('focusin', onFocusIn, true);
  listening = null;
}

/** Whether focus is in the layer or lost (its element removed): if not, the visitor has moved on and it stays. */
function focusIsOurs(layer: Layer): boolean {
  const { container } = layer.options;
  const doc = container.ownerDocument;
  const now = deepActiveElement(doc);
  return !now || now === doc.body || !now.isConnected || composedContains(container, now);
}

/** Whether `node` or anything holding it (through shadow roots) is hidden from assistive technology. */
function insideAriaHidden(node: Node): boolean {
  for (let at: Node | null = node; at; at = composedParent(at)) if (at instanceof Element && at.getAttribute('aria-hidden') === 'true') return true;
  return false;
}

/**
 * Whether focus can be given to `el`: connected, focusable (not hidden, not disabled), not inert, and not
 * `aria-hidden` — a side button stepping aside is still rendered for its effect, but focus there would be
 * unannounced and lost when it finishes hiding.
 */
export function canTakeFocus(el: HTMLElement | null | undefined): el is HTMLElement {
  return !!el && el.isConnected && !insideInert(el) && !insideAriaHidden(el) && isFocusable(el, TABBABLE);
}

/** Where focus goes back to on close: the element that had it, else the caller's fallback. */
function returnTarget(layer: Layer): HTMLElement | null {
  const { fallbackFocus } = layer.options;
  if (canTakeFocus(layer.opener)) return layer.opener;
  const fallback = fallbackFocus?.();
  return canTakeFocus(fallback) ? fallback : null;
}

/** Opens a layer on top of the stack (see the module comment). */
export function openModal(options: ModalOptions): Modal {
  const { container } = options;
  const doc = container.ownerDocument;
  listen(doc.defaultView ?? window);
  const layer: Layer = {
    options,
    trap: undefined,
    inert: [],
    opener: deepActiveElement(doc),
    handle: {
      get isTop() {
        return stack[stack.length - 1] === layer;
      },
      focusFirst(root = container) {
        const first = firstTabbable(root);
        first?.focus();
        return !!first;
      },
      close() {
        const index = stack.indexOf(layer);
        if (index < 0) return;
        stack.splice(index, 1);
        // Decided before the trap lets go: the layer below resumes and may take focus itself.
        const giveBack = options.returnFocus !== false && focusIsOurs(layer);
        layer.trap?.deactivate({ returnFocus: false });
        layer.inert.forEach(releaseInert);
        stopListening();
        if (giveBack) returnTarget(layer)?.focus();
      },
    },
  };
  stack.push(layer);
  layer.inert = [...(options.inert?.(container) ?? [])].filter((el) => !composedContains(el, container));
  layer.inert.forEach(holdInert);
  const initial = () => {
    const chosen = options.initialFocus?.();
    return chosen === false ? false : (chosen ?? undefined);
  };
  // A dialog in a window that opens while the visitor works elsewhere on the page does not pull focus in.
  const within = options.within ?? 'page';
  const now = layer.opener;
  const elsewhere = within !== 'page' && !!now && now !== doc.body && !composedContains(within, now);
  let opening = true;
  if (options.trap !== false) {
    layer.trap = createFocusTrap(container, {
      document: doc,
      trapStack,
      tabbableOptions: TABBABLE,
      initialFocus: () => (opening && elsewhere ? false : initial()),
      fallbackFocus: container,
      escapeDeactivates: false,
      // Clicks outside reach their target (the backdrop closes the overlay; a docked window's page stays usable).
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      delayInitialFocus: false,
    });
    layer.trap.activate();
    if (elsewhere) layer.trap.pause();
    opening = false;
  } else if (!elsewhere) {
    const first = initial();
    if (first !== false) (first ?? firstTabbable(container) ?? container).focus();
  }
  return layer.handle;
}

/** React: the handlers are read at call time, so a layer always calls the latest ones of its view. */
export interface ModalHookOptions extends Omit<ModalOptions, 'container' | 'within'> {
  /** As `ModalOptions.within`, or a function of the container, read when the layer opens. */
  within?: ModalOptions['within'] | ((container: HTMLElement) => 'page' | Element);
}

/**
 * Opens a layer on `ref`'s element while `active` (re-opened when `key` changes, e.g. another overlay entry)
 * and closes it on unmount. The handlers are read from the latest render.
 */
export function useModal(ref: RefObject<HTMLElement | null>, active: boolean, options: ModalHookOptions, key?: unknown): RefObject<Modal | null> {
  const latest = useRef(options);
  latest.current = options;
  const modal = useRef<Modal | null>(null);
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return undefined;
    const { within } = latest.current;
    const opened = openModal({
      ...latest.current,
      container,
      within: typeof within === 'function' ? within(container) : within,
      inert: (el) => latest.current.inert?.(el) ?? [],
      initialFocus: () => latest.current.initialFocus?.(),
      onEscape: () => latest.current.onEscape?.(),
      fallbackFocus: () => latest.current.fallbackFocus?.(),
    });
    modal.current = opened;
    return () => {
      modal.current = null;
      opened.close();
    };
  }, [ref, active, key]);
  return modal;
}
