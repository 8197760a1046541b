import { useEffect, useId, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, Window } from '../common/chrome.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import type { ConsoleActor } from '../../src/plugins/console/console.ts';
import { watchPattern } from '../../machines/console.machine.ts';
import { useTitleBarMove } from '../common/drag.ts';
import sheet from '../../styles/console.css' with { type: 'css' };

function ConsoleView({ controller: actor }: ViewProps<ConsoleActor>) {
  const t = useT();
  const { app, host } = useView();
  const { mobile } = useEnvironment();
  const open = useSelector(actor, (s) => s.matches('open'));
  const running = useSelector(actor, (s) => s.hasTag('busy'));
  const context = useSelector(actor, (s) => s.context);
  const id = useId();
  const hint = useRef<HTMLParagraphElement>(null);
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
  useTitleBarMove(hint, open && !mobile, moveTo, reset);
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
      <p ref={hint} id={`${id}-move`} className="la-visually-hidden">
        {t.t('common.moveHint')}
      </p>
      <form
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
