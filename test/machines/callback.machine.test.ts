import { expect } from '@esm-bundle/chai';
import { assign, createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  callbackMachine,
  sanitizePhone,
  validateCallback,
  defaultCallbackSettings,
  selectAsapMinutes,
  selectOffice,
  selectWaitMinutes,
  immediateAvailable,
  ASAP_NOTE_MAX_SECONDS,
  type CallbackEmitted,
  type CallbackEvent,
  type CallbackSettings,
} from '../../machines/callback.machine.ts';
import type { CallbackForm } from '../../src/services/callback.ts';
import { isValidPhone } from '../../machines/phone-check.ts';
import { loadPhoneCheck } from '../../machines/phone.ts';

const settings: CallbackSettings = { ...defaultCallbackSettings, ewtThreshold: 60, immediateMin: 0, immediateMax: 300 };

// The number's check (libphonenumber-js, machines/phone-check.ts) is loaded once for the file; the
// machine's `loadPhoneRules` then says so at once, as the plugin's does on a second open. The tests of
// a submit before it has loaded provide their own (`phoneRules`).
before(async () => {
  await loadPhoneCheck();
});
const rulesAtOnce = fromCallback<CallbackEvent, { soon: boolean }>(({ sendBack }) => sendBack({ type: 'phoneRules.loaded' }));
/** A `loadPhoneRules` the test answers by hand: `settle('loaded' | 'failed')`; `asked` lists each load's `soon`. */
function rulesByHand() {
  const asked: boolean[] = [];
  let answer: ((event: CallbackEvent) => void) | undefined;
  const logic = fromCallback<CallbackEvent, { soon: boolean }>(({ sendBack, input }) => {
    asked.push(input.soon);
    answer = sendBack;
  });
  return { logic, asked, settle: (outcome: 'loaded' | 'failed') => answer!({ type: `phoneRules.${outcome}` }) };
}

function start(
  options: {
    submit?: (form: CallbackForm) => Promise<unknown>;
    wait?: () => Promise<number | undefined>;
    settings?: Partial<CallbackSettings>;
    now?: number;
    phoneRules?: typeof rulesAtOnce;
  } = {},
) {
  const clock = new SimulatedClock();
  const submits: CallbackForm[] = [];
  let waits = 0;
  let now = options.now ?? 1_000;
  const actor = createActor(
    callbackMachine.provide({
      // The test's clock: the report's times come from `now`, moved on by tick().
      actions: { readClock: assign({ now: () => now }) },
      actors: {
        submitCallback: fromPromise(async ({ input }) => {
          submits.push(input);
          return (options.submit ?? (async () => ({ id: 'x' })))(input) as Promise<{ id: string }>;
        }),
        fetchWait: fromPromise(async () => {
          waits += 1;
          return (options.wait ?? (async () => 45))();
        }),
        loadPhoneRules: options.phoneRules ?? rulesAtOnce,
      },
    }),
    { input: { settings: { ...settings, ...options.settings } }, clock },
  );
  const emitted: CallbackEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, clock, submits, emitted, waits: () => waits, tick: (ms: number) => (now += ms) };
}

const flow = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { active?: { flow: string } }).active?.flow ?? 'closed';
const wait = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { active: { wait: string } }).active.wait;
const fill = (actor: ReturnType<typeof start>['actor']) => {
  actor.send({ type: 'form.change', field: 'firstname', value: 'Jan' });
  actor.send({ type: 'form.change', field: 'phonenumber', value: '+48600100200' });
  actor.send({ type: 'form.change', field: 'subject', value: 'Wpłaty' });
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('callback machine', () => {
  it('opens from closed only; a second open is rejected, close from closed is not possible', () => {
    const { actor, emitted } = start();
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'minimize' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'restore' })).to.equal(false);
    actor.send({ type: 'open' });
    expect(flow(actor)).to.equal('open');
    expect(actor.getSnapshot().can({ type: 'open' })).to.equal(false);
    expect(emitted.map((e) => e.type)).to.deep.equal(['opened']);
    expect(actor.getSnapshot().context.values.phonenumber).to.equal('+48');
    expect(actor.getSnapshot().context.report.opened).to.equal(1000);
  });

  it('starts on the first input change or keydown, once', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.keydown' });
    expect(flow(actor)).to.equal('started');
    actor.send({ type: 'form.change', field: 'firstname', value: 'J' });
    expect(emitted.filter((e) => e.type === 'started')).to.have.length(1);
    const other = start();
    other.actor.send({ type: 'open' });
    other.actor.send({ type: 'form.change', field: 'firstname', value: 'J' });
    expect(flow(other.actor)).to.equal('started');
    expect(other.actor.getSnapshot().context.values.firstname).to.equal('J');
  });

  it('validates before submit with the spec rules and sends nothing while invalid', () => {
    const { actor, submits } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.submit' });
    const { errors } = actor.getSnapshot().context;
    expect(errors.firstname?.key).to.equal('callback.validation.required');
    expect(errors.subject?.key).to.equal('callback.validation.required');
    expect(errors.phonenumber?.key).to.equal('callback.error.invalidPhone'); // '+48' only
    expect(errors.lastname).to.equal(undefined);
    expect(submits).to.deep.equal([]);
    expect(actor.getSnapshot().context.report.errors).to.include('callback.validation.required');
  });

  it('validators: empty phone → phone required, the prefix alone or a number that is not one invalid, lengths above the maximum', () => {
    const values = { firstname: 'x'.repeat(101), lastname: 'y'.repeat(101), phonenumber: '', subject: 's' };
    const errors = validateCallback(values, 'asap', null, settings);
    expect(errors.phonenumber?.key).to.equal('callback.error.phoneNumberRequired');
    expect(errors.firstname).to.deep.equal({ key: 'callback.validation.tooLong', params: { max: 100 } });
    expect(errors.lastname?.key).to.equal('callback.validation.tooLong');
    expect(validateCallback({ ...values, phonenumber: '+48' }, 'asap', null, settings, { isValidPhone }).phonenumber?.key).to.equal(
      'callback.error.invalidPhone',
    );
    expect(validateCallback({ ...values, phonenumber: '+486' }, 'asap', null, settings, { isValidPhone }).phonenumber?.key).to.equal(
      'callback.error.invalidPhone',
    );
    expect(validateCallback({ ...values, phonenumber: '+4812345' }, 'asap', null, settings, { isValidPhone }).phonenumber?.key).to.equal(
      'callback.error.invalidPhone',
    );
    expect(validateCallback({ ...values, phonenumber: '+48600100200' }, 'asap', null, settings, { isValidPhone }).phonenumber).to.equal(undefined);
    expect(validateCallback({ ...values, phonenumber: '+48600100200' }, 'pick', null, settings).desiredTime?.key).to.equal('callback.validation.timeRequired');
  });

  it('keeps the +48 prefix and accepts only digits and + in the phone', () => {
    expect(sanitizePhone('+48 600-100-200', settings)).to.equal('+48600100200');
    expect(sanitizePhone('+4', settings)).to.equal('+48');
    expect(sanitizePhone('', settings)).to.equal('+48');
    expect(sanitizePhone('600abc', settings)).to.equal('+48600');
    expect(sanitizePhone('+48600100200999', settings)).to.equal('+48600100200');
    expect(sanitizePhone('+4860+0', settings)).to.equal('+48600');
    // Typed with the dial code but without '+': not doubled.
    expect(sanitizePhone('48600100200', settings)).to.equal('+48600100200');
  });

  it('countries: the prefix of the country the number names; +49 never becomes +4949 (issue 9)', () => {
    const germany = { iso2: 'de', dialCode: '49' };
    const onlyGermany = { ...settings, countries: [germany], maxLength: { ...settings.maxLength, phonenumber: 15 } };
    expect(sanitizePhone('', onlyGermany)).to.equal('+49');
    expect(sanitizePhone('+49 176 1234 5678', onlyGermany)).to.equal('+4917612345678');
    expect(sanitizePhone('176 1234 5678', onlyGermany)).to.equal('+4917612345678');
    expect(sanitizePhone('+4', onlyGermany)).to.equal('+49');
    const both = { ...onlyGermany, countries: [{ iso2: 'pl', dialCode: '48' }, germany] };
    // A number naming either configured country keeps it; otherwise the previous value's country comes back.
    expect(sanitizePhone('+4917612345678', both, '+48')).to.equal('+4917612345678');
    expect(sanitizePhone('+48600100200', both, '+49')).to.equal('+48600100200');
    expect(sanitizePhone('+4', both, '+49176')).to.equal('+49');
    expect(sanitizePhone('600', both)).to.equal('+48600');
    expect(sanitizePhone('176', both, '+49')).to.equal('+49176');
  });

  it('countries: a number of a configured country is valid, a valid number of another country is not', () => {
    const values = { firstname: 'a', lastname: '', phonenumber: '', subject: 's' };
    const both = {
      ...settings,
      countries: [
        { iso2: 'pl', dialCode: '48' },
        { iso2: 'de', dialCode: '49' },
      ],
      maxLength: { ...settings.maxLength, phonenumber: 15 },
    };
    expect(validateCallback({ ...values, phonenumber: '+4917612345678' }, 'asap', null, both, { isValidPhone }).phonenumber).to.equal(undefined);
    expect(validateCallback({ ...values, phonenumber: '+48600100200' }, 'asap', null, both, { isValidPhone }).phonenumber).to.equal(undefined);
    expect(validateCallback({ ...values, phonenumber: '+49' }, 'asap', null, both, { isValidPhone }).phonenumber?.key).to.equal('callback.error.invalidPhone');
    const polandOnly = { ...both, countries: [{ iso2: 'pl', dialCode: '48' }] };
    expect(validateCallback({ ...values, phonenumber: '+4917612345678' }, 'asap', null, polandOnly, { isValidPhone }).phonenumber?.key).to.equal(
      'callback.error.invalidPhone',
    );
    // Without country codes a national number is read in the first country.
    expect(
      validateCallback({ ...values, phonenumber: '600100200' }, 'asap', null, { ...polandOnly, countryCodes: false }, { isValidPhone }).phonenumber,
    ).to.equal(undefined);
  });

  it('countries: the visitor switches from +48 to +49 and submits a German number', async () => {
    const { actor, submits } = start({
      settings: {
        countries: [
          { iso2: 'pl', dialCode: '48' },
          { iso2: 'de', dialCode: '49' },
        ],
        maxLength: { ...settings.maxLength, phonenumber: 15 },
      },
    });
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().context.values.phonenumber).to.equal('+48');
    // The country list rewrites the prefix in the field; the machine keeps it.
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+49' });
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+49176' });
    // Deleting into the prefix leaves Germany's, not the default's.
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+4' });
    expect(actor.getSnapshot().context.values.phonenumber).to.equal('+49');
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+49 176 1234 5678' });
    actor.send({ type: 'form.change', field: 'firstname', value: 'Jan' });
    actor.send({ type: 'form.change', field: 'subject', value: 'Wpłaty' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(submits.map((s) => s.phonenumber)).to.deep.equal(['+4917612345678']);
  });

  it('submits ASAP as desiredTime now, schedules and records completed', async () => {
    const { actor, submits, emitted } = start();
    actor.send({ type: 'open', userData: { source: 'test' } });
    fill(actor);
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('submitted');
    await waitFor(actor, (s) => s.matches({ active: { flow: 'scheduled' } }));
    expect(submits[0]).to.deep.include({ firstname: 'Jan', phonenumber: '+48600100200', subject: 'Wpłaty', desiredTime: 'now' });
    expect(submits[0]!.userData).to.deep.equal({ source: 'test' });
    expect(actor.getSnapshot().context.report.completed).to.equal(true);
    expect(emitted.map((e) => e.type)).to.deep.equal(['opened', 'started', 'submitted', 'completed']);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).to.equal(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted.at(-1)!.type).to.equal('closed');
    expect(emitted.some((e) => e.type === 'cancelled')).to.equal(false);
  });

  it('on error shows the failure, keeps every value, and Okay re-enables the form', async () => {
    const failure = { code: 'invalidPhone', field: 'phonenumber' };
    const { actor, emitted } = start({ submit: async () => Promise.reject(Object.assign(new Error('x'), { failure })) });
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'schedule.time', date: '2030-03-04T09:00:00.000Z' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ active: { flow: 'error' } }));
    const { context } = actor.getSnapshot();
    expect(context.failure).to.deep.equal(failure);
    expect(context.errors.phonenumber?.key).to.equal('callback.error.invalidPhone');
    expect(context.values).to.deep.equal({ firstname: 'Jan', lastname: '', phonenumber: '+48600100200', subject: 'Wpłaty' });
    expect(context.desiredTime).to.equal('2030-03-04T09:00:00.000Z');
    expect(context.report.errors).to.deep.equal(['invalidPhone']);
    expect(emitted.map((e) => e.type)).to.include('failed');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'firstname', value: 'x' })).to.equal(false);
    actor.send({ type: 'alert.dismiss' });
    expect(flow(actor)).to.equal('started');
    expect(actor.getSnapshot().context.values.firstname).to.equal('Jan');
  });

  it('a submit still pending after the 3000 ms service timeout fails (simulated clock)', async () => {
    const { actor, clock } = start({ submit: () => new Promise(() => undefined) });
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    clock.increment(2999);
    expect(flow(actor)).to.equal('submitted');
    clock.increment(1);
    expect(flow(actor)).to.equal('error');
    // Not 'failed': the request may still book it. The alert offers a retry with the same key.
    expect(actor.getSnapshot().context.failure).to.deep.equal({ code: 'timeout' });
    expect(actor.getSnapshot().can({ type: 'retry' })).to.equal(true);
  });

  it('every submit carries an idempotency key: retry reuses it, an edit or another time makes a new one', async () => {
    let answer: () => Promise<unknown> = () => new Promise(() => undefined);
    const { actor, clock, submits } = start({ submit: () => answer() });
    actor.send({ type: 'open' });
    fill(actor);
    expect(actor.getSnapshot().can({ type: 'retry' }), 'no retry without a failure').to.equal(false);
    actor.send({ type: 'form.submit' });
    clock.increment(3000);
    const first = submits[0]!.idempotencyKey;
    expect(first).to.match(/^[0-9a-f-]{36}$/);
    actor.send({ type: 'retry' });
    expect(flow(actor)).to.equal('submitted');
    clock.increment(3000);
    expect(submits[1]!.idempotencyKey, 'the retry').to.equal(first);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'form.submit' });
    clock.increment(3000);
    expect(submits[2]!.idempotencyKey, 'the same content submitted again').to.equal(first);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'form.change', field: 'subject', value: 'Wypłaty' });
    actor.send({ type: 'form.submit' });
    clock.increment(3000);
    const edited = submits[3]!.idempotencyKey;
    expect(edited, 'an edited form').to.not.equal(first);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'schedule.time', date: '2030-03-04T09:00:00.000Z' });
    answer = async () => ({ id: 'b' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(submits[4]!.idempotencyKey, 'another time').to.not.be.oneOf([first, edited]);
    expect(flow(actor)).to.equal('scheduled');
    expect(actor.getSnapshot().context.submitKey, 'dropped after booking').to.equal(null);
  });

  it('a refusal is not retried and drops the key', async () => {
    const { actor, submits } = start({ submit: async () => Promise.reject({ failure: { code: 'alreadyQueued' } }) });
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(flow(actor)).to.equal('error');
    expect(actor.getSnapshot().can({ type: 'retry' })).to.equal(false);
    expect(actor.getSnapshot().context.submitKey).to.equal(null);
    actor.send({ type: 'alert.dismiss' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(submits[1]!.idempotencyKey).to.not.equal(submits[0]!.idempotencyKey);
  });

  it('closing with data asks for confirmation; No keeps the form, Yes closes as cancelled', () => {
    const { actor, emitted, tick } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'form.change', field: 'firstname', value: 'Jan' });
    actor.send({ type: 'close' });
    expect(flow(actor)).to.equal('confirmClose');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).to.equal(false);
    actor.send({ type: 'close.cancel' });
    expect(flow(actor)).to.equal('started');
    expect(actor.getSnapshot().context.values.firstname).to.equal('Jan');
    actor.send({ type: 'close' });
    tick(5000);
    actor.send({ type: 'close.confirm' });
    expect(actor.getSnapshot().value).to.equal('closed');
    const cancelled = emitted.find((e) => e.type === 'cancelled')!;
    expect(cancelled.report).to.deep.include({ cancelled: true, completed: false, closed: 6000, elapsed: 5000 });
    expect(cancelled.report.form.firstname).to.equal('Jan');
    expect(emitted.at(-1)!.type).to.equal('closed');
  });

  it('closing an untouched form closes at once (cancelled); a forced close skips the question', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted.map((e) => e.type)).to.deep.equal(['opened', 'cancelled', 'closed']);
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'close', force: true });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(actor.getSnapshot().can({ type: 'close.confirm' })).to.equal(false);
  });

  it('prefilled data with autoSubmit submits by itself; desiredTime now selects ASAP', async () => {
    const { actor, submits } = start();
    actor.send({ type: 'open', form: { firstname: 'Ala', phonenumber: '600100200', subject: 'PPK' }, autoSubmit: true, desiredTime: 'now', proactive: true });
    expect(flow(actor)).to.equal('submitted');
    await waitFor(actor, (s) => s.matches({ active: { flow: 'scheduled' } }));
    expect(submits[0]).to.deep.include({ phonenumber: '+48600100200', desiredTime: 'now' });
    expect(actor.getSnapshot().context.report).to.deep.include({ prefilled: true, autoSubmitted: true, proactive: true });
  });

  it('an invalid prefill with autoSubmit waits for the visitor; an ISO desiredTime picks that slot', () => {
    const { actor, submits } = start();
    actor.send({ type: 'open', form: { firstname: 'Ala' }, autoSubmit: true, desiredTime: '2030-01-02T10:00:00Z' });
    expect(flow(actor)).to.equal('open');
    expect(submits).to.deep.equal([]);
    expect(actor.getSnapshot().context.schedule).to.equal('pick');
    expect(actor.getSnapshot().context.desiredTime).to.equal('2030-01-02T10:00:00.000Z');
  });

  it("a submit before the number's check has loaded waits for it (busy, nothing sent), then submits once", () => {
    const rules = rulesByHand();
    const { actor, submits, emitted } = start({ phoneRules: rules.logic });
    actor.send({ type: 'open' });
    expect(rules.asked).to.deep.equal([false], 'asked when the window opens, not in a hurry');
    fill(actor);
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('checking');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    expect(rules.asked).to.deep.equal([false, true], 'asked again, now in a hurry');
    expect(submits).to.deep.equal([]);
    // Typing is not taken while it waits (the form is inert), nor a second submit.
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'subject', value: 'x' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).to.equal(false);
    rules.settle('loaded');
    expect(flow(actor)).to.equal('submitted');
    expect(submits.map((f) => f.phonenumber)).to.deep.equal(['+48600100200']);
    expect(emitted.filter((e) => e.type === 'submitted')).to.have.length(1);
  });

  it('a number the check refuses, once loaded, shows its error and keeps the form; the next submit does not wait', () => {
    const rules = rulesByHand();
    const { actor, submits } = start({ phoneRules: rules.logic });
    actor.send({ type: 'open' });
    fill(actor);
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+4812345' });
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('checking');
    rules.settle('loaded');
    expect(flow(actor)).to.equal('started');
    expect(actor.getSnapshot().context.errors.phonenumber?.key).to.equal('callback.error.invalidPhone');
    expect(actor.getSnapshot().context.values).to.deep.include({ firstname: 'Jan', phonenumber: '+4812345', subject: 'Wpłaty' });
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+48600100200' });
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('submitted');
    expect(submits).to.have.length(1);
  });

  it('when the check cannot load, the prefix alone is still refused and another number goes to the service, which checks it', () => {
    const rules = rulesByHand();
    const { actor, submits } = start({ phoneRules: rules.logic });
    actor.send({ type: 'open' });
    rules.settle('failed');
    expect(actor.getSnapshot().context.phoneRules).to.equal('unavailable');
    fill(actor);
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+48' });
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('started');
    expect(actor.getSnapshot().context.errors.phonenumber?.key).to.equal('callback.error.invalidPhone');
    actor.send({ type: 'form.change', field: 'phonenumber', value: '+4812345' });
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('submitted');
    expect(submits.map((f) => f.phonenumber)).to.deep.equal(['+4812345']);
  });

  it('an autoSubmit open before the check has loaded submits once it has (marked auto-submitted); a forced close while waiting closes', () => {
    const rules = rulesByHand();
    const { actor, submits } = start({ phoneRules: rules.logic });
    actor.send({ type: 'open', form: { firstname: 'Ala', phonenumber: '600100200', subject: 'PPK' }, autoSubmit: true, desiredTime: 'now' });
    expect(flow(actor)).to.equal('autoChecking');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false, 'only a forced close while it waits');
    rules.settle('loaded');
    expect(flow(actor)).to.equal('submitted');
    expect(submits).to.have.length(1);
    expect(actor.getSnapshot().context.report.autoSubmitted).to.equal(true);

    const other = rulesByHand();
    const second = start({ phoneRules: other.logic });
    second.actor.send({ type: 'open' });
    fill(second.actor);
    second.actor.send({ type: 'form.submit' });
    second.actor.send({ type: 'close', force: true });
    expect(second.actor.getSnapshot().value).to.equal('closed');
    expect(second.submits).to.deep.equal([]);
    // The closed window's load says nothing more; the next open asks again (the plugin's answers at once
    // when the chunk came meanwhile), and once loaded its submit does not wait.
    other.settle('loaded');
    expect(second.actor.getSnapshot().context.phoneRules).to.equal('loading');
    second.actor.send({ type: 'open' });
    expect(other.asked).to.deep.equal([false, true, false]);
    other.settle('loaded');
    expect(second.actor.getSnapshot().context.phoneRules).to.equal('ready');
    fill(second.actor);
    second.actor.send({ type: 'form.submit' });
    expect(flow(second.actor)).to.equal('submitted');
    expect(second.submits).to.have.length(1);
  });

  it('refreshes the wait every 10 s; choosing a date disables it, ASAP re-enables it', async () => {
    const { actor, clock, waits } = start({ wait: async () => 120 });
    actor.send({ type: 'open' });
    await settle();
    expect(wait(actor)).to.equal('showing');
    expect(actor.getSnapshot().context.ewt).to.equal(120);
    expect(waits()).to.equal(1);
    clock.increment(10_000);
    await settle();
    expect(waits()).to.equal(2);
    actor.send({ type: 'schedule.time', date: '2030-01-02T10:00:00.000Z' });
    expect(wait(actor)).to.equal('disabled');
    clock.increment(30_000);
    await settle();
    expect(waits()).to.equal(2);
    actor.send({ type: 'schedule.asap' });
    await settle();
    expect(waits()).to.equal(3);
    expect(actor.getSnapshot().context.schedule).to.equal('asap');
  });

  it("a reopened form forgets the earlier open's wait until its own answer", async () => {
    let answer: (ewt: number) => void = () => undefined;
    let first = true;
    const { actor } = start({ wait: () => (first ? ((first = false), Promise.resolve(900)) : new Promise((resolve) => (answer = resolve))) });
    actor.send({ type: 'open' });
    await settle();
    expect(actor.getSnapshot().context.ewt).to.equal(900);
    actor.send({ type: 'close', force: true });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    actor.send({ type: 'open' });
    await settle();
    expect(actor.getSnapshot().context.ewt, 'unknown, not the stale 900 s').to.equal(undefined);
    expect(selectWaitMinutes(actor.getSnapshot())).to.equal(null);
    expect(immediateAvailable(actor.getSnapshot().context), 'ASAP offered meanwhile').to.equal(true);
    answer(120);
    await settle();
    expect(selectWaitMinutes(actor.getSnapshot())).to.equal(2);
  });

  it('refuses ASAP when the wait is outside the immediate-callback range; no wait region when display is off', async () => {
    const { actor } = start({ wait: async () => 900 });
    actor.send({ type: 'open' });
    await settle();
    actor.send({ type: 'schedule.pick' });
    expect(actor.getSnapshot().can({ type: 'schedule.asap' })).to.equal(false);
    const off = start({ settings: { ewtDisplay: false } });
    off.actor.send({ type: 'open' });
    expect(wait(off.actor)).to.equal('off');
    expect(off.waits()).to.equal(0);
  });

  it('rejects an immediate request while the known wait is outside 0-300 s; a picked slot is still sent', async () => {
    const { actor, submits } = start({ wait: async () => 301 });
    actor.send({ type: 'open' });
    await settle();
    fill(actor);
    expect(actor.getSnapshot().context.schedule).to.equal('asap');
    actor.send({ type: 'form.submit' });
    expect(flow(actor)).to.equal('started');
    expect(actor.getSnapshot().context.errors.desiredTime?.key).to.equal('callback.validation.immediateUnavailable');
    expect(submits).to.have.length(0);
    actor.send({ type: 'schedule.time', date: '2030-01-02T09:00:00.000Z' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(submits.map((s) => s.desiredTime)).to.deep.equal(['2030-01-02T09:00:00.000Z']);
    expect(
      validateCallback({ firstname: 'a', lastname: '', phonenumber: '+48600100200', subject: 's' }, 'asap', null, settings, { ewt: 300, isValidPhone }),
    ).to.deep.equal({});
    expect(
      validateCallback({ firstname: 'a', lastname: '', phonenumber: '+48600100200', subject: 's' }, 'asap', null, settings, { ewt: undefined, isValidPhone }),
    ).to.deep.equal({});
  });

  it('minimizes and restores only while open; minimize twice or restore when not minimised is refused', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().can({ type: 'restore' })).to.equal(false);
    actor.send({ type: 'minimize' });
    expect(actor.getSnapshot().context.minimized).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'minimize' })).to.equal(false);
    actor.send({ type: 'restore' });
    expect(actor.getSnapshot().context.minimized).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'restore' })).to.equal(false);
    expect(emitted.map((e) => e.type)).to.deep.equal(['opened', 'minimized', 'maximized']);
  });
  it('tags what the view shows: editing, busy while submitting, alert on failure, confirmingClose, completed', async () => {
    let fail = true;
    const { actor } = start({ submit: async () => (fail ? Promise.reject(new Error('x')) : { id: 'x' }) });
    const tags = () => [...actor.getSnapshot().tags].filter((t) => t !== 'waitDisabled').sort();
    expect(tags()).to.deep.equal([]);
    actor.send({ type: 'open' });
    expect(tags()).to.deep.equal(['editing']);
    fill(actor);
    actor.send({ type: 'form.submit' });
    expect(tags()).to.deep.equal(['busy']);
    await waitFor(actor, (s) => s.hasTag('alert'));
    expect(tags()).to.deep.equal(['alert']);
    actor.send({ type: 'close' });
    expect(tags()).to.deep.equal(['confirmingClose']);
    actor.send({ type: 'close.cancel' });
    fail = false;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.hasTag('completed'));
    expect(tags()).to.deep.equal(['completed']);
  });

  it('refuses what a state does not allow: typing or a plain close while submitting, alert.dismiss and close.confirm out of place', async () => {
    const { actor } = start({ submit: () => new Promise(() => undefined) });
    expect(actor.getSnapshot().can({ type: 'alert.dismiss' })).to.equal(false);
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().can({ type: 'alert.dismiss' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'close.confirm' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'close.cancel' })).to.equal(false);
    fill(actor);
    expect(actor.getSnapshot().can({ type: 'form.keydown' }), 'started already').to.equal(false);
    actor.send({ type: 'form.submit' });
    const busy = actor.getSnapshot();
    expect(busy.can({ type: 'form.change', field: 'subject', value: 'x' })).to.equal(false);
    expect(busy.can({ type: 'form.submit' })).to.equal(false);
    expect(busy.can({ type: 'schedule.pick' })).to.equal(false);
    expect(busy.can({ type: 'close' })).to.equal(false);
    expect(busy.can({ type: 'close', force: true })).to.equal(true);
    actor.send({ type: 'close' });
    expect(flow(actor)).to.equal('submitted');
  });

  it('reads the clock for every report: opened, started, minimized (elapsed so far) and closed', () => {
    const { actor, emitted, tick } = start();
    actor.send({ type: 'open' });
    tick(2000);
    actor.send({ type: 'form.keydown' });
    tick(1000);
    actor.send({ type: 'minimize' });
    tick(500);
    actor.send({ type: 'close', force: true });
    const at = (type: string) => emitted.find((e) => e.type === type)!.report;
    expect(at('opened')).to.deep.include({ opened: 1000, elapsed: 0 });
    expect(at('started')).to.deep.include({ started: 3000, elapsed: 2000 });
    expect(at('minimized').elapsed).to.equal(3000);
    expect(at('closed')).to.deep.include({ closed: 4500, elapsed: 3500 });
  });

  it('wait row: whole minutes at or above ewtThreshold, hidden under it, when unknown, off, or a time is picked', async () => {
    const shown = async (seconds: number | undefined, extra: Partial<CallbackSettings> = {}) => {
      const { actor } = start({ wait: async () => seconds, settings: extra });
      actor.send({ type: 'open' });
      await settle();
      return { actor, minutes: selectWaitMinutes(actor.getSnapshot()) };
    };
    expect((await shown(59)).minutes, 'under the threshold of 60').to.equal(null);
    expect((await shown(60)).minutes).to.equal(1);
    expect((await shown(150)).minutes).to.equal(3); // 2.5 rounds up
    expect((await shown(89)).minutes).to.equal(1);
    expect((await shown(undefined)).minutes).to.equal(null);
    expect((await shown(600, { ewtDisplay: false })).minutes).to.equal(null);
    const { actor } = await shown(600);
    expect(selectWaitMinutes(actor.getSnapshot())).to.equal(10);
    actor.send({ type: 'schedule.pick' });
    expect(selectWaitMinutes(actor.getSnapshot())).to.equal(null);
    actor.send({ type: 'schedule.asap' });
    await settle();
    expect(selectWaitMinutes(actor.getSnapshot())).to.equal(null); // 600 s is outside the 0-300 s immediate range: ASAP refused
    const closed = start();
    expect(selectWaitMinutes(closed.actor.getSnapshot())).to.equal(null);
  });

  it('ASAP note: only while ASAP is offered and the known wait is at most five minutes', async () => {
    expect(ASAP_NOTE_MAX_SECONDS).to.equal(300);
    const note = async (seconds: number | undefined, extra: Partial<CallbackSettings> = {}) => {
      const { actor } = start({ wait: async () => seconds, settings: extra });
      actor.send({ type: 'open' });
      await settle();
      return { actor, minutes: selectAsapMinutes(actor.getSnapshot()) };
    };
    expect((await note(20)).minutes, 'at least one minute').to.equal(1);
    expect((await note(300)).minutes).to.equal(5);
    expect((await note(301, { immediateMax: 1000 })).minutes, 'over five minutes').to.equal(null);
    expect((await note(200, { immediateMax: 100 })).minutes, 'ASAP not offered').to.equal(null);
    expect((await note(undefined)).minutes).to.equal(null);
    const { actor } = await note(120);
    expect(selectAsapMinutes(actor.getSnapshot())).to.equal(2);
    actor.send({ type: 'schedule.time', date: '2030-01-02T10:00:00.000Z' });
    expect(selectAsapMinutes(actor.getSnapshot()), 'wait display disabled by the chosen date').to.equal(null);
  });

  describe('opening hours (callback.openingHours)', () => {
    const hours = { timeZone: 'Europe/Warsaw', days: [1, 2, 3, 4, 5], openHour: 9, closeHour: 17 };
    const mondayAt = (hour: number) => Date.parse(`2025-03-03T${String(hour).padStart(2, '0')}:00:00+01:00`);

    it('in hours: ASAP pre-selected as without hours', () => {
      const { actor } = start({ settings: { openingHours: hours }, now: mondayAt(10) });
      actor.send({ type: 'open' });
      expect(actor.getSnapshot().context.schedule).to.equal('asap');
      expect(selectOffice(actor.getSnapshot().context)).to.deep.equal({ open: true });
    });

    it('out of hours: a date is pre-selected, ASAP cannot be chosen, and the office says when it opens', () => {
      const { actor, submits } = start({ settings: { openingHours: hours }, now: mondayAt(18) });
      actor.send({ type: 'open' });
      const { context } = actor.getSnapshot();
      expect(context.schedule).to.equal('pick');
      expect(selectOffice(context)).to.deep.equal({ open: false, opens: Date.parse('2025-03-04T09:00:00+01:00') });
      expect(actor.getSnapshot().can({ type: 'schedule.asap' })).to.equal(false);
      actor.send({ type: 'schedule.asap' });
      expect(actor.getSnapshot().context.schedule).to.equal('pick');
      fill(actor);
      actor.send({ type: 'form.submit' });
      expect(submits).to.have.length(0);
      expect(actor.getSnapshot().context.errors.desiredTime?.key).to.equal('callback.validation.timeRequired');
    });

    it('ASAP only (no picking) out of hours: the submit is refused before the server would (7042)', () => {
      const { actor, submits } = start({ settings: { openingHours: hours, scheduledCallback: false }, now: mondayAt(18) });
      actor.send({ type: 'open' });
      expect(actor.getSnapshot().context.schedule).to.equal('asap');
      fill(actor);
      actor.send({ type: 'form.submit' });
      expect(submits).to.have.length(0);
      expect(actor.getSnapshot().context.errors.desiredTime?.key).to.equal('callback.validation.officeClosed');
    });

    it('validateCallback refuses ASAP out of hours and takes it in hours', () => {
      const values = { firstname: 'Jan', lastname: '', phonenumber: '+48600100200', subject: 'Wpłaty' };
      const withHours = { ...settings, openingHours: hours };
      expect(validateCallback(values, 'asap', null, withHours, { ewt: 45, now: mondayAt(18) }).desiredTime?.key).to.equal('callback.validation.officeClosed');
      expect(validateCallback(values, 'asap', null, withHours, { ewt: 45, now: mondayAt(10) })).to.deep.equal({});
      expect(validateCallback(values, 'asap', null, settings, { ewt: 45, now: mondayAt(18) }), 'no hours: no check').to.deep.equal({});
    });
  });
});
