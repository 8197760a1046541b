/**
 * The WebChat plugin's public vocabulary (the chat window), type-only: its bus commands and events and
 * the controller it provides to `<la-chat>`. `src/index.ts` re-exports this module so the published
 * types declare them (see src/bus/types.ts). Commands and events: web-chat.md §4 "Window", §7.
 */
import type { TranscriptMessage } from '../../services/chat/types.ts';
import type { KnowledgeBubble } from '../../../machines/chat-knowledge.ts';
import type { WebChatController, WebChatOptions } from './webchat.ts';
import type { AgentsChange } from '../webchat-service/webchat-service.api.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /**
     * Opens the window: the start form, or the running chat. `form` prefills the start form; with
     * `autoSubmit` the chat starts with those values without the visitor submitting (the form shows only
     * where one is missing or refused). `userData` goes with the chat's start, over the configured user data.
     * `restoring` is set when a restored chat brings its window back, so a `before` hook can tell.
     */
    'WebChat.open': {
      options: {
        /** Values by input name (a checkbox: true or false); the start fields, or any input of the form. */
        form?: Partial<Record<string, string | boolean>> & { autoSubmit?: boolean };
        /** A form of this open's own, as `webchat.form` is written (`{ inputs: [...] }`). */
        formJSON?: { inputs?: unknown[]; fields?: unknown[] };
        userData?: Record<string, string>;
        restoring?: boolean;
      } | void;
      result: void;
    };
    /** Closes the window; with typed form content or a running chat the visitor is asked (the command is refused) unless `confirmed`. */
    'WebChat.close': { options: { confirmed?: boolean } | void; result: void };
    /** Minimises or restores the window (a toggle). */
    'WebChat.minimize': { options: void; result: void };
    'WebChat.configure': { options: WebChatOptions; result: void };
    /** Asks the visitor to end the chat (the window's end-chat confirmation), or ends it when the window is closed. */
    'WebChat.endChat': { options: void; result: void };
    /** Shows the proactive invite now ('Need help?'). */
    'WebChat.invite': { options: void; result: void };
    /** Shows the restore-timeout invite ('Chat ended'), only with `autoInvite.inviteOnRestoreTimeout`. */
    'WebChat.reInvite': { options: void; result: void };
    /** Adds a message to the transcript on this page only (never sent): type 'text' or 'html' (sanitised). */
    'WebChat.injectMessage': { options: { type: 'text' | 'html'; text: string; name?: string }; result: void };
    'WebChat.showOverlay': { options: { text?: string } | void; result: void };
    'WebChat.hideOverlay': { options: void; result: void };
    'WebChat.showChatButton': { options: void; result: void };
    'WebChat.hideChatButton': { options: void; result: void };
    /** Chat deflection's knowledge line, on this page only (never sent); `summary` is its plain words. Only ChatDeflection may run it. */
    'WebChat.addKnowledge': { options: { knowledge: KnowledgeBubble; summary: string }; result: void };
  }
  interface Events {
    'WebChat.opened': void;
    'WebChat.closed': void;
    'WebChat.minimized': void;
    'WebChat.unminimized': void;
    'WebChat.cancelled': void;
    'WebChat.completed': void;
    'WebChat.messageAdded': { message: TranscriptMessage };
    'WebChat.submitted': void;
    'WebChat.started': void;
    'WebChat.chatButtonDisplayed': void;
    'WebChat.ready': void;
    /** An agent joined the chat (web-chat.md §7): the service's `agentConnected` data; the call-us co-browse footer waits for it. */
    'WebChat.agentConnected': AgentsChange;
    /** An agent left the chat: the service's `agentDisconnected` data. */
    'WebChat.agentDisconnected': AgentsChange;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    WebChat: WebChatController;
  }
}
