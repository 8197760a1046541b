/**
 * The ChatDeflection plugin's public vocabulary, type-only: its bus commands and events, the knowledge
 * bubble it adds to the chat transcript and the controller it provides to `<la-chat>`.
 * `src/index.ts` re-exports this module so the published types declare them (see src/bus/types.ts).
 * Behaviour: docs/chat-deflection.md.
 */
import type { ChatDeflectionController, ChatDeflectionState } from './chat-deflection.ts';
import type { ChatDeflectionSection } from './chat-deflection-config.ts';
import type { DeflectionEndReason } from '../../../machines/chat-deflection.machine.ts';

export type { KnowledgeBubble, KnowledgeLink, KnowledgeMessage } from '../../../machines/chat-knowledge.ts';
/** What `getState` answers: the plugin's own type. */
export type { ChatDeflectionState } from './chat-deflection.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /** Merges options into the `chatdeflection` section ('Invalid configuration: <path> <message>' for a bad one). */
    'ChatDeflection.configure': { options: Partial<ChatDeflectionSection>; result: void };
    'ChatDeflection.getState': { options: void; result: ChatDeflectionState };
    /** Opens a knowledge article in the chat window's overlay ('All mandatory arguments must be provided' without kbId and docId). */
    'ChatDeflection.openArticle': { options: { kbId: string; docId: string }; result: void };
    /** Closes the article overlay ('The article is not open'). */
    'ChatDeflection.closeArticle': { options: void; result: void };
  }
  interface Events {
    /** Deflection started with the chat: the welcome notice was sent and the welcome bubble shown. */
    'ChatDeflection.started': void;
    /** A visitor's message was searched; `count` 0: nothing was suggested. */
    'ChatDeflection.searched': { query: string; count: number; searchId?: string };
    /** Deflection ended: an agent connected, the chat ended, or it was switched off. */
    'ChatDeflection.ended': { reason: DeflectionEndReason };
    'ChatDeflection.articleOpened': { kbId: string; docId: string; title: string };
    'ChatDeflection.articleClosed': void;
    /** 'Was this helpful?' was recorded. */
    'ChatDeflection.voted': { kbId: string; docId: string; relevant: boolean };
    /** A search, an article or a chat command failed (the visitor's chat goes on). */
    'ChatDeflection.error': { during: 'search' | 'article' | 'notice' | 'userData'; message: string };
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    ChatDeflection: ChatDeflectionController;
  }
}
