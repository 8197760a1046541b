import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { cobrowseMachine, cobrowseMessages, startRefusal, START_PENDING_RESET_MS } from '../../machines/cobrowse.machine.ts';

/** A provider whose start the test settles by hand, and which counts its starts and stops. */
function start() {
  const clock = new SimulatedClock();
  const calls = { starts: 0, stops: 0 };
  let settle: { resolve(token: string): void; reject(error: Error): void } | undefined;
  const actor = createActor(
    cobrowseMachine.provide({
      actors: {
        startSession: fromPromise(
          () =>
            new Promise<{ token: string }>((resolve, reject) => {
              calls.starts++;
              settle = { resolve: (token) => resolve({ token }), reject };
            }),
        ),
        stopSession: fromPromise(async () => {
          calls.stops++;
        }),
      },
    }),
    { clock },
  ).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { actor, clock, calls, settle: () => settle!, flush };
}

describe('co-browse machine', () => {
  it('refuses a start while offline, and goes online and offline with the status', () => {
    const { actor, calls } = start();
    expect(startRefusal(actor.getSnapshot())).to.equal(cobrowseMessages.offline);
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
    actor.send({ type: 'status', online: true });
    expect(actor.getSnapshot().context.online).to.equal(true);
    expect(startRefusal(actor.getSnapshot())).to.equal(null);
    actor.send({ type: 'status', online: false });
    expect(actor.getSnapshot().context.online).to.equal(false);
    expect(calls.starts).to.equal(0);
  });

  it('asks the visitor first: nothing is started before consent, and Cancel starts nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'status', online: true });
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().matches({ session: 'consent' })).to.equal(true);
    expect(actor.getSnapshot().hasTag('dialog')).to.equal(true);
    expect(calls.starts).to.equal(0);
    actor.send({ type: 'consent.cancel' });
    expect(actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
    expect(actor.getSnapshot().context.reason).to.equal('visitor');
    expect(calls.starts).to.equal(0);
  });

  it('goes online → started → stopped, with the token while started and the bar only then', async () => {
    const { actor, calls, settle, flush } = start();
    actor.send({ type: 'status', online: true });
    actor.send({ type: 'start' });
    actor.send({ type: 'consent.accept' });
    expect(actor.getSnapshot().matches({ session: 'starting' })).to.equal(true);
    expect(calls.starts).to.equal(1);
    settle().resolve('123456789');
    await flush();
    expect(actor.getSnapshot().matches({ session: 'started' })).to.equal(true);
    expect(actor.getSnapshot().hasTag('bar')).to.equal(true);
    expect(actor.getSnapshot().context.token).to.equal('123456789');
    actor.send({ type: 'stop' });
    await flush();
    expect(calls.stops).to.equal(1);
    expect(actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
    expect(actor.getSnapshot().context).to.include({ token: null, reason: 'visitor' });
  });

  it('a start the caller agreed to (the call-us panel asked) skips the dialog', () => {
    const { actor, calls } = start();
    actor.send({ type: 'status', online: true });
    actor.send({ type: 'start', agreed: true });
    expect(actor.getSnapshot().matches({ session: 'starting' })).to.equal(true);
    expect(calls.starts).to.equal(1);
  });

  it('rejects a start while the previous one is pending, and clears the flag after 3 s', async () => {
    const { actor, clock, settle, flush } = start();
    actor.send({ type: 'status', online: true });
    actor.send({ type: 'start', agreed: true });
    settle().reject(new Error('relay down'));
    await flush();
    // The start failed: the session is stopped again, but the start is still pending.
    expect(actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
    expect(actor.getSnapshot().context.error).to.equal('relay down');
    expect(startRefusal(actor.getSnapshot())).to.equal(cobrowseMessages.pending);
    actor.send({ type: 'start', agreed: true });
    expect(actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
    clock.increment(START_PENDING_RESET_MS - 1);
    expect(startRefusal(actor.getSnapshot())).to.equal(cobrowseMessages.pending);
    clock.increment(1);
    expect(startRefusal(actor.getSnapshot())).to.equal(null);
    actor.send({ type: 'start', agreed: true });
    expect(actor.getSnapshot().matches({ session: 'starting' })).to.equal(true);
  });

  it('refuses a second start while a session runs', async () => {
    const { actor, clock, settle, flush } = start();
    actor.send({ type: 'status', online: true });
    actor.send({ type: 'start', agreed: true });
    settle().resolve('123456789');
    await flush();
    clock.increment(START_PENDING_RESET_MS);
    expect(startRefusal(actor.getSnapshot())).to.equal(cobrowseMessages.alreadyStarted);
  });

  it('ends when the provider says so (the agent stopped it), and a Stop while starting stops the provider', async () => {
    const { actor, calls, settle, flush } = start();
    actor.send({ type: 'status', online: true });
    actor.send({ type: 'start', agreed: true });
    settle().resolve('123456789');
    await flush();
    actor.send({ type: 'session.ended', reason: 'agent' });
    await flush();
    expect(actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
    expect(actor.getSnapshot().context.reason).to.equal('agent');
    expect(calls.stops).to.equal(1);

    const second = start();
    second.actor.send({ type: 'status', online: true });
    second.actor.send({ type: 'start', agreed: true });
    second.actor.send({ type: 'stop' });
    await second.flush();
    expect(second.calls.stops).to.equal(1);
    expect(second.actor.getSnapshot().matches({ session: 'stopped' })).to.equal(true);
  });
});
