import { expect } from '@esm-bundle/chai';
import { assign, createActor, SimulatedClock } from 'xstate';
import {
  checkName,
  checkThreshold,
  checkTime,
  checkTimestamp,
  watchmanMachine,
  watchmanRefusal,
  WATCHMAN_IDLE_THRESHOLD,
  WATCHMAN_TICK_MS,
  type WatchmanEmitted,
  type WatchmanInput,
} from '../../machines/watchman.machine.ts';

const START = Date.parse('2030-03-03T12:00:00Z');

/** An actor on a simulated clock that `readClock` reads too; `seconds(n)` lets n ticks pass, one by one. */
function start(input?: WatchmanInput) {
  const clock = new SimulatedClock();
  clock.set(START);
  const actor = createActor(watchmanMachine.provide({ actions: { readClock: assign({ now: () => clock.now() }) } }), { input, clock }).start();
  const emitted: WatchmanEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  const seconds = (n: number) => {
    for (let i = 0; i < n; i++) clock.increment(WATCHMAN_TICK_MS);
  };
  /** The emitted events other than the tick, since the last call. */
  const reported = () => emitted.splice(0).filter((e) => e.type !== 'tick');
  const context = () => actor.getSnapshot().context;
  return { actor, clock, emitted, seconds, reported, context };
}

describe('watchman machine', () => {
  it("has the spec's constants: a 1-second tick, idle threshold 5 seconds", () => {
    expect(WATCHMAN_TICK_MS).to.equal(1000);
    expect(WATCHMAN_IDLE_THRESHOLD).to.equal(5);
    expect(start().context().threshold).to.equal(5);
  });

  it('ticks every second with the seconds since the last activity, read from the provided clock', () => {
    const { seconds, emitted, context } = start();
    seconds(3);
    expect(emitted).to.deep.equal([1, 2, 3].map((idleSeconds) => ({ type: 'tick', idleSeconds })));
    expect(context().now).to.equal(START + 3000);
    expect(context().idleSeconds).to.equal(3);
  });

  it('emits idle once when 5 s pass without activity, and not again while idle', () => {
    const { seconds, reported, context } = start();
    seconds(4);
    expect(reported()).to.deep.equal([]);
    expect(context().idle).to.equal(false);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'idle', seconds: 5 }]);
    expect(context().idle).to.equal(true);
    seconds(10);
    expect(reported(), 'no second idle without activity').to.deep.equal([]);
    expect(context().idleSeconds).to.equal(15);
  });

  it('activity resets the idle time; after idle it emits active, and idle comes again only after activity', () => {
    const { actor, seconds, reported, context, clock } = start();
    seconds(3);
    actor.send({ type: 'activity' });
    expect(reported(), 'activity before idle is not "active"').to.deep.equal([]);
    seconds(4);
    expect(reported(), 'the idle time started again at the activity').to.deep.equal([]);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'idle', seconds: 5 }]);
    clock.increment(400); // activity between two ticks
    actor.send({ type: 'activity' });
    expect(reported()).to.deep.equal([{ type: 'active' }]);
    expect(context()).to.deep.include({ idle: false, idleSeconds: 0, lastActivity: START + 8400 });
    clock.increment(600); // the next tick, 0.6 s after the activity
    seconds(4);
    expect(context().idleSeconds, 'whole seconds since the activity').to.equal(4);
    expect(reported()).to.deep.equal([]);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'idle', seconds: 5 }]);
  });

  it('the idle time follows the clock, not the number of ticks (a throttled tab)', () => {
    const { seconds, clock, reported } = start();
    clock.increment(60_000); // one late tick for a minute of inactivity
    expect(reported()).to.deep.equal([{ type: 'idle', seconds: 60 }]);
    seconds(1);
    expect(reported()).to.deep.equal([]);
  });

  it('configure sets the threshold; a bad threshold is refused with its message', () => {
    const { actor, seconds, reported, context } = start({ threshold: 10 });
    expect(context().threshold).to.equal(10);
    seconds(9);
    expect(reported()).to.deep.equal([]);
    actor.send({ type: 'configure', threshold: 3 });
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'idle', seconds: 10 }]);
    expect(watchmanRefusal({ type: 'configure', threshold: 0 })).to.equal('Watchman: the idle threshold needs a time of at least 1 (seconds)');
    actor.send({ type: 'configure', threshold: 0 });
    expect(context().threshold).to.equal(3);
    expect(start({ threshold: Number.NaN }).context().threshold, 'a bad input falls back to 5').to.equal(5);
  });

  it('a countdown of 3 reports 3, 2, 1 and then done, once', () => {
    const { actor, seconds, reported, context } = start();
    actor.send({ type: 'activity' });
    actor.send({ type: 'countdown.start', name: 'invite', time: 3 });
    expect(reported()).to.deep.equal([{ type: 'countdown', name: 'invite', remaining: 3 }]);
    expect(context().countdowns).to.deep.equal({ invite: 3 });
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'countdown', name: 'invite', remaining: 2 }]);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'countdown', name: 'invite', remaining: 1 }]);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'countdownDone', name: 'invite' }]);
    expect(context().countdowns).to.deep.equal({});
    seconds(2);
    expect(reported().filter((e) => e.type.startsWith('countdown'))).to.deep.equal([]);
  });

  it('a countdown started again restarts; a stopped countdown never finishes', () => {
    const { actor, seconds, reported, context } = start();
    actor.send({ type: 'countdown.start', name: 'alert', time: 2 });
    seconds(1);
    actor.send({ type: 'countdown.start', name: 'alert', time: 2 });
    seconds(1);
    expect(reported().at(-1)).to.deep.equal({ type: 'countdown', name: 'alert', remaining: 1 });
    actor.send({ type: 'countdown.stop', name: 'alert' });
    expect(context().countdowns).to.deep.equal({});
    seconds(4);
    expect(reported().filter((e) => e.type.startsWith('countdown'))).to.deep.equal([]);
  });

  it('an interval of 2 fires every 2 seconds until stopped', () => {
    const { actor, seconds, reported, context } = start();
    actor.send({ type: 'interval.start', name: 'poll', time: 2 });
    expect(context().intervals).to.deep.equal({ poll: { every: 2, next: 2 } });
    const fired: number[] = [];
    for (let s = 1; s <= 6; s++) {
      seconds(1);
      if (reported().some((e) => e.type === 'interval' && e.name === 'poll')) fired.push(s);
    }
    expect(fired).to.deep.equal([2, 4, 6]);
    actor.send({ type: 'interval.stop', name: 'poll' });
    expect(context().intervals).to.deep.equal({});
    seconds(4);
    expect(reported().filter((e) => e.type === 'interval')).to.deep.equal([]);
  });

  it('an alarm rings once at its time-stamp (a number or a Date); a cleared alarm does not', () => {
    const { actor, seconds, reported, context } = start();
    actor.send({ type: 'alarm.set', name: 'at3', timestamp: START + 3000 });
    actor.send({ type: 'alarm.set', name: 'date', timestamp: new Date(START + 2000) });
    actor.send({ type: 'alarm.set', name: 'cleared', timestamp: START + 2000 });
    expect(context().alarms).to.deep.equal({ at3: START + 3000, date: START + 2000, cleared: START + 2000 });
    actor.send({ type: 'alarm.clear', name: 'cleared' });
    actor.send({ type: 'configure', threshold: 60 }); // no idle in the way
    seconds(1);
    expect(reported()).to.deep.equal([]);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'alarm', name: 'date' }]);
    seconds(1);
    expect(reported()).to.deep.equal([{ type: 'alarm', name: 'at3' }]);
    seconds(3);
    expect(reported()).to.deep.equal([]);
    expect(context().alarms).to.deep.equal({});
  });

  it("checks with the spec's wording: a time of at least 1, an alarm's time-stamp", () => {
    for (const bad of [0, 0.5, -1, Number.NaN, Infinity, '3', undefined, null]) {
      expect(checkTime(bad), String(bad)).to.equal('Watchman: countdown and interval need a time of at least 1 (seconds)');
    }
    expect(checkTime(1)).to.equal(null);
    expect(checkTime(30)).to.equal(null);
    for (const bad of [Number.NaN, Infinity, '2030-03-03', undefined, null, new Date('nonsense'), {}]) {
      expect(checkTimestamp(bad), String(bad)).to.equal('Watchman: an alarm needs a time-stamp');
    }
    expect(checkTimestamp(START)).to.equal(null);
    expect(checkTimestamp(new Date(START))).to.equal(null);
    expect(checkName('')).to.equal('Watchman: a timer needs a name');
    expect(checkName(7)).to.equal('Watchman: a timer needs a name');
    expect(checkThreshold(5)).to.equal(null);
  });

  it('refuses bad starts: nothing is scheduled', () => {
    const { actor, seconds, reported, context } = start();
    expect(watchmanRefusal({ type: 'countdown.start', name: 'x', time: 0 })).to.equal('Watchman: countdown and interval need a time of at least 1 (seconds)');
    expect(watchmanRefusal({ type: 'interval.start', name: 'x', time: Number.NaN })).to.equal(
      'Watchman: countdown and interval need a time of at least 1 (seconds)',
    );
    expect(watchmanRefusal({ type: 'alarm.set', name: 'x', timestamp: Number.NaN })).to.equal('Watchman: an alarm needs a time-stamp');
    expect(watchmanRefusal({ type: 'countdown.start', name: '', time: 3 })).to.equal('Watchman: a timer needs a name');
    expect(actor.getSnapshot().can({ type: 'countdown.start', name: 'x', time: 0 })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'countdown.start', name: 'x', time: 1 })).to.equal(true);
    actor.send({ type: 'countdown.start', name: 'x', time: 0 });
    actor.send({ type: 'interval.start', name: 'y', time: 0.5 });
    actor.send({ type: 'alarm.set', name: 'z', timestamp: Number.NaN });
    expect(context()).to.deep.include({ countdowns: {}, intervals: {}, alarms: {} });
    seconds(2);
    expect(reported()).to.deep.equal([]);
  });
});
