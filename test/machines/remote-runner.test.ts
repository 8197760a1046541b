import { expect } from '@esm-bundle/chai';
import { Bus } from '../../src/bus/index.ts';
import type { App } from '../../src/app/app.ts';
import { readActions, REMOTE_MAX_ACTIONS, REMOTE_MAX_WAIT_MS, remoteMessages, runActions } from '../../machines/remote-runner.ts';
import { register } from '../../src/plugins/remote/remote.ts';

/** A bus with the Remote plugin and a Test plugin whose commands record their calls. */
function setup() {
  const bus = new Bus();
  const calls: Array<[string, unknown, string]> = [];
  const test = bus.registerPlugin('Callback' as string);
  for (const name of ['open', 'configure', 'fail']) {
    (test.registerCommand as (c: string, h: (o: unknown, m: { commander: string }) => unknown) => void)(name, (options, meta) => {
      calls.push([`Callback.${name}`, options, meta.commander]);
      if (name === 'fail') throw new Error('Already opened');
      return name === 'configure' ? { configured: true } : undefined;
    });
  }
  test.ready();
  const waits: number[] = [];
  const app = { bus, window: { setTimeout: (go: () => void, ms: number) => (waits.push(ms), setTimeout(go, 0)) } } as unknown as App;
  register(app);
  const execute = (options: unknown, commander: string) => bus.commandByName('Remote.execute', options, { commander });
  return { calls, waits, execute };
}

describe('remote runner', () => {
  it('runs the actions in order, each after its wait, and answers each outcome', async () => {
    const { calls, waits, execute } = setup();
    const answer = await execute(
      {
        actions: [
          { command: 'Callback.open', wait: 250 },
          { command: 'Callback.configure', options: { a: 1 } },
        ],
      },
      'page',
    );
    expect(answer).to.deep.equal({
      completed: true,
      outcomes: [
        { command: 'Callback.open', status: 'resolved' },
        { command: 'Callback.configure', status: 'resolved', result: { configured: true } },
      ],
    });
    expect(calls).to.deep.equal([
      ['Callback.open', undefined, 'page'],
      ['Callback.configure', { a: 1 }, 'page'],
    ]);
    expect(waits).to.deep.equal([250]);
  });

  it('stops at the first rejection: the rest are skipped, and the run resolves with completed false', async () => {
    const { calls, execute } = setup();
    const answer = await execute([{ command: 'Callback.fail' }, { command: 'Callback.open' }, { command: 'Nope.open' }], 'page');
    expect(answer).to.deep.equal({
      completed: false,
      outcomes: [
        { command: 'Callback.fail', status: 'rejected', error: 'Already opened' },
        { command: 'Callback.open', status: 'skipped' },
        { command: 'Nope.open', status: 'skipped' },
      ],
    });
    expect(calls.map((c) => c[0])).to.deep.equal(['Callback.fail']);
  });

  it("from anything but the page's script, every action is held to the channel-command allow-list", async () => {
    const { calls, execute } = setup();
    const answer = (await execute([{ command: 'Callback.open' }, { command: 'Callback.configure' }], 'Console')) as {
      outcomes: Array<{ status: string; error?: string }>;
    };
    expect(answer.outcomes[0]).to.deep.equal({ command: 'Callback.open', status: 'resolved' });
    expect(answer.outcomes[1]!.status).to.equal('rejected');
    expect(answer.outcomes[1]!.error).to.match(/Callback\.configure may not run from configuration or markup/);
    expect(calls).to.deep.equal([['Callback.open', undefined, 'Remote']]);
    // Nor may it submit a form for the visitor.
    const submit = (await execute([{ command: 'Callback.open', options: { autoSubmit: true } }], 'Sidebar')) as { outcomes: Array<{ status: string }> };
    expect(submit.outcomes[0]!.status).to.equal('rejected');
    // The page itself may run what it could run directly.
    expect(((await execute([{ command: 'Callback.configure' }], 'page')) as { completed: boolean }).completed).to.equal(true);
  });

  it('refuses a malformed list whole, before anything runs', async () => {
    const { calls, execute } = setup();
    const refused = (options: unknown) =>
      execute(options, 'page').then(
        () => 'resolved',
        (e: Error) => e.message,
      );
    expect(await refused(undefined)).to.equal(remoteMessages.invalid);
    expect(await refused({ actions: [] })).to.equal(remoteMessages.invalid);
    expect(await refused(Array.from({ length: REMOTE_MAX_ACTIONS + 1 }, () => ({ command: 'Callback.open' })))).to.equal(remoteMessages.invalid);
    expect(await refused([{ command: 'Callback.open' }, { command: 'open' }])).to.equal(remoteMessages.invalidCommand(1));
    expect(await refused([{ command: 'Callback.open', wait: -1 }])).to.equal(remoteMessages.invalidWait(0));
    expect(await refused([{ command: 'Callback.open', wait: REMOTE_MAX_WAIT_MS + 1 }])).to.equal(remoteMessages.invalidWait(0));
    expect(await refused([{ command: 'Callback.open', wait: '5' }])).to.equal(remoteMessages.invalidWait(0));
    expect(calls).to.deep.equal([]);
  });

  it('readActions and runActions are pure: a rejection that is not an Error is said as text', async () => {
    const read = readActions({ actions: [{ command: 'A.b', wait: 0 }] });
    expect(read).to.deep.equal({ actions: [{ command: 'A.b', options: undefined, wait: 0 }] });
    const answer = await runActions(
      [{ command: 'A.b' }],
      () => Promise.reject('no'),
      async () => undefined,
    );
    expect(answer).to.deep.equal({ completed: false, outcomes: [{ command: 'A.b', status: 'rejected', error: 'no' }] });
  });
});
