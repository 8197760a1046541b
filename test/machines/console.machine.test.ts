import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { consoleMachine, CONSOLE_HIGHLIGHT_MS, CONSOLE_LOG_LIMIT, watchPattern } from '../../machines/console.machine.ts';

const start = (run: (input: { name: string; options: unknown }) => Promise<unknown> = async () => undefined) => {
  const calls: Array<{ name: string; options: unknown }> = [];
  const actor = createActor(
    consoleMachine.provide({
      actors: {
        runCommand: fromPromise(async ({ input }) => {
          calls.push(input);
          return run(input);
        }),
      },
    }),
    { input: {} },
  ).start();
  return { actor, calls };
};

describe('console machine', () => {
  it('opens and closes; a second open or close is not possible', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().matches('open')).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'open' })).to.equal(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
  });

  it('runs Plugin.command with parsed JSON options and shows the answer', async () => {
    const { actor, calls } = start(async () => ({ position: 55 }));
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'plugin', value: 'WindowManager' });
    actor.send({ type: 'form.change', field: 'command', value: 'dock' });
    actor.send({ type: 'form.change', field: 'options', value: '{"width": 300}' });
    actor.send({ type: 'execute' });
    expect(actor.getSnapshot().hasTag('busy'), 'running: the view disables Execute').to.equal(true);
    expect(actor.getSnapshot().can({ type: 'execute' })).to.equal(false);
    await waitFor(actor, (s) => s.matches({ open: 'idle' }));
    expect(actor.getSnapshot().hasTag('busy')).to.equal(false);
    expect(calls).to.deep.equal([{ name: 'WindowManager.dock', options: { width: 300 } }]);
    expect(actor.getSnapshot().context.result).to.deep.equal({ status: 'resolved', text: '{\n  "position": 55\n}' });
  });

  it('shows OK when a command returns nothing, and the message when it rejects', async () => {
    let fail = false;
    const { actor } = start(async () => {
      if (fail) throw new Error('Already opened');
      return undefined;
    });
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'plugin', value: 'Console' });
    actor.send({ type: 'form.change', field: 'command', value: 'open' });
    actor.send({ type: 'execute' });
    await waitFor(actor, (s) => s.context.result !== null);
    expect(actor.getSnapshot().context.result).to.deep.equal({ status: 'resolved', text: 'OK' });
    fail = true;
    actor.send({ type: 'execute' });
    await waitFor(actor, (s) => s.context.result?.status === 'rejected');
    expect(actor.getSnapshot().context.result!.text).to.equal('Already opened');
  });

  it('refuses invalid JSON options without running anything, keeping what was typed', () => {
    const { actor, calls } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'plugin', value: 'App' });
    actor.send({ type: 'form.change', field: 'command', value: 'setTheme' });
    actor.send({ type: 'form.change', field: 'options', value: '{theme: light}' });
    actor.send({ type: 'execute' });
    const { context } = actor.getSnapshot();
    expect(calls).to.deep.equal([]);
    expect(context.result).to.deep.include({ status: 'rejected', code: 'invalidJson' });
    expect(context.options).to.equal('{theme: light}');
  });

  it('does nothing on execute without a plugin and command; choosing a plugin clears the command', () => {
    const { actor, calls } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'execute' });
    expect(actor.getSnapshot().matches({ open: 'idle' })).to.equal(true);
    actor.send({ type: 'form.change', field: 'plugin', value: 'App' });
    actor.send({ type: 'form.change', field: 'command', value: 'closeAll' });
    actor.send({ type: 'form.change', field: 'plugin', value: 'Console' });
    expect(actor.getSnapshot().context.command).to.equal('');
    actor.send({ type: 'execute' });
    expect(calls).to.deep.equal([]);
  });

  it('keeps watches unique, logs newest first up to the limit, and clears', () => {
    const { actor } = start();
    actor.send({ type: 'watch.add', pattern: 'App.*' });
    actor.send({ type: 'watch.add', pattern: ' App.* ' });
    actor.send({ type: 'watch.add', pattern: '' });
    expect(actor.getSnapshot().context.watches).to.deep.equal(['App.*']);
    for (let i = 0; i < CONSOLE_LOG_LIMIT + 5; i += 1) actor.send({ type: 'watch.event', name: `App.e${i}`, data: { i } });
    const { log } = actor.getSnapshot().context;
    expect(log.length).to.equal(CONSOLE_LOG_LIMIT);
    expect(log[0]!.name).to.equal(`App.e${CONSOLE_LOG_LIMIT + 4}`);
    actor.send({ type: 'watch.remove', pattern: 'App.*' });
    expect(actor.getSnapshot().context.watches).to.deep.equal([]);
    actor.send({ type: 'watch.add', pattern: '*' });
    actor.send({ type: 'watch.clear' });
    expect(actor.getSnapshot().context).to.deep.include({ watches: [], log: [] });
  });

  it('shows the JSON parse error with the refusal', () => {
    const { actor } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'plugin', value: 'App' });
    actor.send({ type: 'form.change', field: 'command', value: 'setTheme' });
    actor.send({ type: 'form.change', field: 'options', value: '{"theme": }' });
    actor.send({ type: 'execute' });
    const { result } = actor.getSnapshot().context;
    let expected = '';
    try {
      JSON.parse('{"theme": }');
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(result).to.deep.equal({ status: 'rejected', code: 'invalidJson', text: expected });
    expect(expected).not.to.equal('');
  });

  it('logs only watched events, and keeps every name it sees for the event dropdown', () => {
    const { actor } = start();
    actor.send({ type: 'watch.event', name: 'Callback.opened', data: undefined });
    actor.send({ type: 'watch.add', pattern: watchPattern('App', '') });
    actor.send({ type: 'watch.add', pattern: watchPattern('Callback', 'closed') });
    expect(actor.getSnapshot().context.watches).to.deep.equal(['App.*', 'Callback.closed']);
    actor.send({ type: 'watch.event', name: 'Callback.opened', data: undefined });
    actor.send({ type: 'watch.event', name: 'App.ready', data: { lang: 'en' } });
    actor.send({ type: 'watch.event', name: 'Callback.closed', data: undefined });
    const { log, known } = actor.getSnapshot().context;
    expect(log.map((e) => [e.name, e.data])).to.deep.equal([
      ['Callback.closed', 'OK'],
      ['App.ready', '{\n  "lang": "en"\n}'],
    ]);
    expect(known).to.deep.equal(['App.ready', 'Callback.closed', 'Callback.opened']);
    expect(watchPattern('', 'anything')).to.equal('*');
  });

  it('lights a watch for about 3 s as its event fires; firing again keeps it lit (no blinking)', () => {
    const clock = new SimulatedClock();
    const actor = createActor(consoleMachine, { clock, input: { watches: ['App.*', 'Search.*'] } }).start();
    actor.send({ type: 'watch.event', name: 'App.closeAll', data: undefined });
    expect(actor.getSnapshot().context.lit).to.deep.equal(['App.*']);
    clock.increment(CONSOLE_HIGHLIGHT_MS - 1000);
    actor.send({ type: 'watch.event', name: 'App.closeAll', data: undefined });
    clock.increment(CONSOLE_HIGHLIGHT_MS - 1);
    expect(actor.getSnapshot().context.lit, 'restarted by the second event').to.deep.equal(['App.*']);
    clock.increment(1);
    expect(actor.getSnapshot().context.lit).to.deep.equal([]);
    expect(CONSOLE_HIGHLIGHT_MS).to.equal(3000);
    actor.send({ type: 'watch.event', name: 'Search.opened', data: undefined });
    actor.send({ type: 'watch.remove', pattern: 'Search.*' });
    expect(actor.getSnapshot().context.lit).to.deep.equal([]);
  });

  it('moves to whole pixels, docks again on move.reset, and ignores a position that is not a number', () => {
    const { actor } = start();
    actor.send({ type: 'move.to', x: 10.4, y: 20.6 });
    expect(actor.getSnapshot().context.position).to.deep.equal({ x: 10, y: 21 });
    actor.send({ type: 'move.to', x: Number.NaN, y: 3 });
    expect(actor.getSnapshot().context.position).to.deep.equal({ x: 10, y: 21 });
    actor.send({ type: 'move.reset' });
    expect(actor.getSnapshot().context.position).to.equal(null);
  });

  it('starts from and restores saved state, taking only well-formed fields', () => {
    const actor = createActor(consoleMachine, {
      input: {
        plugin: 'App',
        command: 'closeAll',
        options: '{}',
        eventPlugin: 'App',
        event: 'ready',
        watches: ['App.*', ' App.* ', 3 as unknown as string],
        position: { x: 5, y: 6 },
      },
    }).start();
    expect(actor.getSnapshot().context).to.deep.include({
      plugin: 'App',
      command: 'closeAll',
      options: '{}',
      eventPlugin: 'App',
      event: 'ready',
      watches: ['App.*'],
      position: { x: 5, y: 6 },
    });
    actor.send({
      type: 'state.restore',
      saved: { plugin: 7 as unknown as string, position: { x: 'a' } as unknown as { x: number; y: number }, watches: 'x' as unknown as string[] },
    });
    expect(actor.getSnapshot().context).to.deep.include({ plugin: 'App', watches: ['App.*'], position: { x: 5, y: 6 } });
    actor.send({ type: 'state.restore', saved: { position: null, command: 'ready' } });
    expect(actor.getSnapshot().context).to.deep.include({ command: 'ready', position: null });
  });

  it('takes form changes while closed (configure before open) and clears the event with its plugin', () => {
    const { actor } = start();
    actor.send({ type: 'form.change', field: 'eventPlugin', value: 'App' });
    actor.send({ type: 'form.change', field: 'event', value: 'ready' });
    actor.send({ type: 'form.change', field: 'eventPlugin', value: 'Search' });
    expect(actor.getSnapshot().context).to.deep.include({ eventPlugin: 'Search', event: '' });
  });
});
