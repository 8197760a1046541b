import { expect } from '@esm-bundle/chai';
import { createActor } from 'xstate';
import { overlayMachine, overlayMessages, overlayRefusal } from '../../machines/overlay.machine.ts';
import type { OverlayEntry, OverlayEvent } from '../../machines/overlay.machine.ts';

const entry = (owner: string, group = 'default', content: unknown = '<p>Hi</p>'): OverlayEntry => ({
  content,
  owner,
  group,
  position: 'center',
  modal: true,
  title: owner,
});

function start() {
  const actor = createActor(overlayMachine).start();
  /** Sends like the plugin: the refusal message, or null when the event was taken. */
  const send = (event: OverlayEvent) => {
    const refusal = overlayRefusal(actor.getSnapshot().context, event);
    expect(actor.getSnapshot().can(event)).to.equal(refusal === null);
    actor.send(event);
    return refusal;
  };
  return { actor, send, current: () => actor.getSnapshot().context.current };
}

describe('overlay machine', () => {
  it('needs HTML content to open', () => {
    const { send } = start();
    expect(send({ type: 'open', entry: entry('Page', 'g', ''), commander: 'Page' })).to.equal(overlayMessages.noContent);
    expect(send({ type: 'open', entry: entry('Page', 'g', 42), commander: 'Page' })).to.equal(overlayMessages.noContent);
    expect(send({ type: 'open', entry: entry('Page'), commander: 'Page' })).to.equal(null);
  });

  it('refuses to close, change or go back when closed', () => {
    const { send } = start();
    expect(send({ type: 'close', commander: 'Page' })).to.equal(overlayMessages.alreadyClosed);
    expect(send({ type: 'immutable', commander: 'Page' })).to.equal(overlayMessages.noImmutable);
    expect(send({ type: 'mutable', commander: 'Page' })).to.equal(overlayMessages.noMutable);
    expect(send({ type: 'back', commander: 'Page' })).to.equal(overlayMessages.noPrevious);
  });

  it('a reserved overlay may be closed or replaced only by its owner or the App', () => {
    const { send, actor, current } = start();
    send({ type: 'open', entry: entry('Offers'), immutable: true, commander: 'Offers' });
    expect(send({ type: 'close', commander: 'Sidebar' })).to.equal('Overlay view is currently reserved by Offers');
    expect(send({ type: 'open', entry: entry('Sidebar'), commander: 'Sidebar' })).to.equal('Overlay view is currently reserved by Offers');
    expect(current()!.owner).to.equal('Offers');
    expect(send({ type: 'close', commander: 'App' })).to.equal(null);
    expect(actor.getSnapshot().value).to.equal('closed');
    send({ type: 'open', entry: entry('Offers'), immutable: true, commander: 'Offers' });
    expect(send({ type: 'close', commander: 'Offers' })).to.equal(null);
  });

  it('only the owner toggles immutable and mutable, once each', () => {
    const { send } = start();
    send({ type: 'open', entry: entry('Offers'), commander: 'Offers' });
    expect(send({ type: 'immutable', commander: 'Sidebar' })).to.equal(overlayMessages.notAuthorized);
    expect(send({ type: 'mutable', commander: 'Offers' })).to.equal(overlayMessages.alreadyMutable);
    expect(send({ type: 'immutable', commander: 'Offers' })).to.equal(null);
    expect(send({ type: 'immutable', commander: 'Offers' })).to.equal(overlayMessages.alreadyImmutable);
    expect(send({ type: 'mutable', commander: 'Sidebar' })).to.equal(overlayMessages.notAuthorized);
    expect(send({ type: 'mutable', commander: 'Offers' })).to.equal(null);
  });

  it('goes back through the history of its group', () => {
    const { send, current } = start();
    send({ type: 'open', entry: { ...entry('A', 'help'), title: 'first' }, commander: 'A' });
    send({ type: 'open', entry: { ...entry('A', 'help'), title: 'second' }, commander: 'A' });
    expect(current()!.title).to.equal('second');
    expect(send({ type: 'back', commander: 'A' })).to.equal(null);
    expect(current()!.title).to.equal('first');
    expect(send({ type: 'back', commander: 'A' })).to.equal(overlayMessages.noPrevious);
    send({ type: 'open', entry: entry('B', 'other'), commander: 'B' });
    expect(send({ type: 'back', commander: 'B' })).to.equal(overlayMessages.noPrevious);
  });

  it('refuses back on a reserved overlay to another plugin', () => {
    const { send } = start();
    send({ type: 'open', entry: entry('A', 'help'), commander: 'A' });
    send({ type: 'open', entry: entry('A', 'help'), immutable: true, commander: 'A' });
    expect(send({ type: 'back', commander: 'B' })).to.equal(overlayMessages.backRefused);
    expect(send({ type: 'back', commander: 'A' })).to.equal(null);
  });
});
