import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALENDAR_5_DAYS, CALLBACK_V3 } from '../helpers/callback-config.ts';

// A refused submit is announced once (issue 10 item 3): every error is tied to its field (aria-invalid +
// aria-describedby) and focus moves to the first invalid field, whose description is its error. No field
// error is a live region of its own (three role=alert messages fired at once while focus stayed on Confirm).
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'ferrors', preload: 'intent', timeFormat: 24 },
  callback: CALLBACK_V3,
  calendar: CALENDAR_5_DAYS,
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits' },
};

let api: LiveAssistApi;
let sim: Simulator;
const rootOf = (tag: string) => document.querySelector(tag)?.shadowRoot ?? null;

/** The accessible description of a control: the text of the elements its aria-describedby names. */
function description(control: Element): string {
  const root = control.getRootNode() as ShadowRoot;
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
}

/** The live regions inside `root` that would speak on their own when their text appears. */
const liveRegions = (root: Element) =>
  [...root.querySelectorAll('[role=alert], [aria-live=assertive], [role=status], [aria-live=polite]')].filter((el) => el.textContent!.trim() !== '');

/** Submits `form` from its submit button with the keyboard; waits for `count` invalid fields. */
async function refusedSubmit(form: HTMLFormElement, count: number): Promise<void> {
  form.querySelector<HTMLButtonElement>('button[type=submit]')!.focus();
  await sendKeys({ press: 'Enter' });
  await waitFor(() => form.querySelectorAll('[aria-invalid="true"]').length >= count, 3000, `${count} invalid fields`);
}

/** After the refused submit: focus on the first invalid field, described by its error, and nothing else speaks. */
async function expectOneAnnouncement(form: HTMLFormElement): Promise<void> {
  const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
  await waitFor(() => deepActiveElement() === invalid[0], 2000, 'focus on the first invalid field');
  expect(form.querySelectorAll('[role=alert]').length, 'field errors with role=alert').to.equal(0);
  expect(
    liveRegions(form).map((el) => el.textContent),
    'live regions with text in the form',
  ).to.deep.equal([]);
  for (const field of invalid) {
    const error = field.closest('.la-field')!.querySelector('.la-field__error');
    expect(error, `an error beside ${field.getAttribute('name')}`).to.not.equal(null);
    expect(description(field), `the description of ${field.getAttribute('name')}`).to.equal(error!.textContent!.trim());
  }
}

describe('field errors after a refused submit', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('callback: three errors, one announcement (the focused first field, described by its error)', async () => {
    await api.command('Callback.open');
    const form = await waitFor(() => rootOf('la-callback')?.querySelector<HTMLFormElement>('form'), 4000, 'the callback form');
    await refusedSubmit(form, 3);
    expect([...form.querySelectorAll('[aria-invalid="true"]')].map((f) => f.getAttribute('name'))).to.deep.equal(['firstname', 'phonenumber', 'subject']);
    await expectOneAnnouncement(form);
    expect(description(deepActiveElement()!)).to.not.equal('');
  });

  it('callback in pick mode: the date-time error is tied to its field too', async () => {
    const form = rootOf('la-callback')!.querySelector<HTMLFormElement>('form')!;
    form.querySelector<HTMLInputElement>('input[value=pick]')!.click();
    await waitFor(() => form.querySelector('[name=desiredtime]'), 2000, 'the date-time field');
    await refusedSubmit(form, 4);
    await expectOneAnnouncement(form);
    expect(form.querySelector('[name=desiredtime]')!.getAttribute('aria-invalid')).to.equal('true');
    await api.command('App.closeAll').catch(() => undefined);
  });

  it('send-message: the refused form is announced once as well', async () => {
    await api.command('SendMessage.open');
    const form = await waitFor(() => rootOf('la-send-message')?.querySelector<HTMLFormElement>('form'), 4000, 'the send-message form');
    await refusedSubmit(form, 2);
    await expectOneAnnouncement(form);
  });
});
