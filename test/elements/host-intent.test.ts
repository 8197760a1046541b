import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { App } from '../../src/app/app.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// An element's intent (elements/common/host.ts): the pointer or keyboard focus entering it asks for its
// window's code (and the likely windows') at once; the first focus inside a window that is already open is
// the window's own, so that ask waits until the browser is idle, after the open's work (issue 17).
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'hintent', preload: 'intent' },
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits' },
};

let api: LiveAssistApi;
let sim: Simulator;
/** Each `app.intent` call: its plugin, and whether it ran inside a focusin's dispatch. */
let calls: { plugin: string | undefined; inFocusEvent: boolean }[] = [];
let inFocusEvent = false;
const enter = () => (inFocusEvent = true);
const leave = () => (inFocusEvent = false);

/** `app.intent`, watched: each call recorded, then made. */
function watchIntent(app: App): void {
  const intent = app.intent.bind(app);
  app.intent = (plugin?: string, options?: { likely?: boolean }) => {
    calls.push({ plugin, inFocusEvent });
    intent(plugin, options);
  };
}

describe("an element's intent", () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    watchIntent((document.body.appendChild(document.createElement('la-search')) as HTMLElement & { app: App }).app);
    // Around every focusin's dispatch: capture on the way down, bubbling on the way back up.
    window.addEventListener('focusin', enter, true);
    window.addEventListener('focusin', leave);
  });
  after(() => {
    window.removeEventListener('focusin', enter, true);
    window.removeEventListener('focusin', leave);
    sim.dispose();
  });
  beforeEach(() => (calls = []));

  it("the pointer entering a closed window's element asks for its code at once", () => {
    document.querySelector('la-search')!.dispatchEvent(new PointerEvent('pointerenter'));
    expect(calls).to.deep.equal([{ plugin: 'Search', inFocusEvent: false }]);
  });

  it("the window's own focus as it opens asks only once the browser is idle, never inside the focus event", async () => {
    // Opened as a visitor opens it, from a control of the page: the app appends a docked window, which takes
    // focus (an element placed in the page is an embedded form, which does not).
    const opener = document.body.appendChild(document.createElement('button'));
    opener.textContent = 'Write to us';
    opener.addEventListener('click', () => void api.command('SendMessage.open').catch(() => undefined));
    opener.focus();
    calls = [];
    await sendKeys({ press: 'Enter' });
    const element = await waitFor(() => document.querySelector('la-send-message'), 4000, "the window's element");
    const root = element.shadowRoot!;
    await waitFor(() => root.querySelector('[part=window]')?.contains(deepActiveElement()), 4000, 'focus in the window');
    expect(calls, 'nothing asked in the focus event itself').to.deep.equal([]);
    await waitFor(() => calls.length > 0, 4000, 'the intent, once idle');
    expect(calls).to.deep.equal([{ plugin: 'SendMessage', inFocusEvent: false }]);
    await api.command('SendMessage.close').catch(() => undefined);
    opener.remove();
  });
});
