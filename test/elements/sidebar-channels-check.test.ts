import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import { channelSchema, MAX_CLICK_DEPTH, MAX_CLICK_OPTIONS, readSection, v } from '../../src/app/section.ts';
import { sidebarSection } from '../../src/plugins/sidebar/sidebar.ts';
import { sideButtonSection } from '../../src/plugins/send-message/send-message.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// Issue 10 item 18 (remainder): the `channels` attribute of <la-sidebar> goes through the configured
// channels' whole schema once the Sidebar plugin is loaded (the loader's hand check keeps only what it
// cannot render out), each bad item reported by its path and dropped; `clickOptions` is bounded (2000
// characters as JSON, 5 levels) with a message, in configuration and markup alike.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'sbc', preload: 'intent' },
  sidebar: { channels: [{ name: 'CallUs', clickCommand: 'CallUs.open' }] },
  callus: { contacts: [{ number: '+48 22 100 20 30' }] },
};

const big = { note: 'x'.repeat(MAX_CLICK_OPTIONS) };
const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
const hostile = [
  { name: 'CallUs', clickCommand: 'CallUs.open', clickOptions: big },
  { name: 'Callback', clickCommand: 'Callback.open', clickOptions: deep },
  { name: 'WebChat', clickCommand: 'WebChat.open', enable: 'yes' },
  { name: 'SendMessage', clickCommand: 'SendMessage.open', clickOptions: { form: { subject: 'Hello' } } },
];

/** Collects console.error lines while installed. */
function recordErrors() {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  return { lines, restore: () => (console.error = original) };
}

describe('<la-sidebar channels> checked with the whole channel schema', () => {
  let api: LiveAssistApi;
  let sim: Simulator;
  const names = (element: Element) => [...element.shadowRoot!.querySelectorAll<HTMLElement>('.la-sidebar__button')].map((b) => b.dataset.channel);

  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('clickOptions is bounded: at most 2000 characters as JSON and 5 levels deep, each with its message', () => {
    const issue = (clickOptions: unknown) => v.safeParse(channelSchema, { name: 'CallUs', clickCommand: 'CallUs.open', clickOptions }).issues?.[0];
    expect(issue(big)?.message).to.equal('must be at most 2000 characters long as JSON');
    expect(issue(deep)?.message).to.equal(`must be nested at most ${MAX_CLICK_DEPTH} levels deep`);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(issue(cycle)?.message).to.equal(`must be nested at most ${MAX_CLICK_DEPTH} levels deep`);
    expect(issue({ note: 'x'.repeat(MAX_CLICK_OPTIONS - 20) })).to.equal(undefined);
    expect(issue({ a: { b: { c: { d: { e: 1 } } } } })).to.equal(undefined);
    // Configuration: the channel is reported by its path and dropped; the side button's clickOptions too.
    const errors = recordErrors();
    try {
      expect(readSection('sidebar', { channels: hostile.slice(0, 2) }, sidebarSection).value.channels).to.deep.equal([]);
      expect(readSection('sendmessage.sideButton', { clickOptions: big }, sideButtonSection).value.clickOptions).to.equal(undefined);
    } finally {
      errors.restore();
    }
    expect(errors.lines).to.deep.equal([
      '[live-assist] sidebar.channels[0].clickOptions: must be at most 2000 characters long as JSON',
      `[live-assist] sidebar.channels[1].clickOptions: must be nested at most ${MAX_CLICK_DEPTH} levels deep`,
      '[live-assist] sendmessage.sideButton.clickOptions: must be at most 2000 characters long as JSON',
    ]);
  });

  it('before the plugin loads the loader keeps what it can render; once loaded, bad items are reported and dropped', async () => {
    const errors = recordErrors();
    const element = document.createElement('la-sidebar');
    element.setAttribute('channels', JSON.stringify(hostile));
    try {
      document.body.append(element);
      await waitFor(() => names(element).length > 0, 4000, 'the launcher');
      // The loader's hand check cannot tell these apart (it carries no valibot).
      expect(names(element)).to.deep.equal(['CallUs', 'Callback', 'WebChat', 'SendMessage']);
      await api.command('Sidebar.getState'); // loads the plugin chunk
      await waitFor(() => names(element).length === 1, 4000, 'the checked channels');
      expect(names(element)).to.deep.equal(['SendMessage']);
      expect(errors.lines.filter((line) => line.includes('<la-sidebar channels>'))).to.deep.equal([
        '[live-assist] <la-sidebar channels>[0].clickOptions: must be at most 2000 characters long as JSON',
        `[live-assist] <la-sidebar channels>[1].clickOptions: must be nested at most ${MAX_CLICK_DEPTH} levels deep`,
        '[live-assist] <la-sidebar channels>[2].enable: must be true or false',
      ]);
    } finally {
      errors.restore();
      element.remove();
    }
  });

  it('a sidebar added after the plugin loaded is checked from its first render, each list reported once', async () => {
    const errors = recordErrors();
    const element = document.createElement('la-sidebar');
    element.setAttribute('channels', JSON.stringify(hostile));
    try {
      document.body.append(element);
      await waitFor(() => names(element).length > 0, 4000, 'the launcher');
      expect(names(element)).to.deep.equal(['SendMessage']);
      await api.command('Sidebar.expand').catch(() => undefined); // re-renders
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors.lines.filter((line) => line.includes('<la-sidebar channels>'))).to.have.length(3);
    } finally {
      errors.restore();
      element.remove();
    }
  });
});
