import { expect } from '@esm-bundle/chai';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  clickToCallMachine,
  defaultClickToCallSettings,
  sanitizeCallNumber,
  selectCallWaitMinutes,
  selectCountdown,
  validateClickToCall,
  COUNTDOWN_TICK_MS,
  type ClickToCallEmitted,
  type ClickToCallNumber,
  type ClickToCallSettings,
} from '../../machines/click-to-call.machine.ts';
import { ClickToCallError, type ClickToCallAnswer, type ClickToCallForm } from '../../src/services/click-to-call.ts';

const START = 1_700_000_000_000;
const ANSWER: ClickToCallAnswer = { number: '+48 22 100 30 01', code: '4521', telHref: 'tel:+48221003001,,4521#', expiresIn: 60 };

/** Settles the microtasks a fromPromise actor needs. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  options: {
    request?: (form: ClickToCallForm) => Promise<ClickToCallAnswer>;
    wait?: () => Promise<number | undefined>;
    settings?: Partial<ClickToCallSettings>;
  } = {},
) {
  const clock = new SimulatedClock();
  clock.set(START);
  const requests: ClickToCallForm[] = [];
  let waits = 0;
  const actor = createActor(
    clickToCallMachine.provide({
      actions: { readClock: assign({ now: () => clock.now() }) },
      actors: {
        requestNumber: fromPromise(async ({ input }) => {
          requests.push(input);
          return (options.request ?? (async () => ANSWER))(input);
        }),
        fetchWait: fromPromise(async () => {
          waits++;
          return (options.wait ?? (async () => 120))();
        }),
      },
    }),
    { input: { settings: options.settings }, clock },
  ).start();
  const emitted: ClickToCallEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  const types = () => emitted.map((event) => event.type);
  const fill = (values: Partial<Record<'firstname' | 'lastname' | 'phonenumber', string>>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'form.change', field: field as 'firstname', value });
  };
  return { actor, clock, requests, emitted, types, fill, waits: () => waits };
}

describe('click-to-call machine', () => {
  it('opens into the registration step, publishing opened, and refuses a second open', () => {
    const { actor, types } = start();
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().hasTag('editing')).to.equal(true);
    expect(types()).to.deep.equal(['opened']);
    expect(actor.getSnapshot().context.report.opened).to.equal(START);
    expect(actor.getSnapshot().can({ type: 'open' })).to.equal(false);
  });

  it('takes only digits and + in the phone while typing, at most 100 characters', () => {
    expect(sanitizeCallNumber('+48 (500) 100-200 ext.')).to.equal('+48500100200');
    expect(sanitizeCallNumber('1'.repeat(150))).to.have.length(100);
    const { actor, fill } = start();
    actor.send({ type: 'open' });
    fill({ phonenumber: 'a+4 8-5x' });
    expect(actor.getSnapshot().context.values.phonenumber).to.equal('+485');
    fill({ phonenumber: '9'.repeat(120) });
    expect(actor.getSnapshot().context.values.phonenumber).to.have.length(100);
  });

  it('refuses a submit without a phone number with the spec message, and without a first name', () => {
    expect(validateClickToCall({ firstname: 'Ann', lastname: '', phonenumber: '' }, defaultClickToCallSettings)).to.deep.equal({
      phonenumber: { key: 'clicktocall.error.phoneRequired' },
    });
    const { actor, fill, requests } = start();
    actor.send({ type: 'open' });
    fill({ lastname: 'Nowak' });
    actor.send({ type: 'form.submit' });
    const { errors, report } = actor.getSnapshot().context;
    expect(errors.phonenumber?.key).to.equal('clicktocall.error.phoneRequired');
    expect(errors.firstname?.key).to.equal('clicktocall.error.required');
    expect(errors.lastname).to.equal(undefined);
    expect(report.errors).to.include('clicktocall.error.phoneRequired');
    expect(requests).to.have.length(0);
    expect(actor.getSnapshot().hasTag('editing')).to.equal(true);
  });

  it('submits the form with its user data and shows the number with a countdown that warns at 10 s', async () => {
    const { actor, clock, fill, requests, types, emitted } = start();
    actor.send({ type: 'open', userData: { page: 'pricing' } });
    fill({ firstname: 'Anna', phonenumber: '+48500100200' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await flush();
    expect(requests).to.deep.equal([{ firstname: 'Anna', lastname: '', phonenumber: '+48500100200', userData: { page: 'pricing' } }]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('display')).to.equal(true);
    expect(snapshot.context.number).to.deep.equal({ number: ANSWER.number, code: '4521', telHref: ANSWER.telHref, expires: START + 60_000 });
    expect(types()).to.deep.equal(['opened', 'started', 'submitted', 'numberReceived', 'completed']);
    expect(emitted.find((e) => e.type === 'completed')?.report.completed).to.equal(true);
    expect(selectCountdown(snapshot)).to.deep.equal({ seconds: 60, warning: false });
    clock.increment(49 * COUNTDOWN_TICK_MS);
    expect(selectCountdown(actor.getSnapshot())).to.deep.equal({ seconds: 11, warning: false });
    clock.increment(COUNTDOWN_TICK_MS);
    expect(selectCountdown(actor.getSnapshot())).to.deep.equal({ seconds: 10, warning: true });
  });

  it('expires at the end of the countdown: the number is forgotten, expired published, a new number asked for', async () => {
    let n = 0;
    const { actor, clock, fill, requests, types } = start({ request: async () => ({ ...ANSWER, code: String(1000 + n++) }) });
    actor.send({ type: 'open' });
    fill({ firstname: 'Anna', phonenumber: '+48500100200' });
    actor.send({ type: 'form.submit' });
    await flush();
    clock.increment(59 * COUNTDOWN_TICK_MS);
    expect(actor.getSnapshot().hasTag('display')).to.equal(true);
    clock.increment(COUNTDOWN_TICK_MS);
    const expired = actor.getSnapshot();
    expect(expired.hasTag('expired')).to.equal(true);
    expect(expired.context.number).to.equal(null);
    expect(types().at(-1)).to.equal('expired');
    expect(expired.can({ type: 'form.submit' })).to.equal(false);
    actor.send({ type: 'dialog.confirm' });
    await flush();
    expect(requests).to.have.length(2);
    expect(actor.getSnapshot().context.number?.code).to.equal('1001');
  });

  it('opens a stored unexpired number straight into the display step, without a request', () => {
    const { actor, requests, types } = start();
    const stored: ClickToCallNumber = { number: ANSWER.number, code: '7777', telHref: ANSWER.telHref, expires: START + 30_000 };
    actor.send({ type: 'open', stored });
    expect(actor.getSnapshot().hasTag('display')).to.equal(true);
    expect(selectCountdown(actor.getSnapshot())?.seconds).to.equal(30);
    expect(requests).to.have.length(0);
    expect(types()).to.deep.equal(['opened']);
  });

  it('is quiet (takes no focus) when the app reopens it or the site opens it proactively, not when the visitor does', () => {
    const quiet = (event: { quiet?: boolean; proactive?: boolean }) => {
      const { actor } = start();
      actor.send({ type: 'open', ...event });
      return actor.getSnapshot().context.quiet;
    };
    expect([quiet({}), quiet({ quiet: true }), quiet({ proactive: true })]).to.deep.equal([false, true, true]);
  });

  it('opens the form and publishes expired for a stored number whose time is up', () => {
    const { actor, types } = start();
    actor.send({ type: 'open', stored: { number: ANSWER.number, code: '7777', telHref: ANSWER.telHref, expires: START - 1 } });
    expect(actor.getSnapshot().hasTag('editing')).to.equal(true);
    expect(actor.getSnapshot().context.number).to.equal(null);
    expect(types()).to.deep.equal(['opened', 'expired']);
  });

  it('shows a network failure in a dialog and gives the form back with every value', async () => {
    const { actor, fill, types } = start({ request: async () => Promise.reject(new ClickToCallError({ kind: 'network' })) });
    actor.send({ type: 'open' });
    fill({ firstname: 'Anna', phonenumber: '+48500100200' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().hasTag('alert')).to.equal(true);
    expect(actor.getSnapshot().context.failure).to.deep.equal({ kind: 'network' });
    expect(actor.getSnapshot().context.errors.phonenumber).to.equal(undefined);
    expect(types().at(-1)).to.equal('failed');
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'firstname', value: 'x' })).to.equal(false);
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().hasTag('editing')).to.equal(true);
    expect(actor.getSnapshot().context.values.phonenumber).to.equal('+48500100200');
  });

  it('marks the phone field with a service exception and keeps its message for the dialog', async () => {
    const { actor, fill } = start({ request: async () => Promise.reject(new ClickToCallError({ kind: 'refused', message: 'Not a valid number' })) });
    actor.send({ type: 'open' });
    fill({ firstname: 'Anna', phonenumber: '+4812' });
    actor.send({ type: 'form.submit' });
    await flush();
    const { failure, errors } = actor.getSnapshot().context;
    expect(failure).to.deep.equal({ kind: 'refused', message: 'Not a valid number' });
    expect(errors.phonenumber?.key).to.equal('clicktocall.error.refused');
  });

  it('fails a request still pending after the timeout as a network failure', () => {
    const { actor, clock, fill } = start({ request: () => new Promise(() => undefined) });
    actor.send({ type: 'open' });
    fill({ firstname: 'Anna', phonenumber: '+48500100200' });
    actor.send({ type: 'form.submit' });
    clock.increment(defaultClickToCallSettings.timeout);
    expect(actor.getSnapshot().hasTag('alert')).to.equal(true);
    expect(actor.getSnapshot().context.report.errors).to.include('timeout');
  });

  it('asks before closing with unsubmitted input, unless the question is turned off', () => {
    const { actor, fill, types } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    expect(types().slice(-2)).to.deep.equal(['cancelled', 'closed']);
    actor.send({ type: 'open' });
    fill({ firstname: 'Anna' });
    expect(actor.getSnapshot().can({ type: 'close.confirm' })).to.equal(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().hasTag('confirmingClose')).to.equal(true);
    actor.send({ type: 'close.cancel' });
    expect(actor.getSnapshot().hasTag('editing')).to.equal(true);
    actor.send({ type: 'close' });
    actor.send({ type: 'close.confirm' });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);

    const quiet = start({ settings: { confirmFormClose: false } });
    quiet.actor.send({ type: 'open' });
    quiet.fill({ firstname: 'Anna' });
    quiet.actor.send({ type: 'close' });
    expect(quiet.actor.getSnapshot().matches('closed')).to.equal(true);
  });

  it('closes the display step without asking and without cancelling', async () => {
    const { actor, fill, emitted } = start();
    actor.send({ type: 'open' });
    fill({ firstname: 'Anna', phonenumber: '+48500100200' });
    actor.send({ type: 'form.submit' });
    await flush();
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    const closed = emitted.at(-1);
    expect(closed?.type).to.equal('closed');
    expect(closed?.report.cancelled).to.equal(false);
    expect(emitted.some((e) => e.type === 'cancelled')).to.equal(false);
  });

  it('minimises and restores once each, with the report', () => {
    const { actor, types } = start();
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().can({ type: 'restore' })).to.equal(false);
    actor.send({ type: 'minimize' });
    expect(actor.getSnapshot().context.minimized).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'minimize' })).to.equal(false);
    actor.send({ type: 'restore' });
    expect(types().slice(-2)).to.deep.equal(['minimized', 'maximized']);
  });

  it('shows the queue wait at or above its threshold and refreshes it every 10 s', async () => {
    let ewt = 20;
    const { actor, clock, waits } = start({ wait: async () => ewt });
    actor.send({ type: 'open' });
    await flush();
    expect(waits()).to.equal(1);
    expect(selectCallWaitMinutes(actor.getSnapshot())).to.equal(null);
    ewt = 150;
    clock.increment(defaultClickToCallSettings.refreshInterval);
    await flush();
    expect(waits()).to.equal(2);
    expect(selectCallWaitMinutes(actor.getSnapshot())).to.equal(3);
  });

  it('asks for no wait when the display is off', async () => {
    const { actor, waits } = start({ settings: { ewtDisplay: false } });
    actor.send({ type: 'open' });
    await flush();
    expect(waits()).to.equal(0);
  });

  it('takes new settings while closed', () => {
    const { actor } = start();
    actor.send({ type: 'configure', settings: { confirmFormClose: false } });
    expect(actor.getSnapshot().context.settings.confirmFormClose).to.equal(false);
  });
});
