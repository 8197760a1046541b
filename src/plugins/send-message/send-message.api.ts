/**
 * The SendMessage and SendMessageService plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { SendFailure, SendMessageField } from '../../../machines/send-message.machine.ts';
import type { SendMessageFormData, SendMessageLimits, SendMessageServiceConfig } from '../../services/send-message.ts';
import type { SendMessageController, SendMessageSettings } from './send-message.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'SendMessage.open': { options: { form?: Partial<Record<SendMessageField, string>>; userData?: Record<string, string> } | void; result: void };
    'SendMessage.close': { options: { confirmed?: boolean } | void; result: void };
    'SendMessage.minimize': { options: void; result: void };
    'SendMessage.unminimize': { options: void; result: void };
    'SendMessage.configure': { options: Partial<SendMessageSettings>; result: void };
    'SendMessage.redirect': { options: { url?: string } | void; result: { url: string } };
    'SendMessage.showButton': { options: void; result: void };
    'SendMessage.hideButton': { options: void; result: void };
    'SendMessageService.sendForm': { options: { formData: SendMessageFormData; idempotencyKey?: string }; result: { interactionId: string } };
    'SendMessageService.getLimits': { options: { url: string }; result: SendMessageLimits | undefined };
    'SendMessageService.configure': { options: Partial<Omit<SendMessageServiceConfig, 'fetch' | 'lang'>>; result: void };
  }
  interface Events {
    'SendMessage.opened': void;
    'SendMessage.started': void;
    'SendMessage.submitted': void;
    'SendMessage.completed': { interactionId: string };
    'SendMessage.failed': SendFailure;
    'SendMessage.cancelled': void;
    'SendMessage.minimized': void;
    'SendMessage.unminimized': void;
    'SendMessage.closed': void;
    'SendMessage.redirected': { url: string };
    'SendMessage.buttonDisplayed': void;
    'SendMessage.buttonHidden': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    SendMessage: SendMessageController;
  }
}
