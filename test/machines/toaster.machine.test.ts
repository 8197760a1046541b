import { expect } from '@esm-bundle/chai';
import { createActor, SimulatedClock } from 'xstate';
import { toasterMachine, toasterMessages, toasterRefusal } from '../../machines/toaster.machine.ts';
import type { ToasterEntry, ToasterEvent } from '../../machines/toaster.machine.ts';

const entry = (owner: string, extra: Partial<ToasterEntry> = { title: 'Need help?' }): ToasterEntry => ({ buttons: [], position: 'right', owner, ...extra });
const open = (owner: string, immutable = false, extra?: Partial<ToasterEntry>): ToasterEvent => ({
  type: 'open',
  entry: entry(owner, extra),
  immutable,
  commander: owner,
});

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toasterMachine, { clock, input: {} }).start();
  const refusal = (event: ToasterEvent) => toasterRefusal(actor.getSnapshot().context, event, actor.getSnapshot().matches('closing'));
  return { actor, clock, refusal };
}

describe('toaster machine', () => {
  it('refuses an open without content, and a close when closed', () => {
    const { actor, refusal } = start();
    expect(refusal(open('WebChat', false, { title: ' ', body: '' }))).to.equal(toasterMessages.noContent);
    expect(refusal({ type: 'open', entry: undefined as unknown as ToasterEntry, commander: 'x' })).to.equal(
      'No content was provided. Toaster has ignored your command.',
    );
    expect(actor.getSnapshot().can(open('WebChat', false, {}))).to.equal(false);
    expect(refusal({ type: 'close', commander: 'page' })).to.equal('Toaster view is already closed');
    expect(actor.getSnapshot().can({ type: 'close', commander: 'page' })).to.equal(false);
    expect(refusal(open('WebChat', false, { body: 'Let us know if we can help out.' }))).to.equal(null);
    expect(refusal(open('Offers', false, { title: undefined, content: '<p>Offer</p>' }))).to.equal(null);
  });

  it('opens, is replaced by another open, and slides down for 500 ms before it is closed', () => {
    const { actor, clock, refusal } = start();
    actor.send(open('WebChat'));
    expect(actor.getSnapshot().matches('open')).to.equal(true);
    actor.send(open('Offers', false, { title: 'Offer' }));
    expect(actor.getSnapshot().context.current!.owner).to.equal('Offers');
    actor.send({ type: 'close', commander: 'page' });
    expect(actor.getSnapshot().matches('closing')).to.equal(true);
    expect(refusal({ type: 'close', commander: 'page' })).to.equal(toasterMessages.alreadyClosed);
    clock.increment(499);
    expect(actor.getSnapshot().matches('closing')).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    expect(actor.getSnapshot().context.current).to.equal(null);
  });

  it('a new open during the slide down shows the new toaster at once', () => {
    const { actor, clock } = start();
    actor.send(open('WebChat', true));
    actor.send({ type: 'close', commander: 'WebChat' });
    actor.send(open('Offers'));
    expect(actor.getSnapshot().matches('open')).to.equal(true);
    expect(actor.getSnapshot().context).to.deep.include({ immutable: false });
    clock.increment(1000);
    expect(actor.getSnapshot().matches('open')).to.equal(true);
  });

  it('a reserved toaster refuses other commanders; its owner and the App may close or replace it', () => {
    const { actor, refusal } = start();
    actor.send(open('WebChat', true));
    expect(refusal(open('Offers'))).to.equal('Toaster view is currently reserved');
    expect(refusal({ type: 'close', commander: 'page' })).to.equal('Toaster view is currently reserved');
    expect(actor.getSnapshot().can({ type: 'close', commander: 'Toaster' })).to.equal(false);
    actor.send(open('Offers'));
    expect(actor.getSnapshot().context.current!.owner).to.equal('WebChat');
    expect(refusal(open('WebChat'))).to.equal(null);
    expect(refusal({ type: 'close', commander: 'App' })).to.equal(null);
    actor.send({ type: 'close', commander: 'WebChat' });
    expect(actor.getSnapshot().matches('closing')).to.equal(true);
  });
});
