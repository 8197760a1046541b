import { expect } from '@esm-bundle/chai';
import { createActor, SimulatedClock } from 'xstate';
import { SIDE_BUTTON_DEFAULTS, sideButtonMachine, type SideButtonInput } from '../../machines/side-button.machine.ts';

const start = (input?: SideButtonInput) => {
  const clock = new SimulatedClock();
  const actor = createActor(sideButtonMachine, { input, clock }).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  // The view reads the 'visible' tag.
  const visible = () => actor.getSnapshot().hasTag('visible');
  return { actor, clock, emitted, visible };
};

describe('side-button machine', () => {
  it("has the spec's defaults: openDelay 1000 ms, fade, 300 ms", () => {
    expect(SIDE_BUTTON_DEFAULTS).to.deep.equal({ openDelay: 1000, effect: 'fade', effectDuration: 300 });
    expect(start().actor.getSnapshot().context.openDelay).to.equal(1000);
  });

  it('starts hidden and is shown only 1000 ms after show (simulated clock)', () => {
    const { actor, clock, emitted, visible } = start();
    expect(actor.getSnapshot().value).to.equal('hidden');
    clock.increment(5000);
    expect(actor.getSnapshot().value).to.equal('hidden');
    actor.send({ type: 'show' });
    expect(actor.getSnapshot().value).to.deep.equal({ shown: 'waiting' });
    clock.increment(999);
    expect(visible()).to.equal(false);
    expect(emitted).to.deep.equal([]);
    clock.increment(1);
    expect(visible()).to.equal(true);
    expect(emitted).to.deep.equal(['displayed']);
  });

  it('uses the configured openDelay (input and configure)', () => {
    const { actor, clock, visible } = start({ openDelay: 250 });
    actor.send({ type: 'show' });
    clock.increment(250);
    expect(visible()).to.equal(true);
    actor.send({ type: 'hide' });
    actor.send({ type: 'configure', openDelay: 2000 });
    actor.send({ type: 'show' });
    clock.increment(1999);
    expect(visible()).to.equal(false);
    clock.increment(1);
    expect(visible()).to.equal(true);
  });

  it('holds the effect and its duration; configure changes them, bad values keep the current ones', () => {
    const { actor } = start({ effect: 'slide', effectDuration: 500 });
    expect(actor.getSnapshot().context).to.include({ effect: 'slide', effectDuration: 500 });
    actor.send({ type: 'configure', effect: 'fade', effectDuration: -1, openDelay: Number.NaN });
    expect(actor.getSnapshot().context).to.include({ effect: 'fade', effectDuration: 500, openDelay: 1000 });
    actor.send({ type: 'configure', effect: 'spin' as 'fade', effectDuration: 0 });
    expect(actor.getSnapshot().context).to.include({ effect: 'fade', effectDuration: 0 });
  });

  it('rejects show when shown (waiting or visible) and hide when hidden', () => {
    const { actor, clock } = start();
    expect(actor.getSnapshot().can({ type: 'hide' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'show' })).to.equal(true);
    actor.send({ type: 'show' });
    expect(actor.getSnapshot().can({ type: 'show' })).to.equal(false);
    clock.increment(1000);
    expect(actor.getSnapshot().can({ type: 'show' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'hide' })).to.equal(true);
  });

  it('hide cancels a pending show and hides a visible button (emits hidden)', () => {
    const { actor, clock, emitted, visible } = start();
    actor.send({ type: 'show' });
    clock.increment(500);
    actor.send({ type: 'hide' });
    clock.increment(2000);
    expect(actor.getSnapshot().value).to.equal('hidden');
    expect(emitted).to.deep.equal(['hidden']);
    actor.send({ type: 'show' });
    clock.increment(1000);
    expect(visible()).to.equal(true);
    actor.send({ type: 'hide' });
    expect(actor.getSnapshot().value).to.equal('hidden');
    expect(emitted).to.deep.equal(['hidden', 'displayed', 'hidden']);
  });

  it('steps aside while the window is open and comes back openDelay after it closes', () => {
    const { actor, clock, emitted, visible } = start();
    actor.send({ type: 'show' });
    clock.increment(1000);
    actor.send({ type: 'window.open' });
    expect(actor.getSnapshot().value).to.deep.equal({ shown: 'aside' });
    clock.increment(5000);
    expect(visible()).to.equal(false);
    actor.send({ type: 'window.close' });
    clock.increment(999);
    expect(visible()).to.equal(false);
    clock.increment(1);
    expect(visible()).to.equal(true);
    expect(emitted).to.deep.equal(['displayed', 'displayed']);
    // Still hideable while aside; hidden stays hidden when the window closes.
    actor.send({ type: 'window.open' });
    actor.send({ type: 'hide' });
    actor.send({ type: 'window.close' });
    clock.increment(5000);
    expect(actor.getSnapshot().value).to.equal('hidden');
  });

  it('shown while the window is already open waits aside (no timer runs)', () => {
    const { actor, clock, visible } = start();
    actor.send({ type: 'window.open' });
    actor.send({ type: 'show' });
    expect(actor.getSnapshot().value).to.deep.equal({ shown: 'aside' });
    clock.increment(5000);
    expect(visible()).to.equal(false);
    actor.send({ type: 'window.close' });
    clock.increment(1000);
    expect(visible()).to.equal(true);
  });

  it('a window opening during the delay cancels it', () => {
    const { actor, clock, emitted } = start({ openDelay: 1000 });
    actor.send({ type: 'show' });
    clock.increment(600);
    actor.send({ type: 'window.open' });
    clock.increment(600);
    expect(actor.getSnapshot().value).to.deep.equal({ shown: 'aside' });
    expect(emitted).to.deep.equal([]);
  });

  it('focus.return (the closed window gives focus back to the button) shows it at once, without openDelay; refused while aside or hidden', () => {
    const { actor, clock, emitted, visible } = start();
    // Hidden (not configured): refused, stays hidden.
    expect(actor.getSnapshot().can({ type: 'focus.return' })).to.equal(false);
    actor.send({ type: 'focus.return' });
    expect(actor.getSnapshot().value).to.equal('hidden');
    actor.send({ type: 'show' });
    clock.increment(1000);
    actor.send({ type: 'window.open' });
    // Aside while the window is open: refused (it would cover the window).
    expect(actor.getSnapshot().can({ type: 'focus.return' })).to.equal(false);
    actor.send({ type: 'focus.return' });
    expect(visible()).to.equal(false);
    actor.send({ type: 'window.close' });
    expect(visible()).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'focus.return' })).to.equal(true);
    actor.send({ type: 'focus.return' });
    expect(visible()).to.equal(true);
    expect(emitted).to.deep.equal(['displayed', 'displayed']);
    // The pending delayed show is gone with the waiting state: no second 'displayed'.
    clock.increment(5000);
    expect(emitted).to.deep.equal(['displayed', 'displayed']);
    // Already visible: nothing to do.
    expect(actor.getSnapshot().can({ type: 'focus.return' })).to.equal(false);
  });
});
