import { useEffect, useMemo } from 'react';

/** How far an arrow key moves a window (with Shift: five times as far). */
const KEY_STEP_PX = 10;

/**
 * Makes a docked window's title bar its move handle: a pointer drag (not from its buttons), and the arrow
 * keys while the bar has focus, Home to put it back (`reset`). `hint` is an element inside the window whose
 * text tells keyboard users so (the bar is described by it). The hook reports where the window's top-left
 * corner should go, clamped so the whole title bar stays in the viewport; the caller keeps the place.
 */
export function useTitleBarMove(hint: { current: HTMLElement | null }, enabled: boolean, moveTo: (x: number, y: number) => void, reset: () => void): void {
  useEffect(() => {
    const win = hint.current?.closest<HTMLElement>('.la-window');
    const bar = win?.querySelector<HTMLElement>('[part=titlebar]');
    if (!enabled || !win || !bar || !hint.current) return;
    const view = win.ownerDocument.defaultView!;
    const place = (x: number, y: number) =>
      moveTo(Math.max(0, Math.min(x, view.innerWidth - win.offsetWidth)), Math.max(0, Math.min(y, view.innerHeight - bar.offsetHeight)));
    const down = (event: PointerEvent) => {
      if (event.button !== 0 || (event.target as Element).closest('button, a, input')) return;
      event.preventDefault();
      const rect = win.getBoundingClientRect();
      const start = { px: event.clientX, py: event.clientY, x: rect.left, y: rect.top };
      const move = (e: PointerEvent) => place(start.x + e.clientX - start.px, start.y + e.clientY - start.py);
      const up = () => {
        view.removeEventListener('pointermove', move);
        view.removeEventListener('pointerup', up);
        view.removeEventListener('pointercancel', up);
      };
      view.addEventListener('pointermove', move);
      view.addEventListener('pointerup', up);
      view.addEventListener('pointercancel', up);
    };
    const key = (event: KeyboardEvent) => {
      if (event.target !== bar) return;
      if (event.key === 'Home') {
        event.preventDefault();
        return reset();
      }
      const step = KEY_STEP_PX * (event.shiftKey ? 5 : 1);
      const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key] ?? [];
      if (dx === undefined || dy === undefined) return;
      event.preventDefault();
      const rect = win.getBoundingClientRect();
      place(rect.left + dx, rect.top + dy);
    };
    const titleId = win.getAttribute('aria-labelledby');
    if (!hint.current.id) hint.current.id = `${win.id || 'la-window'}-move`;
    bar.tabIndex = 0;
    bar.setAttribute('role', 'group');
    if (titleId) bar.setAttribute('aria-labelledby', titleId);
    bar.setAttribute('aria-describedby', hint.current.id);
    bar.classList.add('la-window__handle');
    bar.addEventListener('pointerdown', down);
    bar.addEventListener('keydown', key);
    return () => {
      bar.removeEventListener('pointerdown', down);
      bar.removeEventListener('keydown', key);
    };
  }, [hint, enabled, moveTo, reset]);
}

/** What a window moved by an offset needs of its element (elements/common/host.ts `LaElement`). */
export interface DragHost {
  readonly shadowRoot: ShadowRoot | null;
  adopt(sheets: readonly CSSStyleSheet[]): void;
}

/** Each element's offset from its docked place, an adopted sheet (no inline style, so a strict CSP page works). */
const offsets = new WeakMap<DragHost, { sheet: CSSStyleSheet; x: number; y: number }>();

/**
 * A window placed by an offset from its docked place (`--la-drag-x` / `--la-drag-y` on the host, which
 * the widget's sheet applies as a translation), for `useTitleBarMove`. While not `enabled` (closed, on a
 * phone) the window is back in its docked place.
 */
export function useDragOffset(
  host: DragHost,
  hint: { current: HTMLElement | null },
  enabled: boolean,
): { moveTo: (x: number, y: number) => void; reset: () => void } {
  const offset = useMemo(() => {
    let at = offsets.get(host);
    if (!at) {
      offsets.set(host, (at = { sheet: new CSSStyleSheet(), x: 0, y: 0 }));
      host.adopt([at.sheet]);
    }
    return at;
  }, [host]);
  const controls = useMemo(() => {
    const set = (x: number, y: number) => {
      offset.x = x;
      offset.y = y;
      offset.sheet.replaceSync(`:host { --la-drag-x: ${Math.round(x)}px; --la-drag-y: ${Math.round(y)}px; }`);
    };
    return {
      moveTo: (x: number, y: number) => {
        const rect = hint.current?.closest('.la-window')?.getBoundingClientRect();
        if (rect) set(offset.x + x - rect.left, offset.y + y - rect.top);
      },
      reset: () => set(0, 0),
    };
  }, [offset, hint]);
  useEffect(() => (enabled ? undefined : controls.reset()), [enabled, controls]);
  return controls;
}
