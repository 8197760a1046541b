import { MAX_MESSAGE_LENGTH } from '../../../machines/chat-transcript.ts';
import {
  MAX_KEYS,
  MAX_TEXT,
  flag,
  link,
  listOf,
  milliseconds,
  number,
  readSection,
  someNumber,
  text,
  textOr,
  v,
  type Log,
  type SectionOf,
} from '../../app/section.ts';

/**
 * What the chat service (the WebChatService plugin) reads of the `webchat` section (web-chat.md §3, §7,
 * §9), which the chat's window reads too (asynchronous chats, the input's limit, uploads) when it opens,
 * before the service starts: the window's, the invite's and the chat button's options are in
 * src/plugins/webchat/webchat-window-config.ts, which the WebChat plugin reads when it loads (when idle, for the
 * chat button). A bad option is reported in the console and takes its default.
 */

const TRANSPORTS = ['rest', 'cometd', 'ngrest', 'cloud', 'webmessaging'] as const;
/**
 * `transport.type` as Genesys Widgets sites write it, for the same transports: read as ours, so a site's
 * section works unchanged (docs/configuration.md "Transport names").
 */
export const TRANSPORT_ALIASES = { 'pureengage-v3-rest': 'ngrest', 'purecloud-v2-sockets': 'cloud' } as const;
/** A Widgets transport we have no transport for: accepted as a name, refused when a chat would start. */
export const PURECONNECT = 'pureconnect-v4-rest';
const TYPE_NAMES = [...TRANSPORTS, ...(Object.keys(TRANSPORT_ALIASES) as Array<keyof typeof TRANSPORT_ALIASES>), PURECONNECT] as const;
type TransportName = (typeof TRANSPORTS)[number];
/** A header name (RFC 9110 token) and a value without line breaks. */
const headerName = /^[!#$%&'*+.^_`|~\w-]{1,100}$/;
/** The Bayeux service channel operations are published on: a /service/ channel, never a meta one. */
const SERVICE_CHANNEL = /^\/service\/[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/**
 * What the WebChatService plugin reads of the `webchat` section, built on first use: the module is
 * shared logic in the valibot chunk (rollup.config.mjs), which every plugin loads, so its evaluation
 * makes none of these schemas; the chat's window reads them when it opens, the service when it starts.
 */
function buildSchema() {
  const headers = () =>
    v.optional(
      v.pipe(
        v.record(
          v.string(),
          v.pipe(
            v.string('each header value must be a string'),
            v.maxLength(MAX_TEXT, `each header value must be at most ${MAX_TEXT} characters long`),
            v.regex(/^[^\r\n]*$/, 'a header value must not contain a line break'),
          ),
          'must be an object of header names and values',
        ),
        v.check((record) => Object.keys(record).length <= MAX_KEYS, `must have at most ${MAX_KEYS} headers`),
        v.check(
          (record) => Object.keys(record).every((name) => headerName.test(name)),
          "each header name must be a token (letters, digits and !#$%&'*+.^_`|~-)",
        ),
      ),
    );
  const userDataRecord = () =>
    v.optional(
      v.pipe(
        v.record(
          v.string(),
          v.pipe(v.string('each value must be a string'), v.maxLength(MAX_TEXT, `each value must be at most ${MAX_TEXT} characters long`)),
          'must be an object of strings',
        ),
        v.check((record) => Object.keys(record).length <= MAX_KEYS, `must have at most ${MAX_KEYS} keys`),
      ),
      {},
    );

  /** `webchat.transport`: which transport carries the chat and where it talks (web-chat.md §7). */
  const transportSchema = {
    /**
     * 'rest' (legacy REST, GMS), 'cometd', 'ngrest' (next-generation REST), 'cloud' (REST + WebSocket) or
     * 'webmessaging' (Genesys Cloud Messenger's guest API); Widgets' 'pureengage-v3-rest' is read as 'ngrest',
     * 'purecloud-v2-sockets' as 'cloud' (as 'webmessaging' with a deploymentId and no organizationId: settings.ts).
     */
    type: v.optional(
      v.pipe(
        v.picklist(TYPE_NAMES, `must be one of ${TYPE_NAMES.map((t) => `'${t}'`).join(', ')}`),
        v.transform((type) =>
          Object.hasOwn(TRANSPORT_ALIASES, type) ? TRANSPORT_ALIASES[type as keyof typeof TRANSPORT_ALIASES] : (type as TransportName | typeof PURECONNECT),
        ),
      ),
      'rest',
    ),
    /** The chat service URL: start is POST {dataURL}, the chat's calls {dataURL}/{chatId}/{op}. */
    dataURL: v.optional(link()),
    /** The chat endpoint sent with the start (the deployment: the customer chat bot). */
    endpoint: text(200),
    /** Sent as the `apikey` header; the deployment has none. */
    apikey: text(500),
    /** Extra headers on every call. */
    headers: headers(),
    /** Per-call timeout (spec: 3000 ms). */
    timeout: milliseconds(3000, 100, 60_000),
    /** The transport runs the chat asynchronously (web-chat.md §3 `transport.async`). */
    async: flag(false),
    /** The chat starts with a bot (the user data's bot flag; the deployment's customer chat bot path). */
    bot: flag(false),
    /** Next-generation REST ('ngrest'): the wait between polls (spec: 1000 ms, minimum 100; +1000 ms after each failed poll). */
    pollTimeout: milliseconds(1000, 100, 60_000),
    /** Next-generation REST: messages per restore / history page (spec: 20, minimum 16). */
    pageSize: number(20, 16, 'messages', 100),
    /** Next-generation REST: the start's `stream` (the routing stream), when the contact centre wants one. */
    stream: text(200),
    /** Cloud ('cloud', docs/cloud.md): the organisation of the conversation options (required). */
    organizationId: text(200),
    /** Cloud: the web-chat deployment of the conversation options; Web Messaging: the messaging deployment (required). */
    deploymentId: text(200),
    /** Web Messaging: the Genesys Cloud region ('mypurecloud.de'), else the socket and the API follow dataURL. */
    region: text(100),
    /** Cloud: where the conversation is routed (web-chat.md §3 "Cloud conversation options"). */
    routingTarget: {
      targetType: v.optional(v.picklist(['QUEUE'], "must be 'QUEUE'"), 'QUEUE'),
      /** The queue; the start's endpoint (`transport.endpoint`, startChat's `endpoint`) comes first. */
      targetAddress: text(200),
      skills: listOf(v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.maxLength(100, 'must be at most 100 characters long')), 20),
      language: text(50),
      priority: someNumber(0, undefined, 1_000_000),
    },
    /** Cloud: the visitor as a member (role CUSTOMER); the form's name and fields come first. */
    memberInfo: {
      displayName: textOr('Customer', 100),
      customFields: userDataRecord(),
    },
    /** Cloud: the journey context sent with the create, as the contact centre defines it (a JSON object). */
    journeyContext: v.optional(
      v.pipe(
        v.record(v.string(), v.unknown(), 'must be an object'),
        v.check((value) => JSON.stringify(value).length <= MAX_TEXT, `must be at most ${MAX_TEXT} characters as JSON`),
      ),
    ),
  };

  /** `webchat.async`: asynchronous chats (web-chat.md §3, §4). Functions only from a configuration object. */
  const asyncSchema = {
    enabled: flag(false),
    /** How a new message reopens a hidden chat: 'full' (default) or 'minimized'. */
    newMessageRestoreState: v.optional(v.picklist(['full', 'minimized'], "must be 'full' or 'minimized'"), 'full'),
    /** Reads the saved session (instead of cookies): `() => SessionData | undefined`. */
    getSessionData: v.optional(v.function('must be a function')),
    /** Saves the session (instead of cookies): `(data | null) => void`. */
    setSessionData: v.optional(v.function('must be a function')),
  };

  /** `webchat.cometD`: the chat over a Bayeux (CometD) connection (web-chat.md §3, §7 "CometD mode"; docs/cometd.md). */
  const cometDSchema = {
    /** Carry the chat over CometD instead of `transport.type` (loads the CometD chunk). */
    enabled: flag(false),
    /** The Bayeux endpoint (the demo: '/api/cometd'). Required when enabled. */
    cometURL: v.optional(link()),
    /** The service channel of the chat (spec: '/service/chatV2/customer-support'). */
    channel: v.optional(
      v.pipe(
        v.string('must be a channel name'),
        v.maxLength(200, 'must be at most 200 characters long'),
        v.regex(SERVICE_CHANNEL, "must be a service channel like '/service/chatV2/customer-support'"),
      ),
      '/service/chatV2/customer-support',
    ),
    /** Where files go over HTTP (the REST API's file routes); without it uploads are refused. */
    apiURL: v.optional(link()),
    /** Try WebSocket first (spec default on); the client falls back to long-polling by itself. */
    websocketEnabled: flag(true),
    /** The CometD library's console log level (spec default info). */
    logLevel: v.optional(v.picklist(['debug', 'info', 'warn'], "must be 'debug', 'info' or 'warn'"), 'info'),
  };

  /** What the WebChatService plugin reads of the `webchat` section. */
  return {
    /**
     * The page draws the chat itself through WebChatService commands and events: the chat window and its
     * button never load by themselves, and a chat of an earlier page comes back in the service alone
     * (read by hand in src/after-boot.ts; docs/chat-service.md "A chat UI of your own").
     */
    headless: flag(false),
    /** GMS as Widgets sites configure it: the chat service URL at the top of the section (`transport.dataURL` wins). */
    dataURL: v.optional(link()),
    transport: transportSchema,
    cometD: cometDSchema,
    async: asyncSchema,
    /** The longest message `sendMessage` accepts ('Message length exceeds configured threshold of (N) characters'); the window's input stops at 500. */
    maxMessageLength: number(MAX_MESSAGE_LENGTH, 1, 'characters', 100_000),
    /** How long after the last contact a reload still restores the chat (spec: 60000 ms). */
    restoreTimeout: milliseconds(60_000, 1000),
    /** statusCode 1 answers in a row before the server counts as offline (spec: 5). */
    pollExceptionLimit: number(5, 1, undefined, 100),
    /** Added to every chat's user data (after the automatic fields). */
    userData: userDataRecord(),
    uploadsEnabled: flag(false),
  };
}

let schema: ReturnType<typeof buildSchema> | undefined;
/** The `webchat` section's service options (built once, on first use). */
export const webChatServiceSchema = (): ReturnType<typeof buildSchema> => (schema ??= buildSchema());

export type WebChatServiceSettings = SectionOf<ReturnType<typeof buildSchema>>;

/** Reads the chat service's options of the `webchat` section (bad options reported, defaults kept). */
export function readWebChatService(section: unknown, log: Log = console.error): WebChatServiceSettings {
  return readSection('webchat', section, webChatServiceSchema(), log).value;
}

/**
 * The transport a chat starts with: CometD when `cometD.enabled`, else `transport.type` (aliases already
 * read as ours). A PureConnect section reads as 'rest' here: the service's `transportProblem`
 * (src/plugins/webchat-service/settings.ts) refuses its every start.
 */
export const transportTypeOf = (settings: WebChatServiceSettings): TransportName =>
  settings.cometD.enabled ? 'cometd' : settings.transport.type === PURECONNECT ? 'rest' : settings.transport.type;
