import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

window.liveAssistConfig = { main: { lang: 'en', deploymentID: 'watchman', preload: 'intent' } };

let api: LiveAssistApi;
let sim: Simulator;
const rejection = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
/** Every Watchman event since the test began, as `name data`. */
let seen: Array<{ name: string; data: unknown }> = [];
const named = (name: string) => seen.filter((e) => e.name === name).map((e) => e.data);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Watchman plugin (the idle timer service)', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    api.subscribe('Watchman.*', (event) => seen.push({ name: event.name, data: event.data }));
  });
  after(() => sim.dispose());
  beforeEach(() => {
    seen = [];
  });

  it('loads on its first command: a countdown of 2 reports 2, 1, then done', async () => {
    await api.command('Watchman.countdown', { name: 'test.countdown', time: 2 });
    expect(named('Watchman.countdown')).to.deep.equal([{ name: 'test.countdown', remaining: 2 }]);
    await waitFor(() => named('Watchman.countdownDone').length > 0, 4000, 'countdownDone');
    expect(named('Watchman.countdown')).to.deep.equal([
      { name: 'test.countdown', remaining: 2 },
      { name: 'test.countdown', remaining: 1 },
    ]);
    expect(named('Watchman.countdownDone')).to.deep.equal([{ name: 'test.countdown' }]);
  });

  it('stopCountdown stops it; an interval fires each second until stopInterval', async () => {
    await api.command('Watchman.countdown', { name: 'test.stopped', time: 1 });
    await api.command('Watchman.stopCountdown', { name: 'test.stopped' });
    await api.command('Watchman.interval', { name: 'test.every', time: 1 });
    await waitFor(() => named('Watchman.interval').length >= 2, 4000, 'two intervals');
    await api.command('Watchman.stopInterval', { name: 'test.every' });
    const count = named('Watchman.interval').length;
    await pause(1500);
    expect(named('Watchman.interval').length, 'no interval after stopInterval').to.equal(count);
    expect(named('Watchman.countdownDone'), 'the stopped countdown never finished').to.deep.equal([]);
  });

  it('an alarm rings once at its time-stamp (a Date); a cleared one does not', async () => {
    await api.command('Watchman.alarm', { name: 'test.alarm', timestamp: new Date(Date.now() + 1200) });
    await api.command('Watchman.alarm', { name: 'test.cleared', timestamp: Date.now() + 1200 });
    await api.command('Watchman.clearAlarm', { name: 'test.cleared' });
    await waitFor(() => named('Watchman.alarm').length > 0, 4000, 'the alarm');
    await pause(1200);
    expect(named('Watchman.alarm')).to.deep.equal([{ name: 'test.alarm' }]);
  });

  it('the visitor is idle after the threshold; a keydown on the page makes them active again', async () => {
    await api.command('Watchman.configure', { threshold: 2 });
    await sendKeys({ press: 'Shift' }); // a fresh start: the earlier tests took longer than 5 s
    await pause(1100); // past the once-a-second throttle of activity
    seen = [];
    await waitFor(() => named('Watchman.idle').length > 0, 5000, 'idle');
    expect(named('Watchman.idle')).to.deep.equal([{ seconds: 2 }]);
    expect(await api.command('Watchman.getIdleTime')).to.be.at.least(2);
    await sendKeys({ press: 'Shift' });
    await waitFor(() => named('Watchman.active').length > 0, 2000, 'active');
    expect(await api.command('Watchman.getIdleTime')).to.be.below(2);
    // Idle again only after the threshold passes anew.
    await waitFor(() => named('Watchman.idle').length > 1, 5000, 'idle again');
    await api.command('Watchman.configure', { threshold: 5 });
  });

  it("rejects bad options with the checks' messages", async () => {
    const time = 'Watchman: countdown and interval need a time of at least 1 (seconds)';
    expect(await rejection(api.command('Watchman.countdown', { name: 'x', time: 0 }))).to.equal(time);
    expect(await rejection(api.command('Watchman.interval', { name: 'x', time: '3' as unknown as number }))).to.equal(time);
    expect(await rejection(api.command('Watchman.alarm', { name: 'x' } as never))).to.equal('Watchman: an alarm needs a time-stamp');
    expect(await rejection(api.command('Watchman.alarm', { name: 'x', timestamp: new Date('nonsense') }))).to.equal('Watchman: an alarm needs a time-stamp');
    expect(await rejection(api.command('Watchman.countdown', { time: 3 } as never))).to.equal('Watchman: a timer needs a name');
    expect(await rejection(api.command('Watchman.configure', { threshold: -1 }))).to.equal('Watchman: the idle threshold needs a time of at least 1 (seconds)');
    await pause(1200);
    expect(named('Watchman.countdown').concat(named('Watchman.interval'), named('Watchman.alarm'))).to.deep.equal([]);
  });
});
