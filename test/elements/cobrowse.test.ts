import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { rrwebProvider } from '../../src/services/cobrowse/rrweb-provider.ts';

/**
 * The built-in provider with its real recorder (rrweb) and a fake relay: what would go to the agent is
 * every batch the page posts. The page holds a typed input, a password and a `data-la-private` line.
 */
const relay = { sessions: 0, batches: [] as unknown[][], deleted: 0, recorderLoaded: false, endWith: 0 };
const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const ok = (body?: unknown, status = 200) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url.endsWith('/status')) return ok({ online: true });
  if (url.endsWith('/sessions') && method === 'POST') {
    relay.sessions++;
    return ok({ token: '123456789' }, 201);
  }
  if (url.endsWith('/events')) {
    if (relay.endWith) return ok({ error: 'over', status: relay.endWith, reason: 'agent' }, relay.endWith);
    relay.batches.push(JSON.parse(String(init?.body)));
    return ok(undefined, 204);
  }
  if (method === 'DELETE') {
    relay.deleted++;
    return ok(undefined, 204);
  }
  return ok({ error: 'not found' }, 404);
}) as typeof fetch;

const provider = rrwebProvider({
  url: '/relay',
  window,
  fetch: fakeFetch,
  batchMs: 100,
  recorder: () => {
    relay.recorderLoaded = true;
    return import('../../src/services/cobrowse/recorder.ts');
  },
});

window.liveAssistConfig = {
  main: { lang: 'en', theme: 'dark', deploymentID: 'cb', preload: 'intent' },
  cobrowse: { provider },
};

let api: LiveAssistApi;
const root = () => document.querySelector('la-cobrowse')?.shadowRoot ?? null;
const dialog = () => root()?.querySelector<HTMLElement>('[role=dialog]') ?? null;
const bar = () => root()?.querySelector<HTMLElement>('.la-cobrowse__bar') ?? null;
const button = (text: string) => [...(root()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.textContent!.trim() === text) ?? null;
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
const sent = () => JSON.stringify(relay.batches);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('<la-cobrowse> with the built-in provider', () => {
  let opener: HTMLButtonElement;
  let typed: HTMLInputElement;

  before(async function () {
    this.timeout(30_000);
    document.body.insertAdjacentHTML(
      'beforeend',
      `<form id="page">
        <button type="button" id="opener">Help</button>
        <label>Name <input id="typed" name="name" value="Jan Typed-Value"></label>
        <label>Password <input id="pw" type="password" value="hunter2-secret"></label>
        <p data-la-private>Plan PPK-PRIVATE-42 <span>balance 12 480 zł</span></p>
        <p>Public text stays visible</p>
      </form>`,
    );
    opener = document.querySelector('#opener')!;
    typed = document.querySelector('#typed')!;
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });

  it('is online, and asks first: Cancel (Escape) records nothing, loads no recorder and gives focus back', async function () {
    this.timeout(20_000);
    expect(await api.command('Cobrowse.getState')).to.deep.include({ online: true, started: false });
    opener.focus();
    const start = outcome(api.command('Cobrowse.start'));
    const shown = await waitFor(dialog, 8000, 'the warning dialog');
    expect(shown.textContent).to.contain('Start Co-browse');
    await expectAccessible(document.querySelector('la-cobrowse')!);
    await waitFor(() => root()!.activeElement === button('Cancel'), 2000, 'focus on Cancel');
    expect(relay.recorderLoaded).to.equal(false);
    expect(relay.sessions).to.equal(0);
    await sendKeys({ press: 'Escape' });
    expect(await start).to.equal('Co-browse was cancelled by the visitor');
    expect(dialog()).to.equal(null);
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
    expect(relay.recorderLoaded).to.equal(false);
    expect(relay.sessions).to.equal(0);
    expect(relay.batches).to.deep.equal([]);
  });

  it('rejects a start while the previous one is pending (3 s)', async function () {
    this.timeout(8000);
    expect(await outcome(api.command('Cobrowse.start'))).to.equal('Co-browse start is already pending');
    await pause(3100);
  });

  it('Start Co-browse (keyboard) shares the page: the bar shows, inputs masked, password and data-la-private blank', async function () {
    this.timeout(20_000);
    const started = new Promise<unknown>((resolve) => api.subscribe('Cobrowse.started', ({ data }) => resolve(data)));
    opener.focus();
    const start = outcome(api.command('Cobrowse.start'));
    await waitFor(() => root()?.activeElement === button('Cancel'), 8000, 'the dialog, Cancel focused');
    await sendKeys({ press: 'Tab' });
    expect(root()!.activeElement).to.equal(button('Start Co-browse'));
    await sendKeys({ press: 'Enter' });
    expect(await start).to.equal('resolved');
    expect(await started).to.deep.equal({ token: '123456789' });
    const shownBar = await waitFor(bar, 4000, 'the bar');
    expect(shownBar.textContent).to.contain('Co-browse on');
    expect(shownBar.textContent).to.contain('Code 123 456 789');
    expect(button('Stop')).to.not.equal(null);
    await expectAccessible(document.querySelector('la-cobrowse')!);
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');

    typed.focus();
    await sendKeys({ type: ' More-Typed' });
    await waitFor(() => sent().includes('"type":2'), 4000, 'the full snapshot');
    expect(sent()).to.contain('Public text stays visible');
    await waitFor(() => sent().includes('"source":5'), 4000, `the input event in ${sent().slice(-600)}`);
    const text = sent();
    // Values: masked in the snapshot and in the input events.
    expect(text).to.not.contain('Typed-Value');
    expect(text).to.not.contain('More-Typed');
    expect(text).to.contain('*'.repeat(8));
    // The password and the private line: never sent, not even masked text of theirs.
    expect(text).to.not.contain('hunter2');
    expect(text).to.not.contain('PPK-PRIVATE-42');
    expect(text).to.not.contain('480');
    expect(text).to.contain('rr_width');
  });

  it('Stop ends at once: the bar goes, the relay is told, nothing more is sent, focus goes back', async () => {
    const stopped = new Promise<unknown>((resolve) => api.subscribe('Cobrowse.stopped', ({ data }) => resolve(data)));
    opener.focus();
    button('Stop')!.focus();
    await sendKeys({ press: 'Enter' });
    expect(await stopped).to.deep.equal({ reason: 'visitor' });
    await waitFor(() => bar() === null, 2000, 'the bar gone');
    await waitFor(() => relay.deleted === 1, 2000, 'the relay told');
    expect(document.activeElement).to.equal(opener);
    const count = relay.batches.length;
    typed.value = 'after stop';
    typed.dispatchEvent(new Event('input', { bubbles: true }));
    await pause(400);
    expect(relay.batches.length).to.equal(count);
    expect(await api.command('Cobrowse.getState')).to.deep.include({ started: false });
  });

  it('the agent ends it: the next batch is refused, the bar goes and the stop says why', async function () {
    this.timeout(15_000);
    await pause(3100);
    const start = outcome(api.command('Cobrowse.start'));
    await waitFor(() => button('Start Co-browse'), 8000, 'the dialog');
    button('Start Co-browse')!.click();
    expect(await start).to.equal('resolved');
    const stopped = new Promise<unknown>((resolve) => api.subscribe('Cobrowse.stopped', ({ data }) => resolve(data)));
    relay.endWith = 410;
    typed.value = 'x';
    typed.dispatchEvent(new Event('input', { bubbles: true }));
    expect(await stopped).to.deep.equal({ reason: 'agent' });
    await waitFor(() => bar() === null, 2000, 'the bar gone');
    await waitFor(() => root()!.querySelector('[role=status]')!.textContent === 'The agent ended co-browse', 2000, 'the status line');
    relay.endWith = 0;
  });
});
