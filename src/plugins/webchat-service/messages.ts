import { ChatFailure } from '../../services/chat/types.ts';
import type { ChatErrorEvent } from './webchat-service.api.ts';

/** The chat service's rejections, word for word from web-chat.md §8 where it gives them. */
export const webChatServiceMessages = {
  active: 'There is already an active chat session',
  noSession: 'There is no active chat session',
  noText: 'No message text provided',
  tooLong: (max: number) => `Message length exceeds configured threshold of (${max}) characters`,
  invalidConfiguration: 'Invalid configuration',
  malformedUserData: 'malformed JSON provided in userData property',
  noFormData: 'No HTMl5 formData support on your browser',
  restoring: 'Already restoring...',
  restoreEnded: 'The chat could not be restored: it has ended',
  noMoreMessages: 'No more messages to fetch',
  historyAsyncOnly: 'Fetching messages history applies to only Asynchronous chat.',
  privateCommand: (command: string) => `Access Denied to private command: ${command}. Only WebChatService may run it.`,
  invalidFilters: 'Missing or invalid filters provided. A filter is a RegExp or an array of them.',
  invalidPreviewInput: 'Invalid typing preview input: it must be a text input or a textarea element.',
  invalidPreProcessor: 'Invalid preprocessor: it must be a function that takes and returns the message text.',
  noFiles: 'No files provided',
  uploadsOff: 'File upload is disabled: set webchat.uploadsEnabled to true',
  noFileId: 'No file id provided',
  notFailed: 'No failed message with this id: only a message that was not sent can be edited',
  noDraftText: 'No draft text provided',
} as const;

/** Page size of `fetchHistory` (web-chat.md §9 "async page size 20"). */
export const HISTORY_PAGE = 20;

/** Any error as the chat's failure (a network error when it is not one already). */
export const failureOf = (error: unknown): ChatFailure =>
  error instanceof ChatFailure ? error : new ChatFailure('network', error instanceof Error ? error.message : String(error));

/** The bus's form of a failure. */
export const errorEvent = (failure: ChatFailure, during: string): ChatErrorEvent => ({
  message: failure.message,
  kind: failure.kind,
  errors: failure.errors.map(({ code, message, key, name, max }) => ({ code, message, ...(key && { key }), ...(name && { name }), ...(max && { max }) })),
  during,
});
