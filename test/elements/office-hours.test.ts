import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// Issue 10 item 12: out of hours (server clock Friday 18:00 Warsaw) the call-us panel and the channel
// selector's helpline tile say 'Closed now' and when the helpline opens, not 'Available'; in hours they
// say 'Available'. The time is the server's (the group wait-time answer's `time`), not the page's.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'hours', preload: 'intent', timeFormat: 24 },
  callus: {
    contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }],
    hours: ['Monday–Friday: 8:00–17:00'],
    openingHours: { timeZone: 'Europe/Warsaw', days: [1, 2, 3, 4, 5], openHour: 8, closeHour: 17 },
  },
  channelselector: {
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
    ],
  },
  // The callback takes calls 09:00–17:00 every day (as the simulator does).
  callback: { ...CALLBACK_V3, openingHours: { timeZone: 'Europe/Warsaw', openHour: 9, closeHour: 17 } },
  stats: {
    groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat', refreshInterval: 10 },
    availability: {
      timeZone: 'Europe/Warsaw',
      openHour: 8,
      closeHour: 17,
      chatUnavailableWait: 10000,
      whenOpen: ['CallUs', 'WebChat', 'SendMessage', 'Callback'],
      whenClosed: ['CallUs', 'SendMessage', 'Callback'],
    },
  },
};

const setClock = (warsawTime: string) =>
  fetch('/__control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ warsawTime, date: '2025-03-07' }) });
const overlay = () => document.querySelector('la-overlay')?.shadowRoot ?? null;
const panel = () => overlay()?.querySelector('la-call-us')?.shadowRoot ?? null;
const selector = () => overlay()?.querySelector('la-channel-selector')?.shadowRoot ?? null;
/** Each tile's status text by its name. */
const statuses = (): Record<string, string> =>
  Object.fromEntries(
    [...(selector()?.querySelectorAll('.la-tile') ?? [])].map((t) => [
      t.querySelector('.la-tile__name')!.textContent,
      t.querySelector('.la-tile__status')!.textContent,
    ]),
  );

describe('the helpline out of hours (server clock Friday 18:00 Warsaw)', () => {
  let api: LiveAssistApi;
  let sim: Simulator;
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(async () => {
    await fetch('/__control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reset: true }) });
    sim.dispose();
  });

  it("call-us: 'Closed now' and 'Opens Monday 08:00' at 18:00, 'Available' at 10:00", async () => {
    await setClock('18:00');
    await api.command('CallUs.open');
    const line = () => panel()?.querySelector('.la-callus__available')?.textContent ?? '';
    await waitFor(() => line().startsWith('Closed now'), 8000, "'Closed now'");
    expect(line()).to.equal('Closed nowOpens Monday 08:00');
    expect(panel()!.textContent).to.not.contain('Available');
    await api.command('CallUs.close');

    await setClock('10:00');
    await api.command('CallUs.open');
    await waitFor(() => line() === 'Available', 8000, "'Available' in hours");
    await api.command('CallUs.close');
  });

  it("the channel selector: the helpline's tile says it is closed and when it opens; no chat out of hours", async () => {
    await setClock('18:00');
    await api.command('ChannelSelector.open');
    await waitFor(() => statuses()['Call Us']?.startsWith('Closed'), 8000, 'the helpline closed');
    expect(statuses()).to.deep.equal({ 'Call Us': 'Closed now. Opens Monday 08:00', Callback: 'Available' });
    await api.command('ChannelSelector.close');

    await setClock('10:00');
    await api.command('ChannelSelector.open');
    await waitFor(() => statuses()['Call Us'] === 'Available' && statuses()['Live Chat'] === 'Available', 8000, 'the helpline open');
    await api.command('ChannelSelector.close');
  });
  it('the callback: out of hours a date is pre-selected, ASAP is off and a line says when the office opens; in hours ASAP', async () => {
    const form = () => document.querySelector('la-callback')?.shadowRoot ?? null;
    const radio = (value: string) => form()?.querySelector<HTMLInputElement>(`input[name=schedule][value=${value}]`) ?? null;
    await setClock('18:00');
    await api.command('Callback.open');
    await waitFor(() => radio('pick')?.checked, 8000, 'a date pre-selected');
    const line = form()!.querySelector('.la-callback__office')!;
    expect(line.textContent).to.equal('The office is closed now: we can call you back at a time you choose. Opens tomorrow 09:00');
    expect(radio('asap')!.disabled).to.equal(true);
    expect(radio('asap')!.getAttribute('aria-describedby')).to.equal(line.id);
    await expectAccessible(document.querySelector('la-callback')!);
    await api.command('Callback.close');

    await setClock('10:00');
    await api.command('Callback.open');
    await waitFor(() => radio('asap')?.checked, 8000, 'ASAP in hours');
    expect(form()!.querySelector('.la-callback__office')).to.equal(null);
    await api.command('Callback.close');
  });
});
