import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { channelSelectorMachine, tileStatus } from '../../machines/channel-selector.machine.ts';
import type { SelectorChannel, SelectorStatus } from '../../machines/channel-selector.machine.ts';

const chat: SelectorChannel = { name: 'WebChat', ewt: { display: true, queue: 'Q' } };
const status = (wait: number | undefined, ewt: SelectorChannel['ewt'] = chat.ewt) => tileStatus({ ...chat, ewt }, wait === undefined ? {} : { Q: wait });

describe('channel selector tile status', () => {
  it('wait 0 or unknown is Available; under the minimum a warning (a longer wait); to the maximum the minutes with an alert', () => {
    expect(status(0)).to.deep.equal({ status: 'available', level: 'none', minutes: 0 });
    expect(status(undefined).status).to.equal('available');
    expect(status(-1).status).to.equal('available');
    expect(status(120)).to.deep.equal({ status: 'longerWait', level: 'warning', minutes: 2 });
    expect(status(300)).to.deep.equal({ status: 'wait', level: 'alert', minutes: 5 });
    expect(status(479)).to.deep.include({ status: 'wait', minutes: 8 });
  });

  it('at or above the maximum (default 480 s) the tile is hidden, or Unavailable when not hidden', () => {
    expect(status(480).status).to.equal('hidden');
    expect(status(480, { ...chat.ewt, hideChannelWhenThresholdMax: false }).status).to.equal('unavailable');
  });

  it('follows the deployment thresholds: the wait shows between 300 and 3600 s', () => {
    const deployment = { display: true, queue: 'Q', availabilityThresholdMin: 300, availabilityThresholdMax: 3600, hideChannelWhenThresholdMax: false };
    expect(status(299, deployment).status).to.equal('longerWait');
    expect(status(1800, deployment)).to.deep.equal({ status: 'wait', level: 'alert', minutes: 30 });
    expect(status(3600, deployment).status).to.equal('unavailable');
    expect(status(1800, { ...deployment, display: false }).status).to.equal('available');
  });
});

describe('channel selector machine', () => {
  const start = () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const actor = createActor(
      channelSelectorMachine.provide({
        actors: {
          fetchStatus: fromPromise<SelectorStatus, { channels: SelectorChannel[] }>(async () => (calls++, { available: ['WebChat'], waits: { Q: 400 } })),
        },
      }),
      { clock, input: {} },
    ).start();
    return { actor, clock, calls: () => calls };
  };

  it('needs at least one channel and refuses to open twice', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'open', channels: [] })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    actor.send({ type: 'open', channels: [chat] });
    expect(actor.getSnapshot().matches('open')).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'open', channels: [chat] })).to.equal(false);
  });

  it('refreshes the statistics every 10 s only while open', async () => {
    const { actor, clock, calls } = start();
    clock.increment(30_000);
    expect(calls()).to.equal(0);
    actor.send({ type: 'open', channels: [chat] });
    expect(actor.getSnapshot().hasTag('busy'), 'loading').to.equal(true);
    await waitFor(actor, (s) => s.matches({ open: 'idle' }));
    expect(actor.getSnapshot().hasTag('busy')).to.equal(false);
    expect(actor.getSnapshot().context).to.deep.include({ available: ['WebChat'], waits: { Q: 400 } });
    clock.increment(10_000);
    expect(calls()).to.equal(2);
    actor.send({ type: 'close' });
    clock.increment(60_000);
    expect(calls()).to.equal(2);
  });
});
