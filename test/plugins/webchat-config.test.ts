import { expect } from '@esm-bundle/chai';
import { readWebChatInvite } from '../../src/plugins/webchat/webchat-window-config.ts';

describe('webchat auto-invite and chat-button settings', () => {
  it('the Polish deployment: invite after 10 s, timeout 30 s, chat button hidden during the invite', async () => {
    // @ts-expect-error a classic script without types: it sets window.liveAssistConfig
    await import('../../demo/assets/deployment-config.js');
    const { webchat } = window.liveAssistConfig as { webchat: Record<string, unknown> };
    const logged: string[] = [];
    const settings = readWebChatInvite(webchat, (m) => logged.push(m));
    expect(logged).to.deep.equal([]);
    expect(settings.autoInvite).to.deep.equal({ enabled: true, timeToInviteSeconds: 10, inviteTimeoutSeconds: 30, inviteOnRestoreTimeout: false });
    expect(settings.chatButton).to.deep.include({ enabled: true, hideDuringInvite: true, openDelay: 1000, effect: 'fade', effectDuration: 300 });
    expect(settings.delays).to.deep.equal({ invite: 10_000, inviteTimeout: 30_000, chatButtonOpen: 1000, chatButtonEffect: 300 });
  });

  it('defaults from the spec when absent: invite off, idle 5 s, cancel timer 30 s, button shown after 1000 ms with a 300 ms fade', () => {
    const settings = readWebChatInvite({}, () => undefined);
    expect(settings.autoInvite).to.deep.equal({ enabled: false, timeToInviteSeconds: 5, inviteTimeoutSeconds: 30, inviteOnRestoreTimeout: false });
    expect(settings.chatButton).to.deep.equal({
      enabled: true,
      hideDuringInvite: false,
      openDelay: 1000,
      effect: 'fade',
      effectDuration: 300,
      template: undefined,
    });
  });

  it('takes proactive (enabled, idleTimer, cancelTimer) as the older spelling of autoInvite', () => {
    const logged: string[] = [];
    const settings = readWebChatInvite({ proactive: { enabled: true, idleTimer: 12, cancelTimer: 40 } }, (m) => logged.push(m));
    expect(logged).to.deep.equal([]);
    expect(settings.autoInvite).to.deep.equal({ enabled: true, timeToInviteSeconds: 12, inviteTimeoutSeconds: 40, inviteOnRestoreTimeout: false });
    expect(settings.delays).to.deep.include({ invite: 12_000, inviteTimeout: 40_000 });
  });

  it('autoInvite wins over proactive option by option; a bad proactive option is reported by its own path', () => {
    const logged: string[] = [];
    const settings = readWebChatInvite(
      { autoInvite: { enabled: false, timeToInviteSeconds: 8 }, proactive: { enabled: true, idleTimer: 12, cancelTimer: 0 } },
      (m) => logged.push(m),
    );
    // enabled and the idle time from autoInvite; the cancel timer bad in proactive: autoInvite's default.
    expect(settings.autoInvite).to.deep.include({ enabled: false, timeToInviteSeconds: 8, inviteTimeoutSeconds: 30 });
    expect(logged).to.deep.equal(['[live-assist] webchat.proactive.cancelTimer: must be at least 1 second']);
    // A proactive option autoInvite does not give is taken.
    expect(readWebChatInvite({ autoInvite: { enabled: true }, proactive: { cancelTimer: 45 } }, () => undefined).autoInvite).to.deep.include({
      enabled: true,
      inviteTimeoutSeconds: 45,
    });
  });

  it('a chat button template is kept as given (the view sanitises it); a non-string is refused', () => {
    const logged: string[] = [];
    expect(readWebChatInvite({ chatButton: { template: '<b>Chat</b>' } }, () => undefined).chatButton.template).to.equal('<b>Chat</b>');
    expect(readWebChatInvite({ chatButton: { template: 42 } }, (m) => logged.push(m)).chatButton.template).to.equal(undefined);
    expect(logged).to.deep.equal(['[live-assist] webchat.chatButton.template: must be a string']);
  });

  it('reports each bad option with its path and keeps its default, the others kept', () => {
    const logged: string[] = [];
    const settings = readWebChatInvite(
      {
        autoInvite: { enabled: 'yes', timeToInviteSeconds: 0, inviteTimeoutSeconds: 45 },
        chatButton: { effect: 'spin', openDelay: -1, hideDuringInvite: true },
      },
      (m) => logged.push(m),
    );
    expect(settings.autoInvite).to.deep.include({ enabled: false, timeToInviteSeconds: 5, inviteTimeoutSeconds: 45 });
    expect(settings.chatButton).to.deep.include({ effect: 'fade', openDelay: 1000, hideDuringInvite: true });
    expect(logged).to.deep.equal([
      '[live-assist] webchat.autoInvite.enabled: must be true or false',
      '[live-assist] webchat.autoInvite.timeToInviteSeconds: must be at least 1 second',
      '[live-assist] webchat.chatButton.openDelay: must not be negative',
      "[live-assist] webchat.chatButton.effect: must be 'fade' or 'slide'",
    ]);
  });
});
