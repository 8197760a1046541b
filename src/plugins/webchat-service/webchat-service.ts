import type { App } from '../../app/app.ts';
import { transportTypeOf } from '../shared/webchat-config.ts';
import { transportProblem } from './settings.ts';
import { publishEvents } from './bus-events.ts';
import { registerSessionCommands } from './commands.ts';
import { createChatService, type TransportModules } from './core.ts';
import { registerMessageCommands } from './message-commands.ts';
import { wireOutbox } from './outbox-wiring.ts';
import { restore } from './restore.ts';
import { sessionView } from './session-view.ts';
import { relayTabs } from './tab-relay.ts';
import { registerUploads } from './uploads.ts';

/** The transport modules, each its own chunk, loaded when a chat needs it (the build's preload graph reads this table). */
const TRANSPORTS: TransportModules = {
  rest: () => import('../../services/chat/transports/legacy-rest.ts'),
  // The official CometD client comes with it: a REST-only page never loads it.
  cometd: () => import('../../services/chat/transports/cometd.ts'),
  ngrest: () => import('../../services/chat/transports/ngrest.ts'),
  // REST + a WebSocket event stream (docs/cloud.md).
  cloud: () => import('../../services/chat/transports/cloud/index.ts'),
  // Genesys Cloud Messenger's guest API: one WebSocket and the JWT history (docs/webmessaging.md).
  webmessaging: () => import('../../services/chat/transports/webmessaging.ts'),
};

/**
 * The WebChatService plugin (web-chat.md §4 "Chat service lifecycle", §7 "Internal bus", §8): the chat
 * session machine with the configured transport, restore after a reload from its cookies (or the page's
 * functions in asynchronous mode), and the spec's commands and events. Each part is a module of this
 * folder sharing one `ChatService` (core.ts); the order below is the order they hook the machine.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('WebChatService');
  const svc = createChatService(app, plugin, TRANSPORTS);
  publishEvents(svc);
  svc.actor.start();

  const outgoing = wireOutbox(svc);
  const configureMachine = () => {
    if (!transportProblem(svc.settings) && svc.actor.getSnapshot().can({ type: 'configure' }))
      svc.actor.send({ type: 'configure', stream: svc.streamMode(transportTypeOf(svc.settings)) });
  };
  configureMachine();

  registerSessionCommands(svc, configureMachine);
  registerMessageCommands(svc, outgoing);
  registerUploads(svc);
  relayTabs(svc, outgoing);

  app.provide('WebChatService', { session: sessionView(svc.actor), tabs: svc.tabs });
  plugin.ready();

  // A chat saved by an earlier page comes back by itself (async chats through the page's functions).
  if (svc.store.load()) {
    restore(svc).catch(() => undefined);
  }
}
