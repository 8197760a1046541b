import { randomId } from '../../../../app/ids.ts';
import { ChatFailure, type ChatTransport, type StartRequest, type TransportOptions } from '../../types.ts';
import { read } from '../shared.ts';
import { CLOUD, cloudSession, type CloudTransportOptions } from './protocol.ts';
import { createCloudRest, createSchema } from './rest.ts';
import { createCloudStreams } from './stream.ts';

/**
 * The cloud chat transport (web-chat.md §3 "Cloud transport session", "Cloud conversation options", §4
 * "Cloud transport", §7 "Cloud transport", §8 "sockets codes", §9; the simulator's demo/simulator/cloud.js;
 * docs/cloud.md). REST calls to the guest conversations URL (`webchat.transport.dataURL`, e.g.
 * `https://api.example.com/api/v2/webchat/guest/conversations`) and a WebSocket event stream:
 *
 *   POST   {conversations}                                      create: the conversation options → id, jwt, eventStreamUri, member.id
 *   GET    {conversations}/{id}/members[/{memberId}]            who is who (agents, bot, the visitor)
 *   GET    {conversations}/{id}/messages?after=|before=&maxResults=   pages of up to 100: restore, history, resync
 *   POST   {conversations}/{id}/members/{memberId}/messages     send (Idempotency-Key: the client message id)
 *   POST   {conversations}/{id}/members/{memberId}/typing       the visitor types
 *   DELETE {conversations}/{id}/members/{memberId}              end (3000 ms)
 *
 * Every call after the create carries `Authorization: Bearer {jwt}`. The socket to eventStreamUri
 * delivers frames `{ topicName, eventBody, metadata: { type } }`: message, typing-indicator, member-change
 * (an agent, the bot or the visitor joining or leaving: ParticipantJoined / ParticipantLeft; the visitor's
 * own leave ends the chat), and heartbeats.
 *
 * The index: a cloud message's `sequence` (strictly increasing within a conversation: the server's
 * sequence number) is the transcript index; typing and member-change frames carry the sequence of the
 * event they stand for. Pages are asked `after` the highest index held, so after any reconnect the
 * transport reads what it missed before it hands on anything the new socket brings (one ordered queue):
 * nothing is lost and nothing is handed on twice.
 *
 * Timing (§9): a socket with no frame (heartbeat or event) for 12000 ms is dead — `disconnected` — and a
 * lost socket is opened again every 5000 ms until one opens; each open pages the missed messages, then
 * says `connected`. Failures are ChatFailures whose errors carry `cloud.<HTTP status>` as `name`; the
 * sockets codes 400, 500 ('unexpected error occurred with the service') and 503 ('service is currently
 * unavailable') also carry the language pack's key.
 *
 * The folder: protocol.ts (constants, options, session, failures), rest.ts (the REST calls, members and
 * pages), stream.ts (the socket, its frames, heartbeat, reconnect and resync), this file (the transport).
 */

export { CLOUD, CLOUD_CODES, cloudError, cloudFailure, cloudSession } from './protocol.ts';
export type { CloudError, CloudOptions, CloudSession, CloudSocket, CloudSocketFactory, CloudTimers, CloudTransportOptions } from './protocol.ts';
export { closeFailure } from './stream.ts';

/** The cloud transport, with `close` (ends every event stream). */
export type CloudTransport = ChatTransport & { close(): void };

export const createTransport = (options: TransportOptions): ChatTransport => createCloudTransport(options);

export function createCloudTransport(options: CloudTransportOptions): CloudTransport {
  const cloud = options.cloud ?? {};
  const rest = createCloudRest(options);
  const { base, members, memberURL, request, cacheOf, loadMembers, pagesAfter, send } = rest;
  const streams = createCloudStreams(options, rest);
  const unsupported = (what: string) => new ChatFailure('rejected', `${what} is not supported by the cloud transport`);

  return {
    type: 'cloud',
    capabilities: { async: false, pagination: true, fileUpload: false, stream: true },

    close() {
      streams.close();
      members.clear();
    },

    async start(req: StartRequest) {
      const target = cloud.routingTarget ?? {};
      const routingTarget: Record<string, unknown> = { targetType: target.targetType ?? CLOUD.targetType };
      // The queue: the start's endpoint (startChat's option, else transport.endpoint), else routingTarget.targetAddress.
      const address = req.endpoint || target.targetAddress;
      if (address) routingTarget.targetAddress = address;
      if (target.skills?.length) routingTarget.skills = target.skills;
      if (target.language) routingTarget.language = target.language;
      if (target.priority !== undefined) routingTarget.priority = target.priority;
      const displayName = req.nickname || req.firstName || cloud.memberInfo?.displayName || CLOUD.displayName;
      const customFields: Record<string, string> = { ...cloud.memberInfo?.customFields, ...req.userData };
      const fields = { firstName: req.firstName, lastName: req.lastName === '.' ? '' : req.lastName, email: req.emailAddress, subject: req.subject };
      for (const [key, value] of Object.entries(fields)) if (value) customFields[key] = value;
      const body: Record<string, unknown> = {
        organizationId: cloud.organizationId,
        deploymentId: cloud.deploymentId,
        routingTarget,
        memberInfo: { displayName, role: CLOUD.role, customFields },
      };
      if (cloud.journeyContext) body.journeyContext = cloud.journeyContext;
      const answer = read('create', await request('create', base, { method: 'POST', body }), createSchema);
      const session = { chatId: answer.id, conversationId: answer.id, memberId: answer.member.id, jwt: answer.jwt, webSocketUrl: answer.eventStreamUri };
      cacheOf(cloudSession(session)).set(answer.member.id, { type: 'Client', name: displayName });
      if (req.text?.trim()) {
        // The API's create has no first message: it is the first send.
        await send(session, req.text, randomId()).catch((error: unknown) => console.error('[live-assist] cloud chat: the first message was not sent', error));
      }
      return { session, messages: [] };
    },

    /** The members, then every page after `fromIndex - 1`. */
    async restore(session, fromIndex) {
      const s = cloudSession(session);
      await loadMembers(s);
      const { messages, chatEnded } = await pagesAfter(s, Math.max(0, Math.floor(fromIndex) - 1));
      return { messages, chatEnded };
    },

    async poll(session, fromIndex) {
      const { messages, chatEnded } = await pagesAfter(cloudSession(session), Math.max(0, Math.floor(fromIndex) - 1));
      return { messages, chatEnded };
    },

    subscribe: streams.subscribe,

    async send(session, text, sendOptions = {}) {
      return send(session, text, sendOptions.clientMessageId || randomId());
    },

    /** The API has a typing start only: a stop is the next message, or the agent's 3000 ms timeout. */
    async typing(session, typing) {
      if (!typing) return;
      const s = cloudSession(session);
      await request('typing', memberURL(s, '/typing'), { method: 'POST', jwt: s.jwt });
    },

    async disconnect(session) {
      const s = cloudSession(session);
      await request('end', memberURL(s), { method: 'DELETE', jwt: s.jwt, timeout: CLOUD.endTimeout });
      members.delete(s.conversationId);
    },

    customNotice: () => Promise.reject(unsupported('A custom notice')),
    updateUserData: () => Promise.reject(unsupported('Updating user data during a chat')),
    fileLimits: () => Promise.reject(unsupported('File transfer')),
    upload: () => Promise.reject(unsupported('File transfer')),
    download() {
      throw unsupported('File transfer');
    },

    history: rest.history,
  };
}
