import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { sidebarMachine, visibleChannels, RESERVED_CHANNELS } from '../../machines/sidebar.machine.ts';
import type { SidebarInput } from '../../machines/sidebar.machine.ts';
import type { Availability } from '../../machines/availability.ts';

const channels = [{ name: 'CallUs' }, { name: 'Callback' }, { name: 'WebChat' }, { name: 'SendMessage' }];

function start(input: Partial<SidebarInput> = {}, fetch: () => Promise<Availability> = async () => ({ channels: ['CallUs'], ewt: 0 })) {
  const clock = new SimulatedClock();
  let calls = 0;
  const actor = createActor(sidebarMachine.provide({ actors: { fetchAvailability: fromPromise(() => (calls++, fetch())) } }), {
    input: { channels, ...input },
    clock,
  }).start();
  return { actor, clock, calls: () => calls, view: () => actor.getSnapshot().value.view };
}

describe('sidebar machine', () => {
  it('starts opened (collapsed) when shown on startup, closed otherwise', () => {
    expect(start().view()).to.deep.equal({ opened: 'collapsed' });
    expect(start({ showOnStartup: false }).view()).to.equal('closed');
  });

  it('expands 250 ms after the pointer enters and contracts 500 ms after it leaves', () => {
    const { actor, clock, view } = start();
    actor.send({ type: 'pointer.enter' });
    clock.increment(249);
    expect(view()).to.deep.equal({ opened: 'expanding' });
    clock.increment(1);
    expect(view()).to.deep.equal({ opened: 'expanded' });
    actor.send({ type: 'pointer.leave' });
    clock.increment(499);
    expect(view()).to.deep.equal({ opened: 'contracting' });
    clock.increment(1);
    expect(view()).to.deep.equal({ opened: 'collapsed' });
  });

  it('does not expand when the pointer leaves within 250 ms, and stays expanded when it returns within 500 ms', () => {
    const { actor, clock, view } = start();
    actor.send({ type: 'pointer.enter' });
    clock.increment(200);
    actor.send({ type: 'pointer.leave' });
    clock.increment(1000);
    expect(view()).to.deep.equal({ opened: 'collapsed' });
    actor.send({ type: 'expand' });
    actor.send({ type: 'pointer.leave' });
    clock.increment(400);
    actor.send({ type: 'pointer.enter' });
    clock.increment(1000);
    expect(view()).to.deep.equal({ opened: 'expanded' });
  });

  it('tags for the launcher: shown while open, expanded while expanded or waiting to contract', () => {
    const { actor, clock } = start();
    const tags = () => [...actor.getSnapshot().tags].sort();
    expect(tags()).to.deep.equal(['shown']);
    actor.send({ type: 'pointer.enter' });
    expect(tags(), 'waiting to expand').to.deep.equal(['shown']);
    clock.increment(250);
    expect(tags()).to.deep.equal(['expanded', 'shown']);
    actor.send({ type: 'pointer.leave' });
    expect(tags(), 'waiting to contract').to.deep.equal(['expanded', 'shown']);
    clock.increment(500);
    expect(tags()).to.deep.equal(['shown']);
    actor.send({ type: 'close' });
    expect(tags()).to.deep.equal([]);
    expect(start({ showOnStartup: false }).actor.getSnapshot().tags.size).to.equal(0);
  });

  it('does not expand on hover when expandOnHover is false, nor in mobile mode', () => {
    const off = start({ expandOnHover: false });
    off.actor.send({ type: 'pointer.enter' });
    off.clock.increment(300);
    expect(off.view()).to.deep.equal({ opened: 'collapsed' });
    const mobile = start({ mobile: true });
    mobile.actor.send({ type: 'pointer.enter' });
    mobile.clock.increment(300);
    expect(mobile.view()).to.deep.equal({ opened: 'collapsed' });
    expect(mobile.actor.getSnapshot().can({ type: 'expand' })).to.equal(false);
  });

  it('refuses what the spec rejects: open when open or mobile, close when closed, expand twice, contract when collapsed', () => {
    const { actor } = start();
    const can = (type: 'open' | 'close' | 'expand' | 'contract') => actor.getSnapshot().can({ type });
    expect(can('open')).to.equal(false);
    expect(can('contract')).to.equal(false);
    actor.send({ type: 'expand' });
    expect(can('expand')).to.equal(false);
    expect(can('contract')).to.equal(true);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value.view).to.equal('closed');
    expect(can('close')).to.equal(false);
    actor.send({ type: 'mobile.set', mobile: true });
    expect(can('open')).to.equal(false);
    actor.send({ type: 'mobile.set', mobile: false });
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().value.view).to.deep.equal({ opened: 'collapsed' });
  });

  it('adds a button only with a name that is neither reserved nor taken; configure needs a channel', () => {
    const { actor } = start();
    const add = (channel: unknown) => ({ type: 'channels.add' as const, channel: channel as { name: string } });
    for (const name of RESERVED_CHANNELS) expect(actor.getSnapshot().can(add({ name }))).to.equal(false);
    expect(actor.getSnapshot().can(add({}))).to.equal(false);
    expect(actor.getSnapshot().can(add(undefined))).to.equal(false);
    actor.send(add({ name: 'Faq', clickCommand: 'Search.open' }));
    expect(actor.getSnapshot().context.channels.map((c) => c.name)).to.include('Faq');
    expect(actor.getSnapshot().can(add({ name: 'Faq' }))).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'channels.set', channels: [] })).to.equal(false);
    actor.send({ type: 'channels.set', channels: [{ name: 'CallUs' }] });
    expect(actor.getSnapshot().context.channels).to.deep.equal([{ name: 'CallUs' }]);
  });

  it('applies the availability answer and refreshes it every 10 s; a failure offers every channel', async () => {
    let fail = false;
    const { actor, clock, calls } = start({ availabilityRule: true }, async () => {
      if (fail) throw new Error('EWT request failed due to unknown reason');
      return { channels: ['CallUs', 'SendMessage', 'Callback'], ewt: 45 };
    });
    await waitFor(actor, (s) => s.context.availability === 'known');
    expect(visibleChannels(actor.getSnapshot().context).map((c) => c.name)).to.deep.equal(['CallUs', 'Callback', 'SendMessage']);
    expect(calls()).to.equal(1);
    fail = true;
    clock.increment(9_999);
    expect(calls()).to.equal(1);
    clock.increment(1);
    expect(calls()).to.equal(2);
    await waitFor(actor, (s) => s.context.availability === 'failed');
    expect(visibleChannels(actor.getSnapshot().context)).to.have.length(4);
  });

  it('does not ask for availability without a rule, and hides disabled channels', () => {
    const { actor, calls } = start({ channels: [...channels, { name: 'Search', enable: false }] });
    expect(calls()).to.equal(0);
    expect(actor.getSnapshot().context.availability).to.equal('none');
    expect(visibleChannels(actor.getSnapshot().context).map((c) => c.name)).to.not.include('Search');
  });

  it('emits channels.show for the view to list the channels, and refuses it when none is visible', () => {
    const { actor } = start({ mobile: true });
    const heard: string[] = [];
    actor.on('channels.show', (event) => heard.push(event.type));
    expect(actor.getSnapshot().can({ type: 'channels.show' })).to.equal(true);
    actor.send({ type: 'channels.show' });
    expect(heard).to.deep.equal(['channels.show']);

    const none = start({ channels: [{ name: 'Search', enable: false }] }).actor;
    const silent: string[] = [];
    none.on('channels.show', (event) => silent.push(event.type));
    expect(none.getSnapshot().can({ type: 'channels.show' })).to.equal(false);
    none.send({ type: 'channels.show' });
    expect(silent).to.deep.equal([]);
  });
});
