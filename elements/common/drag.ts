import { useEffect } from 'react';

/** What a draggable window needs of its element (elements/common/host.ts `LaElement`). */
export interface DragHost {
  readonly shadowRoot: ShadowRoot | null;
  adopt(sheets: readonly CSSStyleSheet[]): void;
}

/** Each element's drag offset, an adopted sheet (no inline style, so a strict CSP page works). */
const offsets = new WeakMap<DragHost, CSSStyleSheet>();

/** The smallest part of the title bar kept on screen, so the window can always be dragged back. */
const KEEP_PX = 48;

/**
 * Lets the visitor drag a docked window by its title bar (not by its buttons) while `enabled` (not on a
 * phone, where it fills the screen). The offset from its docked place is `--la-drag-x` / `--la-drag-y` on
 * the host, which the widget's sheet applies as a translation; the title bar stays within the viewport.
 */
export function useWindowDrag(host: DragHost, enabled: boolean): void {
  useEffect(() => {
    const root = host.shadowRoot;
    if (!enabled || !root) return undefined;
    let sheet = offsets.get(host);
    if (!sheet) {
      offsets.set(host, (sheet = new CSSStyleSheet()));
      host.adopt([sheet]);
    }
    const moved = sheet;
    let at = { x: 0, y: 0 };
    const place = (x: number, y: number) => {
      at = { x, y };
      moved.replaceSync(`:host { --la-drag-x: ${Math.round(x)}px; --la-drag-y: ${Math.round(y)}px; }`);
    };
    const down = (event: Event) => {
      const pointer = event as PointerEvent;
      const target = pointer.target as Element | null;
      const bar = target?.closest?.('.la-titlebar');
      if (pointer.button !== 0 || !bar || target?.closest('button, a, input')) return;
      const win = bar.closest<HTMLElement>('.la-window');
      if (!win) return;
      pointer.preventDefault();
      const start = { x: pointer.clientX, y: pointer.clientY, from: at, box: win.getBoundingClientRect() };
      const view = win.ownerDocument.defaultView!;
      const move = (e: PointerEvent) => {
        const dx = Math.min(Math.max(e.clientX - start.x, KEEP_PX - start.box.right), view.innerWidth - KEEP_PX - start.box.left);
        const dy = Math.min(Math.max(e.clientY - start.y, -start.box.top), view.innerHeight - KEEP_PX - start.box.top);
        place(start.from.x + dx, start.from.y + dy);
      };
      const up = () => {
        view.removeEventListener('pointermove', move);
        view.removeEventListener('pointerup', up);
        view.removeEventListener('pointercancel', up);
      };
      view.addEventListener('pointermove', move);
      view.addEventListener('pointerup', up);
      view.addEventListener('pointercancel', up);
    };
    root.addEventListener('pointerdown', down);
    return () => {
      root.removeEventListener('pointerdown', down);
      // Closed or on a phone: the window goes back to its docked place.
      place(0, 0);
    };
  }, [host, enabled]);
}
