import { useId, useState } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, Window } from '../common/chrome.tsx';
import { useT, useView } from '../common/context.ts';
import type { ConsoleActor } from '../../src/plugins/console/console.ts';
import sheet from '../../styles/console.css' with { type: 'css' };

function ConsoleView({ controller: actor }: ViewProps<ConsoleActor>) {
  const t = useT();
  const { app } = useView();
  const open = useSelector(actor, (s) => s.matches('open'));
  const running = useSelector(actor, (s) => s.hasTag('busy'));
  const context = useSelector(actor, (s) => s.context);
  const [pattern, setPattern] = useState('*');
  const id = useId();
  if (!open) return null;
  const plugins = app.bus.describe().filter((p) => p.name !== 'Console');
  const commands = plugins.find((p) => p.name === context.plugin)?.commands ?? [];
  const change = (field: 'plugin' | 'command' | 'options') => (event: { target: { value: string } }) =>
    actor.send({ type: 'form.change', field, value: event.target.value });

  return (
    <Window title={t.t('console.title')} onClose={() => void app.bus.command('Console.close', undefined, { commander: 'Console' })}>
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
        <output
          aria-labelledby={`${id}-result`}
          aria-live="polite"
          className={`la-console__result${context.result ? ` la-console__result--${context.result.status}` : ''}`}
        >
          {context.result?.code === 'invalidJson' ? t.t('console.invalidJson') : (context.result?.text ?? '')}
        </output>
      </div>
      <form
        className="la-console__watch"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'watch.add', pattern });
        }}
      >
        <div className="la-field">
          <label htmlFor={`${id}-event`}>{t.t('console.events')}</label>
          <input id={`${id}-event`} name="event" value={pattern} onChange={(e) => setPattern(e.target.value)} />
        </div>
        <ButtonGroup>
          <Button type="submit">{t.t('console.watch')}</Button>
          <Button onClick={() => actor.send({ type: 'watch.clear' })}>{t.t('console.clearAll')}</Button>
        </ButtonGroup>
      </form>
      {context.watches.length ? (
        <ul className="la-console__watches" aria-label={t.t('console.events')}>
          {context.watches.map((w) => (
            <li key={w}>
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
