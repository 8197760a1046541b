import { readSection } from '../../app/section.ts';
import { isRecord } from '../../app/records.ts';
import { anonymousUserId, automaticUserData } from '../../services/chat/user-data.ts';
import { webChatServiceSchema } from '../shared/webchat-config.ts';
import { readServiceSettings, transportProblem } from './settings.ts';
import type { ChatService } from './core.ts';
import { webChatServiceMessages } from './messages.ts';
import { outcome, restore } from './restore.ts';
import { startRequest } from './start-request.ts';
import type { ChatSessionInfo, StartChatOptions } from './webchat-service.api.ts';

/**
 * The session's commands (web-chat.md §7, §8): configure, start and end, restore, polling and auto-load,
 * and the reads (transcript, agents, stats, session). `configureMachine` tells the machine the transport.
 */
export function registerSessionCommands(svc: ChatService, configureMachine: () => void): void {
  const { app, actor, plugin } = svc;
  /** Runs only for the service itself, or for anyone in asynchronous mode (web-chat.md §6). */
  const privateCommand = (name: string, commander: string) => {
    if (commander !== 'WebChatService' && !svc.isAsync()) throw new Error(webChatServiceMessages.privateCommand(`WebChatService.${name}`));
  };

  plugin.registerCommand('configure', (options) => {
    if (!isRecord(options) || !Object.keys(options).length) throw new Error(webChatServiceMessages.invalidConfiguration);
    const next = { ...app.section('webchat'), ...options };
    const [issue] = readSection('webchat', next, webChatServiceSchema(), () => undefined).issues;
    if (issue) throw new Error(`${webChatServiceMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    if (svc.active()) throw new Error(`${webChatServiceMessages.invalidConfiguration}: not while a chat is active`);
    svc.settings = readServiceSettings(next);
    svc.store = svc.storeFor(svc.settings);
    // A CometD client of the old settings leaves its server.
    svc.transport?.close?.();
    svc.transport = undefined;
    configureMachine();
  });

  /**
   * The start under way. A second startChat before it settles (a double click, a page's button and the
   * window's form) gets the same answer, success or failure: one chat, never a second conversation.
   */
  let starting: Promise<ChatSessionInfo> | undefined;
  plugin.registerCommand('startChat', (options) => {
    if (starting) return starting;
    starting = start(options).finally(() => (starting = undefined));
    return starting;
  });
  const start = async (options: StartChatOptions | void): Promise<ChatSessionInfo> => {
    if (svc.active() || svc.restoring) throw new Error(webChatServiceMessages.active);
    const problem = transportProblem(svc.settings);
    if (problem) throw new Error(problem);
    const base = {
      ...automaticUserData(app.window, { mobile: app.environment.value.mobile, lang: app.t.lang, bot: svc.settings.transport.bot, async: svc.isAsync() }),
      visitorId: anonymousUserId(),
      ...svc.settings.userData,
    };
    const request = startRequest(options, base, svc.settings.transport.endpoint);
    if (!actor.getSnapshot().can({ type: 'start', request })) throw new Error(webChatServiceMessages.active);
    const form: Record<string, boolean> = {
      firstname: Boolean(request.firstName),
      lastname: request.lastName !== '.',
      email: Boolean(request.emailAddress),
      subject: Boolean(request.subject),
    };
    svc.saveMetadata({ form });
    const done = outcome(svc, ['started'], ['error']);
    svc.starting = true;
    actor.send({ type: 'start', request });
    try {
      await done;
    } finally {
      svc.starting = false;
    }
    return svc.info();
  };

  plugin.registerCommand('endChat', async () => {
    svc.requireActive();
    const done = outcome(svc, ['ended'], []);
    actor.send({ type: 'end' });
    await done;
  });

  plugin.registerCommand('poll', (_, { commander }) => {
    privateCommand('poll', commander);
    svc.requireActive();
    actor.send({ type: 'poll.now' });
  });
  plugin.registerCommand('startPoll', (_, { commander }) => {
    privateCommand('startPoll', commander);
    svc.requireActive();
    actor.send({ type: 'poll.start' });
  });
  plugin.registerCommand('stopPoll', (_, { commander }) => {
    privateCommand('stopPoll', commander);
    svc.requireActive();
    actor.send({ type: 'poll.stop' });
  });
  plugin.registerCommand('restore', (_, { commander }) => {
    privateCommand('restore', commander);
    return restore(svc);
  });
  plugin.registerCommand('asyncRestore', () => {
    if (!svc.isAsync()) throw new Error('asyncRestore applies to only Asynchronous chat.');
    return restore(svc);
  });
  plugin.registerCommand('resetPollExceptions', () => {
    actor.send({ type: 'resetPollExceptions' });
  });
  plugin.registerCommand('getTranscript', () => [...actor.getSnapshot().context.transcript.messages]);
  plugin.registerCommand('getAgents', () => ({ ...actor.getSnapshot().context.agents }));
  plugin.registerCommand('getStats', () => ({
    ...svc.metadata,
    elapsed: svc.active() && svc.metadata.started ? Date.now() - svc.metadata.started : svc.metadata.elapsed,
  }));
  plugin.registerCommand('getSessionData', () => svc.info());
  plugin.registerCommand('verifySession', () => {
    if (svc.active()) return svc.info();
    const found = svc.store.load();
    return found ? { sessionActive: true, chatId: String(found.session.chatId), type: found.type, started: found.started } : { sessionActive: false };
  });
  // Auto-load: new messages keep arriving while nobody shows them (an asynchronous chat's closed
  // window): on by default; a window that is closed for long deregisters and polling pauses until it
  // registers again.
  plugin.registerCommand('registerAutoLoad', () => {
    if (svc.active()) actor.send({ type: 'poll.start' });
  });
  plugin.registerCommand('deregisterAutoLoad', () => {
    if (svc.active()) actor.send({ type: 'poll.stop' });
  });
}
