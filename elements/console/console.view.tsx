import { useEffect, useId, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, Window } from '../common/chrome.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import type { ConsoleActor } from '../../src/plugins/console/console.ts';
import { watchPattern } from '../../machines/console.machine.ts';
import sheet from '../../styles/console.css' with { type: 'css' };

/** How far an arrow key moves the window (with Shift: five times as far). */
const KEY_STEP_PX = 10;

/**
 * Makes the window's title bar a drag handle (pointer, and arrow keys while it has focus; Home docks the
 * window again). Done here, on the console's own title bar, so no other window's chrome carries it.
 * The view reports where the window should go, clamped to the viewport; the machine keeps the position.
 */
function useDrag(anchor: { current: HTMLElement | null }, hintId: string, enabled: boolean, moveTo: (x: number, y: number) => void, reset: () => void) {
  useEffect(() => {
    const win = anchor.current?.closest<HTMLElement>('.la-window');
    const bar = win?.querySelector<HTMLElement>('[part=titlebar]');
    if (!enabled || !win || !bar) return;
    const place = (x: number, y: number) => {
      const view = win.ownerDocument.defaultView!;
      moveTo(Math.max(0, Math.min(x, view.innerWidth - win.offsetWidth)), Math.max(0, Math.min(y, view.innerHeight - bar.offsetHeight)));
    };
    let start: { px: number; py: number; x: number; y: number } | null = null;
    const down = (event: PointerEvent) => {
      if (event.button !== 0 || (event.target as Element).closest('button')) return;
      const rect = win.getBoundingClientRect();
      start = { px: event.clientX, py: event.clientY, x: rect.left, y: rect.top };
      bar.setPointerCapture?.(event.pointerId);
      event.preventDefault();
    };
    const move = (event: PointerEvent) => {
      if (start) place(start.x + event.clientX - start.px, start.y + event.clientY - start.py);
    };
    const up = () => (start = null);
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
    bar.tabIndex = 0;
    bar.setAttribute('role', 'group');
    if (titleId) bar.setAttribute('aria-labelledby', titleId);
    bar.setAttribute('aria-describedby', hintId);
    bar.classList.add('la-console__handle');
    bar.addEventListener('pointerdown', down);
    bar.addEventListener('pointermove', move);
    bar.addEventListener('pointerup', up);
    bar.addEventListener('pointercancel', up);
    bar.addEventListener('keydown', key);
    return () => {
      bar.removeEventListener('pointerdown', down);
      bar.removeEventListener('pointermove', move);
      bar.removeEventListener('pointerup', up);
      bar.removeEventListener('pointercancel', up);
      bar.removeEventListener('keydown', key);
    };
  }, [anchor, hintId, enabled, moveTo, reset]);
}

function ConsoleView({ controller: actor }: ViewProps<ConsoleActor>) {
  const t = useT();
  const { app, host } = useView();
  const { mobile } = useEnvironment();
  const open = useSelector(actor, (s) => s.matches('open'));
  const running = useSelector(actor, (s) => s.hasTag('busy'));
  const context = useSelector(actor, (s) => s.context);
  const id = useId();
  const anchor = useRef<HTMLFormElement>(null);
  // Where the visitor put the window: a sheet of its own on the host (no inline style), ignored on a phone.
  const place = useMemo(() => new CSSStyleSheet(), []);
  useEffect(() => host.adopt([place]), [host, place]);
  const { position } = context;
  useEffect(() => {
    place.replaceSync(
      position ? `:host(:not(:state(mobile))) .la-window--dock { left: ${position.x}px; top: ${position.y}px; right: auto; bottom: auto; }` : '',
    );
  }, [place, position]);
  const moveTo = useMemo(() => (x: number, y: number) => actor.send({ type: 'move.to', x, y }), [actor]);
  const reset = useMemo(() => () => actor.send({ type: 'move.reset' }), [actor]);
  useDrag(anchor, `${id}-move`, open && !mobile, moveTo, reset);
  if (!open) return null;

  const plugins = app.bus.describe().filter((p) => p.name !== 'Console');
  const commands = plugins.find((p) => p.name === context.plugin)?.commands ?? [];
  const prefix = `${context.eventPlugin}.`;
  const events = context.known.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
  if (context.event && !events.includes(context.event)) events.push(context.event);
  const change = (field: 'plugin' | 'command' | 'options' | 'eventPlugin' | 'event') => (event: { target: { value: string } }) =>
    actor.send({ type: 'form.change', field, value: event.target.value });
  const result = context.result;

  return (
    <Window title={t.t('console.title')} onClose={() => void app.bus.command('Console.close', undefined, { commander: 'Console' })}>
      <p id={`${id}-move`} className="la-visually-hidden">
        {t.t('console.moveHint')}
      </p>
      <form
        ref={anchor}
        className="la-console__form"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'execute' });
        }}
      >
        <div className="la-field">
          <label htmlFor={`${id}-plugin`}>{t.t('console.plugin')}</label>
          <select id={`${id}-plugin`} name="plugin" value={context.plugin} onChange={change('plugin')}>
            <option value="">—</option>
            {plugins.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="la-field">
          <label htmlFor={`${id}-command`}>{t.t('console.command')}</label>
          <select id={`${id}-command`} name="command" value={context.command} onChange={change('command')}>
            <option value="">—</option>
            {commands.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="la-field">
          <label htmlFor={`${id}-options`}>{t.t('console.options')}</label>
          <textarea id={`${id}-options`} name="options" rows={3} value={context.options} onChange={change('options')} spellCheck={false} />
        </div>
        <ButtonGroup variant="primary">
          <Button type="submit" variant="primary" disabled={running || !context.plugin || !context.command}>
            {t.t('console.execute')}
          </Button>
        </ButtonGroup>
      </form>
      <div className="la-field">
        <span id={`${id}-result`} className="la-console__label">
          {t.t('console.result')}
        </span>
        <output aria-labelledby={`${id}-result`} aria-live="polite" className={`la-console__result${result ? ` la-console__result--${result.status}` : ''}`}>
          {result?.code === 'invalidJson' ? `${t.t('console.invalidJson')}\n${result.text}` : (result?.text ?? '')}
        </output>
      </div>
      <form
        className="la-console__watch"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'watch.add', pattern: watchPattern(context.eventPlugin, context.event) });
        }}
      >
        <fieldset>
          <legend className="la-console__label">{t.t('console.events')}</legend>
          <div className="la-field">
            <label htmlFor={`${id}-event-plugin`}>{t.t('console.plugin')}</label>
            <select id={`${id}-event-plugin`} name="eventPlugin" value={context.eventPlugin} onChange={change('eventPlugin')}>
              <option value="">{t.t('console.allPlugins')}</option>
              {plugins.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="la-field">
            <label htmlFor={`${id}-event`}>{t.t('console.event')}</label>
            <select id={`${id}-event`} name="event" value={context.event} onChange={change('event')} disabled={!context.eventPlugin}>
              <option value="">{t.t('console.allEvents')}</option>
              {events.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <ButtonGroup>
          <Button type="submit">{t.t('console.watch')}</Button>
          <Button onClick={() => actor.send({ type: 'watch.clear' })}>{t.t('console.clearAll')}</Button>
        </ButtonGroup>
      </form>
      {context.watches.length ? (
        <ul className="la-console__watches" aria-label={t.t('console.watches')}>
          {context.watches.map((w) => (
            <li key={w} className={context.lit.includes(w) ? 'la-console__lit' : undefined}>
              <code>{w}</code>
              <button
                type="button"
                className="la-icon-button"
                aria-label={t.t('console.unwatch', { event: w })}
                onClick={() => actor.send({ type: 'watch.remove', pattern: w })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="la-console__log" role="log" aria-label={t.t('console.events')}>
        <ol>
          {context.log.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.name}</strong> <code>{entry.data === 'OK' ? '' : entry.data}</code>
            </li>
          ))}
        </ol>
      </div>
    </Window>
  );
}

export default defineView('la-console-view', ConsoleView, [sheet]);
