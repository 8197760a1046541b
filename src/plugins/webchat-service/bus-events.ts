import { emptyMetadata } from '../../services/chat/session-store.ts';
import type { ChatService } from './core.ts';
import { errorEvent, failureOf, webChatServiceMessages } from './messages.ts';
import { isContactCentre } from '../../app/participants.ts';

/** Publishes the session machine's emitted events as the WebChatService.* bus events, keeping the chat's stored state and metrics. */
export function publishEvents(svc: ChatService): void {
  // The machine's emitted events are the bus events (machines/README.md §2).
  svc.actor.on('*', (event) => {
    switch (event.type) {
      case 'started': {
        svc.persistSession(event.session);
        svc.tabs.post({ t: 'chat', event: 'started', chatId: String(event.session.chatId) });
        svc.saveMetadata({ ...emptyMetadata(), form: svc.metadata.form, proactive: svc.metadata.proactive, opened: svc.metadata.opened, started: Date.now() });
        svc.plugin.publish('started', svc.info());
        break;
      }
      case 'restored':
        svc.restoring = false;
        svc.persistSession(svc.actor.getSnapshot().context.session ?? svc.stored!.session);
        svc.plugin.publish('restored', svc.info());
        break;
      case 'restoredOffline':
        svc.restoring = false;
        svc.plugin.publish('restoredOffline', undefined);
        break;
      case 'restoreTimeout':
        svc.restoring = false;
        svc.forget();
        svc.plugin.publish('restoreTimeout', undefined);
        break;
      case 'restoreFailed': {
        svc.restoring = false;
        svc.forget();
        const why = event.failure
          ? { reason: 'error' as const, message: event.failure.message }
          : { reason: 'ended' as const, message: webChatServiceMessages.restoreEnded };
        svc.plugin.publish('restoreFailed', svc.handover ? { ...why, handover: true as const } : why);
        break;
      }
      case 'messageReceived': {
        let agent = 0;
        let system = 0;
        if (event.history) {
          svc.plugin.publish('messageReceived', { messages: event.messages, restoring: false, history: true });
          break;
        }
        for (const message of event.messages) {
          if (message.type === 'Message' || message.type === 'PushUrl') {
            if (isContactCentre(message.from.type)) agent++;
            else if (message.from.type === 'External') system++;
          } else if (message.type === 'Notice' || message.type === 'CustomNotice') system++;
        }
        if (!event.restoring && (agent || system))
          svc.saveMetadata({ agentMessages: svc.metadata.agentMessages + agent, systemMessages: svc.metadata.systemMessages + system });
        svc.persistPing();
        svc.plugin.publish('messageReceived', {
          messages: event.messages,
          restoring: Boolean(event.restoring),
          ...(event.idle
            ? { idle: { alerts: event.idle.alerts, ...(event.idle.countdownMs !== undefined ? { countdownMs: event.idle.countdownMs } : {}) } }
            : {}),
        });
        break;
      }
      case 'agentConnected': {
        const agents = Object.values(event.agents);
        const first = !svc.metadata.agentReached && agents.some((a) => a.connected);
        svc.saveMetadata({
          numAgents: agents.length,
          agentReached: svc.metadata.agentReached || agents.some((a) => a.connected),
          supervisorReached: svc.metadata.supervisorReached || agents.some((a) => a.connected && a.supervisor),
          waitingForAgent: first && svc.metadata.started ? Date.now() - svc.metadata.started : svc.metadata.waitingForAgent,
        });
        svc.plugin.publish('agentConnected', { agents: event.agents, numAgentsConnected: event.numAgentsConnected, message: event.message });
        break;
      }
      case 'agentDisconnected':
        svc.plugin.publish('agentDisconnected', { numAgentsConnected: event.numAgentsConnected, agents: event.agents, message: event.message });
        break;
      case 'ended':
        if (svc.stored) svc.tabs.post({ t: 'chat', event: 'ended', chatId: String(svc.stored.session.chatId) });
        svc.forget();
        svc.saveMetadata({ elapsed: svc.metadata.started ? Date.now() - svc.metadata.started : 0 });
        svc.plugin.publish('ended', { endedBy: event.endedBy, ...(event.unexpected ? { unexpected: true as const } : {}) });
        break;
      case 'error':
        svc.saveMetadata({ errors: svc.metadata.errors + 1 });
        svc.plugin.publish('error', errorEvent(failureOf(event.failure), svc.starting ? 'startChat' : 'poll'));
        break;
      case 'agentTypingStarted':
        svc.plugin.publish('agentTypingStarted', event.agent ? { agent: event.agent } : {});
        break;
      case 'agentTypingStopped':
      case 'agentTypingTimeout':
      case 'chatServerWentOffline':
      case 'chatServerBackOnline':
      case 'disconnected':
      case 'reconnected':
        svc.plugin.publish(event.type, undefined);
        break;
      default:
        break;
    }
  });
}
