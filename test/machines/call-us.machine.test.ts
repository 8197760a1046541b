import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, waitFor } from 'xstate';
import { callUsMachine, canOfferCobrowse, telHref } from '../../machines/call-us.machine.ts';
import type { CallUsConfig } from '../../machines/call-us.machine.ts';

const config: CallUsConfig = {
  contacts: [{ number: '+48 22 100 20 30', i18n: 'callus.helpline', displayName: 'Infolinia PPK' }, { number: '800 100 200' }],
  hours: ['Mon-Fri 8:00-17:00'],
};

function start(startCobrowse: () => Promise<void> = async () => undefined) {
  return createActor(callUsMachine.provide({ actors: { startCobrowse: fromPromise(startCobrowse) } })).start();
}

/** Co-browse online, not started, an agent connected: the footer's condition. */
function offerable(actor: ReturnType<typeof start>) {
  actor.send({ type: 'cobrowse.online' });
  actor.send({ type: 'agent.connected' });
}

describe('call-us configuration helpers', () => {
  it('removes spaces from tel: links', () => {
    expect(telHref('+48 22 100\u00a020 30')).to.equal('tel:+48221002030');
  });

  it('offers co-browse only when online, not started and an agent is connected', () => {
    expect(canOfferCobrowse({ cobrowseOnline: true, cobrowseStarted: false, agentConnected: true })).to.equal(true);
    expect(canOfferCobrowse({ cobrowseOnline: false, cobrowseStarted: false, agentConnected: true })).to.equal(false);
    expect(canOfferCobrowse({ cobrowseOnline: true, cobrowseStarted: true, agentConnected: true })).to.equal(false);
    expect(canOfferCobrowse({ cobrowseOnline: true, cobrowseStarted: false, agentConnected: false })).to.equal(false);
  });
});

describe('call-us machine', () => {
  it('opens with at least one number, refuses to open twice and to close when closed', () => {
    const actor = start();
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'open', config: { contacts: [], hours: [] } })).to.equal(false);
    actor.send({ type: 'open', config });
    expect(actor.getSnapshot().matches({ open: 'panel' })).to.equal(true);
    expect(actor.getSnapshot().context.contacts).to.have.length(2);
    expect(actor.getSnapshot().can({ type: 'open', config })).to.equal(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
  });

  it('follows co-browse and chat events in every state, so the footer is right when it opens', () => {
    const actor = start();
    offerable(actor);
    actor.send({ type: 'open', config });
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' })).to.equal(true);
    actor.send({ type: 'cobrowse.started' });
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' })).to.equal(false);
    actor.send({ type: 'cobrowse.stopped' });
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' })).to.equal(true);
    actor.send({ type: 'agent.disconnected' });
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' })).to.equal(false);
  });

  it('refuses the co-browse dialog without an agent or with co-browse offline', () => {
    const actor = start();
    actor.send({ type: 'open', config });
    actor.send({ type: 'cobrowse.offer' });
    expect(actor.getSnapshot().matches({ open: 'panel' })).to.equal(true);
    actor.send({ type: 'agent.connected' });
    actor.send({ type: 'cobrowse.offer' });
    expect(actor.getSnapshot().matches({ open: 'panel' })).to.equal(true);
  });

  it('the warning dialog: Cancel returns to the panel; it leaves by itself when the agent disconnects', () => {
    const actor = start();
    offerable(actor);
    actor.send({ type: 'open', config });
    actor.send({ type: 'cobrowse.offer' });
    expect(actor.getSnapshot().matches({ open: 'dialog' })).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'alert.dismiss' })).to.equal(false);
    actor.send({ type: 'dialog.cancel' });
    expect(actor.getSnapshot().matches({ open: 'panel' })).to.equal(true);
    actor.send({ type: 'cobrowse.offer' });
    actor.send({ type: 'agent.disconnected' });
    expect(actor.getSnapshot().matches({ open: 'panel' })).to.equal(true);
  });

  it('Start Co-browse runs the start and closes the panel when it resolves', async () => {
    let started = 0;
    const actor = start(async () => void started++);
    offerable(actor);
    actor.send({ type: 'open', config });
    actor.send({ type: 'cobrowse.offer' });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().matches({ open: 'starting' })).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'dialog.confirm' })).to.equal(false);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(started).to.equal(1);
  });

  it('a failed start ("Command does not exist") shows the failure, and OK returns to the panel', async () => {
    const actor = start(async () => {
      throw new Error('Command does not exist');
    });
    offerable(actor);
    actor.send({ type: 'open', config });
    actor.send({ type: 'cobrowse.offer' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'failed' }));
    expect(actor.getSnapshot().context.error).to.equal('Command does not exist');
    expect(actor.getSnapshot().can({ type: 'dialog.confirm' })).to.equal(false);
    actor.send({ type: 'alert.dismiss' });
    expect(actor.getSnapshot().matches({ open: 'panel' })).to.equal(true);
    expect(actor.getSnapshot().context.error).to.equal(null);
  });

  it('tags what the view shows: dialog, dialog + busy while starting, alert on failure; the events each state refuses', async () => {
    let reject: (error: Error) => void = () => undefined;
    const actor = start(() => new Promise<void>((_, no) => (reject = no)));
    const tags = () => [...actor.getSnapshot().tags].sort();
    offerable(actor);
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' }), 'closed').to.equal(false);
    actor.send({ type: 'open', config });
    expect(tags()).to.deep.equal([]);
    expect(actor.getSnapshot().can({ type: 'dialog.confirm' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'alert.dismiss' })).to.equal(false);
    actor.send({ type: 'cobrowse.offer' });
    expect(tags()).to.deep.equal(['dialog']);
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' }), 'already asking').to.equal(false);
    actor.send({ type: 'dialog.confirm' });
    expect(tags()).to.deep.equal(['busy', 'dialog']);
    expect(actor.getSnapshot().can({ type: 'dialog.cancel' })).to.equal(false);
    reject(new Error('Command does not exist'));
    await waitFor(actor, (s) => s.hasTag('alert'));
    expect(tags()).to.deep.equal(['alert']);
    expect(actor.getSnapshot().can({ type: 'cobrowse.offer' })).to.equal(false);
  });

  it('closing from the dialog closes the panel', () => {
    const actor = start();
    offerable(actor);
    actor.send({ type: 'open', config });
    actor.send({ type: 'cobrowse.offer' });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
  });
});
