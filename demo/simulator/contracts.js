// @ts-check
/**
 * Wire contracts of the simulated contact-centre services (specs: contact-widgets.md §3/§7/§8,
 * web-chat.md §3/§7/§8). The library's msw tests import these typedefs and constants so the mocks and
 * the simulator cannot drift apart:
 *
 *   import type { GroupEwtResponse } from '../../demo/simulator/contracts.js';   // in TypeScript
 *   import { PATHS, CALLBACK_ERRORS } from '../../demo/simulator/contracts.js';
 *
 * Everything here is data; no behaviour.
 */

/* ------------------------------------------------------------------ paths */

/** URL paths served by the simulator (all same-origin with the demo pages). */
export const PATHS = Object.freeze({
  /** GET ?name=&aqt=, header apikey */
  statsV1: '/api/stats/v1',
  /** GET /{mode}?vq=a,b, header apikey */
  statsV2: '/api/stats/v2',
  /** GET ?virtual-queues=a,b&mode=, header x-api-key */
  statsV3: '/api/stats/v3',
  /** GET ?name=PPK_Chat (the deployment's group-EWT request; no api key) */
  groupEwt: '/api/ewt/group',
  /** v1: POST {dataURL} form-encoded (apikey); GET {dataURL}/availability */
  callbackV1: '/api/callback/v1',
  /** v3: POST {dataURL}/create JSON (x-api-key); GET {dataURL}/availability/{serviceName} */
  callbackV3: '/api/callback/v3',
  /** POST form-encoded or multipart; GET {sendMessage}/limits */
  sendMessage: '/api/sendmessage',
  /** legacy chat REST: POST {chat}/{service} starts; POST {chat}/{service}/{chatId}/{op} */
  chat: '/api/chat',
  /** survey cancel URL named in the survey custom notice (cross-origin POST allowed) */
  surveyCancel: '/api/survey/cancel',
  /** agent console API (JSON) */
  agent: '/api/agent',
  /** control API (JSON) */
  control: '/__control',
});

/** The Polish deployment's names (demo/assets/deployment-config.js uses the same values). */
export const DEPLOYMENT = Object.freeze({
  deploymentID: 'ppk',
  chatQueue: 'PPK_Chat',
  callbackQueue: 'PPK_Callback',
  callbackService: 'ppk-callback',
  /** chat service path with the customer chat bot in front of the agents */
  chatBotService: 'customer-chat-bot',
  /** chat service path straight to an agent */
  chatService: 'customer-chat',
  timeZone: 'Europe/Warsaw',
  helpline: '+48 22 100 20 30',
  /** helpline and chat: Monday-Friday, hour >= 8 and < 17 */
  helplineHours: { days: [1, 2, 3, 4, 5], open: '08:00', close: '17:00' },
  /** callback office hours / calendar slots: every day 09:00-17:00, 15-minute slots */
  callbackHours: { days: [1, 2, 3, 4, 5, 6, 7], open: '09:00', close: '17:00', intervalMinutes: 15 },
});

/* ------------------------------------------------------------- statistics */

/**
 * @typedef {object} StatsEntry one element of `data[]`
 * @property {string} virtualQueue
 * @property {number} [estimatedWaitTime] seconds; -1 unknown (v1 and v3)
 * @property {number} [ewt] seconds; -1 unknown (v2 and v3)
 */
/** @typedef {{ data: StatsEntry[] }} StatsResponse */
/**
 * @typedef {object} GroupEwtResponse
 * @property {number} ewt estimated wait in seconds (-1 unknown); for several names the largest
 * @property {number} time server time in whole seconds since the epoch
 * @property {Record<string, number>} [queues] per queue when several names were asked
 */

/* ---------------------------------------------------------------- callback */

/**
 * v1 create body (application/x-www-form-urlencoded). Any other field is kept as user data.
 * @typedef {object} CallbackV1Request
 * @property {string} _customer_number required; digits, optional leading +
 * @property {string} [_desired_time] ISO 8601; absent or 'now' = as soon as possible
 * @property {string} [_call_direction] default USERTERMINATED
 * @property {string} [_wait_for_agent]
 * @property {string} [_wait_for_user_confirm]
 * @property {string} [_media_type]
 * @property {string} [_callback_state]
 * @property {string} [_urs_virtual_queue]
 * @property {string} [subject]
 * @property {string} [email]
 */
/** @typedef {{ _id: string, _desired_time: string, _callback_state: 'QUEUED' | 'SCHEDULED' }} CallbackV1Response */
/**
 * v3 create body (application/json), POST {dataURL}/create
 * @typedef {object} CallbackV3Request
 * @property {string} serviceName
 * @property {string} phoneNumber
 * @property {string} [desiredTime] ISO 8601; absent = as soon as possible
 * @property {Record<string, unknown>} [userData]
 */
/**
 * @typedef {{ data: { id: string, serviceName: string, phoneNumber: string, desiredTime: string,
 *   state: 'QUEUED' | 'SCHEDULED', userData: Record<string, unknown> } }} CallbackV3Response
 */
/**
 * v1 availability answer: a map from slot start (UTC ISO) to remaining capacity (0 = full).
 * @typedef {Record<string, number>} CallbackV1Availability
 */
/**
 * @typedef {object} CallbackSlot
 * @property {string} utcTime e.g. 2025-03-03T08:00:00.000Z
 * @property {string} localTime Europe/Warsaw wall time with offset, e.g. 2025-03-03T09:00:00+01:00
 * @property {number} capacity remaining places; 0 = full or in the past
 */
/** @typedef {{ data: { serviceName: string, timeZone: string, slots: CallbackSlot[] } }} CallbackV3Availability */
/**
 * Error answer of the callback service (HTTP 400, or 429 for 7041).
 * @typedef {object} CallbackError
 * @property {number} code see CALLBACK_ERRORS
 * @property {string} message English server text (the library translates by code)
 * @property {string[]} [proposedTimes] for 7041 on a full slot: other free slots (UTC ISO)
 */

/** Callback error codes and the documented input that triggers each one. */
export const CALLBACK_ERRORS = Object.freeze({
  INVALID_PARAMETERS: 501,
  MISSING_API_KEY_V1: 503,
  MISSING_API_KEY_V3: 1103,
  INVALID_PHONE: 7030,
  NUMBER_NOT_POSSIBLE: 7036,
  NUMBER_NOT_ALLOWED: 7037,
  INVALID_SERVICE: 7040,
  TOO_MANY_REQUESTS: 7041,
  OFFICE_CLOSED: 7042,
  /** the number already has a queued callback (HTTP 400, message contains "already queued") */
  ALREADY_QUEUED: 7035,
});

/** Phone numbers (national part, after removing +48) that trigger an answer. */
export const CALLBACK_TRIGGER_NUMBERS = Object.freeze({
  600000036: 7036,
  600000037: 7037,
  600000041: 7041,
  600000409: 7035,
  /** HTTP 500 with a non-JSON body: the library's unknownError path */
  600000500: 500,
});

/* ------------------------------------------------------------ send message */

/**
 * Body: form-encoded, or multipart with `files` (repeated). userData repeated as "key=value".
 * @typedef {object} SendMessageRequest
 * @property {string} firstName
 * @property {string} lastName
 * @property {string} fromAddress
 * @property {string} subject
 * @property {string} text
 * @property {string | string[]} [userData]
 * @property {string} [toAddress] optional mailbox; validated (383) when present
 */
/** @typedef {{ interactionId: string }} SendMessageResponse */
/** @typedef {{ code: number, message: string }} CodedError */
/** HTTP 400: @typedef {{ errors: CodedError[], error: string, reason: string }} SendMessageError */
/** @typedef {{ maxFiles: number, maxTotalSize: number, allowedExtensions: string[] }} SendMessageLimits */

export const SEND_MESSAGE_ERRORS = Object.freeze({
  201: 'Total number of attachments exceeds limit: ',
  202: 'Total size of attachments exceeds limit: ',
  203: 'Unsupported file type. Please upload images, PDFs, text files and ZIPs.',
  381: 'Invalid email - From address.',
  383: 'Invalid email - To address.',
  102: 'First Name required',
  103: 'Last Name required',
  104: 'Subject required',
  181: 'Email address required',
  182: 'Message text content required',
});

/* -------------------------------------------------------- legacy chat REST */

/** @typedef {'Client' | 'Agent' | 'Supervisor' | 'Bot' | 'External'} ParticipantType */
/**
 * @typedef {'ParticipantJoined' | 'ParticipantLeft' | 'Message' | 'Notice' | 'CustomNotice' | 'PushUrl'
 *   | 'TypingStarted' | 'TypingStopped' | 'FileUploaded' | 'IdleAlert' | 'IdleClose' | 'Structured'} TranscriptType
 */
/**
 * @typedef {object} TranscriptMessage
 * @property {number} index strictly increasing from 1 within a chat
 * @property {TranscriptType} type
 * @property {string} text
 * @property {number} timestamp epoch milliseconds (server clock)
 * @property {{ id: string, type: ParticipantType, name: string }} from
 * @property {Record<string, string>} [userData] FileUploaded: file-name, file-size, file-id;
 *   IdleAlert: next-idle-timer-type ('alert' | 'close'), next-idle-timer-secs
 * @property {string} [contentType] Structured: the rich-media layout (quick-replies, generic, list-vertical, attachments)
 * @property {unknown[]} [content] Structured: the layout's items
 * @property {string} [id] Structured: the structured message's id
 */
/**
 * Start: POST /api/chat/{service} (form-encoded). userData either a JSON string or userData[key] fields.
 * @typedef {object} ChatStartRequest
 * @property {string} [nickname]
 * @property {string} [firstName]
 * @property {string} [lastName]
 * @property {string} [emailAddress]
 * @property {string} [subject]
 * @property {string} [text] first message
 * @property {string} [userData]
 * @property {string} [endpoint]
 */
/**
 * Every chat answer. statusCode 0 = ok, 1 = temporary server failure (chat unavailable, retry),
 * 2 = request rejected: see errors.
 * @typedef {object} ChatResponse
 * @property {0 | 1 | 2} statusCode
 * @property {CodedError[]} [errors]
 * @property {string} [chatId]
 * @property {string} [secureKey]
 * @property {string} [alias]
 * @property {string} [userId]
 * @property {boolean} [chatEnded]
 * @property {TranscriptMessage[]} [messages]
 * @property {number} [nextPosition] transcriptPosition to ask for next
 * @property {number} [idleTimerExpire] epoch ms of the next idle alert or close, when armed
 * @property {Record<string, string>} [userData] file limits: upload-file-types (colon separated),
 *   upload-need-agent ('true'|'false'), upload-max-file-size, upload-max-files, upload-max-total-size
 */

/** Chat error codes returned in `errors[]` (web-chat.md §5/§8, plus simulator-specific ones marked). */
export const CHAT_ERRORS = Object.freeze({
  FIRST_NAME_REQUIRED: 102,
  LAST_NAME_REQUIRED: 103,
  NAME_REQUIRED: 161,
  TOO_MANY_FILES: 201,
  FILE_TOO_LARGE: 202,
  INVALID_FILE_TYPE: 203,
  MESSAGE_TOO_LONG: 204,
  CHAT_UNAVAILABLE: 240,
  INVALID_EMAIL: 364,
  /** simulator-specific: malformed request field (bad userData JSON, empty message …) */
  INVALID_REQUEST: 400,
  /** simulator-specific: wrong alias / userId / secureKey */
  INVALID_KEY: 403,
  /** simulator-specific: unknown, ended-and-evicted or expired chat */
  SESSION_NOT_FOUND: 404,
  /** simulator-specific: upload-need-agent and no agent connected */
  NO_AGENT_FOR_UPLOAD: 205,
});

/** Survey custom notice text (JSON) sent from the External participant. */
/** @typedef {{ Survey_URL: string, Cancel_URL: string }} SurveyNotice */

/* ------------------------------------------------------------ agent console */

/**
 * @typedef {object} AgentChatSummary
 * @property {string} chatId
 * @property {'bot' | 'waiting' | 'scripted' | 'human' | 'ended'} state
 * @property {string} visitorName
 * @property {string} subject
 * @property {number} createdAt
 * @property {string | null} agentName
 * @property {boolean} visitorTyping
 * @property {string} lastMessage
 */

/* -------------------------------------------------------------- control API */

/**
 * Fault injection per endpoint key (see ENDPOINT_KEYS), optionally for one chat (demo/simulator/faults.js).
 * A key also matches its sub-keys: 'chat' covers 'chat.refresh'; '*' covers everything but the control API.
 * Rates are 0..1, drawn independently per request (or push); kinds that do not apply to an endpoint are ignored.
 * @typedef {object} FaultSpec
 * @property {number} [latencyMs] added before answering (real time)
 * @property {number} [jitterMs] up to this much more latency, at random
 * @property {number} [dropRequestRate] the request is dropped before the server acts (a network error);
 *   `dropRate` in a control request is its alias
 * @property {number} [dropResponseRate] the server acts (a message is stored), then the connection is dropped
 * @property {number} [duplicateRate] one transcript message of an answer or push is delivered twice (same index)
 * @property {number} [reorderRate] the messages of one answer or push are shuffled
 * @property {number} [failureRate] a failure answer (5xx; chat: statusCode 1) without acting
 * @property {number} [disconnectRate] push transports: the client's session / connection is dropped
 * @property {number} [chaos] one fault of a kind that applies to the endpoint, each kind an equal share
 * @property {number} [status] HTTP status of a failure answer (default 503; chat answers statusCode 1)
 * @property {string} [chatId] only this chat's requests (else every chat's)
 */

export const ENDPOINT_KEYS = Object.freeze([
  'stats.v1',
  'stats.v2',
  'stats.v3',
  'ewt.group',
  'callback.create',
  'callback.availability',
  'sendmessage',
  'sendmessage.limits',
  'chat.start',
  'chat.refresh',
  'chat.send',
  'chat.startTyping',
  'chat.stopTyping',
  'chat.disconnect',
  'chat.customNotice',
  'chat.updateData',
  'chat.requestNotifications',
  'chat.file',
  'chat.fileLimits',
  'chat.fileDownload',
  'survey.cancel',
  'agent',
  'ngrest.start',
  'ngrest.poll',
  'ngrest.send',
  'ngrest.images',
  'ngrest.userdata',
  'ngrest.end',
  'cometd.publish.requestChat',
  'cometd.publish.sendMessage',
  'cometd.publish.startTyping',
  'cometd.publish.stopTyping',
  'cometd.publish.disconnect',
  'cometd.publish.requestNotifications',
  'cometd.publish.customNotice',
  'cometd.publish.updateData',
  'cometd.push',
  'cloud.create',
  'cloud.members',
  'cloud.messages',
  'cloud.send',
  'cloud.typing',
  'cloud.end',
  'cloud.stream',
]);
