import { expect } from '@esm-bundle/chai';
import { createActor, SimulatedClock } from 'xstate';
import {
  configureRefusal,
  DEFAULT_INVITE_SECONDS,
  dispositionOf,
  engagementMessages,
  inviteSeconds,
  isTracked,
  pushRefusal,
  webEngagementMachine,
  type Disposition,
  type EngagementInvite,
} from '../../machines/web-engagement.machine.ts';

const invite: EngagementInvite = {
  subject: 'Need help?',
  actionID: 'a1',
  engagementID: 'e1',
  dispositions: { accept: { code: 'ACCEPTED' }, timeout: { code: 'NO_ANSWER' } },
};

function start(smartInvites = true) {
  const clock = new SimulatedClock();
  const actor = createActor(webEngagementMachine, { clock, input: { smartInvites } }).start();
  const dispositions: Disposition[] = [];
  const ended: string[] = [];
  actor.on('disposition', (event) => dispositions.push(event.disposition));
  actor.on('ended', (event) => ended.push(event.result));
  return { actor, clock, dispositions, ended };
}

describe('web engagement machine', () => {
  it('shows an invite and disposes of it on accept, with the code of its rule', () => {
    const { actor, dispositions, ended } = start();
    actor.send({ type: 'invite', invite });
    expect(actor.getSnapshot().hasTag('inviting')).to.equal(true);
    actor.send({ type: 'accept' });
    expect(actor.getSnapshot().value).to.equal('idle');
    expect(dispositions).to.deep.equal([{ actionID: 'a1', engagementID: 'e1', media: 'chat', result: 'accept', code: 'ACCEPTED' }]);
    expect(ended).to.deep.equal(['accept']);
  });

  it('cancel and pageExit each end the invite with their disposition', () => {
    for (const result of ['cancel', 'pageExit'] as const) {
      const { actor, dispositions } = start();
      actor.send({ type: 'invite', invite });
      actor.send({ type: result });
      expect(dispositions.map((d) => d.result)).to.deep.equal([result]);
      expect(dispositions[0]).to.not.have.property('code');
    }
  });

  it('times out after 30 s by default', () => {
    const { actor, clock, dispositions } = start();
    actor.send({ type: 'invite', invite });
    clock.increment(29_999);
    expect(actor.getSnapshot().hasTag('inviting')).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).to.equal('idle');
    expect(dispositions).to.deep.equal([{ actionID: 'a1', engagementID: 'e1', media: 'chat', result: 'timeout', code: 'NO_ANSWER' }]);
  });

  it('a custom timeout is given in ms and counted in seconds (divided by 1000)', () => {
    expect(inviteSeconds(null)).to.equal(DEFAULT_INVITE_SECONDS);
    expect(inviteSeconds({ inviteTimeout: 10_000 })).to.equal(10);
    expect(inviteSeconds({ timeout: 45_000 })).to.equal(45);
    expect(inviteSeconds({ inviteTimeout: 5 })).to.equal(DEFAULT_INVITE_SECONDS, 'under a second is not a countdown');
    const { actor, clock, dispositions } = start();
    actor.send({ type: 'invite', invite: { ...invite, inviteTimeout: 10_000 } });
    clock.increment(10_000);
    expect(dispositions.map((d) => d.result)).to.deep.equal(['timeout']);
  });

  it('a video viewed is a disposition that leaves the invite shown', () => {
    const { actor, dispositions } = start();
    actor.send({ type: 'invite', invite });
    actor.send({ type: 'video.viewed' });
    expect(actor.getSnapshot().hasTag('inviting')).to.equal(true);
    expect(dispositions.map((d) => d.result)).to.deep.equal(['videoViewed']);
  });

  it('refuses a second invite while one shows, and the end events when none shows', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'accept' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'cancel' })).to.equal(false);
    actor.send({ type: 'invite', invite });
    expect(actor.getSnapshot().can({ type: 'invite', invite })).to.equal(false);
  });

  for (const name of ['WebChat', 'SendMessage', 'Callback', 'CallUs']) {
    it(`refuses an invite mediaBusy while ${name} is open and smart invites are on`, () => {
      const { actor, dispositions } = start();
      actor.send({ type: 'media.opened', name });
      actor.send({ type: 'invite', invite });
      expect(actor.getSnapshot().value).to.equal('idle');
      expect(dispositions).to.deep.equal([{ actionID: 'a1', engagementID: 'e1', media: 'chat', result: 'error', code: 'mediaBusy' }]);
      actor.send({ type: 'media.closed', name });
      actor.send({ type: 'invite', invite });
      expect(actor.getSnapshot().hasTag('inviting')).to.equal(true);
    });
  }

  it('shows the invite over an open window when smart invites are off', () => {
    const { actor, dispositions } = start(false);
    actor.send({ type: 'media.opened', name: 'WebChat' });
    actor.send({ type: 'invite', invite });
    expect(actor.getSnapshot().hasTag('inviting')).to.equal(true);
    expect(dispositions).to.deep.equal([]);
    actor.send({ type: 'accept' });
    actor.send({ type: 'configure', smartInvites: true });
    actor.send({ type: 'invite', invite });
    expect(dispositions.at(-1)).to.include({ result: 'error', code: 'mediaBusy' });
  });
});

describe('web engagement rules', () => {
  it("configure is accepted only from the plugin itself or the App: 'Forbidden: Access Denied'", () => {
    const data = { endpoint: 'https://gwe.example.com' };
    expect(configureRefusal('page', data)).to.equal('Forbidden: Access Denied');
    expect(configureRefusal('WebChat', data)).to.equal(engagementMessages.forbidden);
    expect(configureRefusal('App', data)).to.equal(null);
    expect(configureRefusal('WebEngagement', data)).to.equal(null);
  });

  it("configure needs an http or https endpoint: 'Invalid configuration'", () => {
    for (const data of [
      undefined,
      {},
      { endpoint: '' },
      { endpoint: '/api/gwe' },
      { endpoint: 'ftp://gwe.example.com' },
      { endpoint: 'javascript:alert(1)' },
      { endpoint: 42 },
    ]) {
      expect(configureRefusal('App', data), JSON.stringify(data)).to.equal('Invalid configuration');
    }
    expect(configureRefusal('App', { endpoint: 'http://localhost:8080/api/gwe' })).to.equal(null);
  });

  it('push needs a non-empty array', () => {
    const message = 'Attempted to push invalid data. Expected an array of values.';
    for (const data of [undefined, null, [], 'event', { 0: 'event' }]) expect(pushRefusal(data), JSON.stringify(data)).to.equal(message);
    expect(pushRefusal(['event', 'Clicked', {}])).to.equal(null);
  });

  it('a disposition carries the invite ids, media chat by default and the code given', () => {
    expect(dispositionOf({ actionID: 'a', engagementID: 'e', media: 'chat' }, 'cancel')).to.deep.equal({
      actionID: 'a',
      engagementID: 'e',
      media: 'chat',
      result: 'cancel',
    });
    expect(dispositionOf(null, 'error', 'mediaBusy')).to.deep.equal({ actionID: '', engagementID: '', media: 'chat', result: 'error', code: 'mediaBusy' });
  });

  it('tracks the default events of the contact widgets, and configured names or Plugin.*', () => {
    for (const name of [
      'WebChat.opened',
      'SendMessage.submitted',
      'Callback.completed',
      'CallUs.opened',
      'ChannelSelector.opened',
      'Cobrowse.started',
      'KnowledgeCenterService.searched',
      'Search.searched',
      'ChatDeflection.started',
    ])
      expect(isTracked(name), name).to.equal(true);
    expect(isTracked('WebChatService.messageReceived')).to.equal(false);
    expect(isTracked('Sidebar.opened')).to.equal(false);
    expect(isTracked('Sidebar.opened', ['Sidebar.opened'])).to.equal(true);
    expect(isTracked('Toaster.opened', ['Toaster.*'])).to.equal(true);
    expect(isTracked('ToasterX.opened', ['Toaster.*'])).to.equal(false);
  });
});
