/**
 * The knowledge assistant's transcript lines (chat deflection): their shape and how to tell them from
 * the server's messages. A module of its own, without XState, because the chat window and its view
 * need it whether or not deflection (machines/chat-deflection.machine.ts, loaded only when enabled) runs.
 */
import type { TranscriptMessage } from '../src/services/chat/types.ts';

/** One question link of a knowledge bubble. */
export interface KnowledgeLink {
  kbId: string;
  docId: string;
  title: string;
  /** The answer's first words (plain text, at most 250 characters and '…'). */
  snippet: string;
}

/** What a knowledge-assistant bubble shows: the welcome, or a search's question links and suggested document. */
export interface KnowledgeBubble {
  kind: 'welcome' | 'suggestions';
  /** The visitor's message that was searched. */
  query?: string;
  searchId?: string;
  /** The suggested document: the search's top result. */
  suggested?: KnowledgeLink;
  /** The other results, as question links. */
  links: KnowledgeLink[];
}

/**
 * A transcript line of the knowledge assistant: shown on this page only (never sent to the chat
 * server), its `text` a plain summary for the live region and the line's label.
 */
export type KnowledgeMessage = TranscriptMessage & { knowledge: KnowledgeBubble };

/** The transcript sender id of the knowledge assistant's lines. */
export const KNOWLEDGE_SENDER = 'knowledge';

/** Whether a transcript line is the knowledge assistant's. */
export const isKnowledgeMessage = (message: TranscriptMessage): message is KnowledgeMessage =>
  message.from.id === KNOWLEDGE_SENDER &&
  typeof (message as Partial<KnowledgeMessage>).knowledge === 'object' &&
  (message as Partial<KnowledgeMessage>).knowledge !== null;
