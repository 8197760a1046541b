import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, waitFor } from 'xstate';
import { consoleMachine, CONSOLE_LOG_LIMIT } from '../../machines/console.machine.ts';

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
});
