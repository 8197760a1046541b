/**
 * Who is who in a chat, said once for the session machine, the outbox, the window, chat deflection and
 * the chat's statistics: the visitor (the spec's 'Client'), the agents, and the contact centre's side.
 */
import type { ParticipantType, TranscriptMessage } from '../services/chat/types.ts';

type Line = Pick<TranscriptMessage, 'type'> & { from: { type: ParticipantType } };

/** The visitor, whose own lines the window draws on its side. */
export const isVisitor = (type: ParticipantType): boolean => type === 'Client';

/** A person who serves the visitor: an agent or a supervisor (the agents list, "an agent is connected"). */
export const isAgent = (type: ParticipantType): boolean => type === 'Agent' || type === 'Supervisor';

/** The contact centre's side of the conversation: the agents and its bots (the statistics' agent messages). */
export const isContactCentre = (type: ParticipantType): boolean => isAgent(type) || type === 'Bot';

/** A message the visitor wrote. */
export const isVisitorMessage = (message: Line): boolean => message.type === 'Message' && isVisitor(message.from.type);

/** An agent or supervisor joined the chat. */
export const isAgentJoined = (message: Line): boolean => message.type === 'ParticipantJoined' && isAgent(message.from.type);
