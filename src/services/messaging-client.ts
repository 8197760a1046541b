import { AckExtension, CometD, ReloadExtension, type Configuration, type Message, type Status } from 'cometd';

/**
 * The Bayeux messaging client (plugins-and-infrastructure.md §3 "Messaging-protocol message", §4
 * "Messaging connection status", §7 "Messaging client", §8, §9): the CometD project's own JavaScript
 * client (npm `cometd`), configured once here with the spec's constants, for the chat's CometD transport
 * (src/services/chat/transports/cometd.ts) and the MessagingClient bus plugin. Not a second implementation: the
 * handshake, connect, advice, back-off, transports (WebSocket, long-polling, callback-polling) and
 * their errors are the library's. This module and the library are one lazy chunk ('cometd').
 */

/** The spec's messaging client constants (§9); each is also the library's own default. */
export const MESSAGING_DEFAULTS = {
  maxNetworkDelay: 10_000,
  backoffIncrement: 1000,
  maxBackoff: 60_000,
  maxURILength: 2000,
  /** No connect timeout. */
  connectTimeout: 0,
  autoBatch: false,
  /** The advice the client assumes before the server gives one. */
  advice: { timeout: 60_000, interval: 0, reconnect: 'retry' as const },
  maxConnections: 2,
} as const;

export type { Message, Status };
export type MessagingLogLevel = 'debug' | 'info' | 'warn';

export interface MessagingOptions {
  /** The Bayeux endpoint; a relative URL is read against the page. */
  url: string;
  websocketEnabled: boolean;
  logLevel: MessagingLogLevel;
  /** Extra request headers (the spec allows Authorization and apikey). */
  headers?: Record<string, string>;
  /** AckExtension: server-to-client delivery survives a reconnect (default on). */
  ack?: boolean;
  /**
   * ReloadExtension: a page reload keeps the Bayeux session (saved in sessionStorage when the page is
   * hidden, resumed by the next page's handshake) instead of leaving a second session behind (default on
   * where there is a page).
   */
  reload?: boolean;
}

/** A host name of letters, digits, dot and hyphen only (plugins-and-infrastructure.md §5). */
export const HOSTNAME = /^[A-Za-z0-9.-]+$/;

/** Why a Bayeux URL is refused (a host name with other characters), or undefined. */
export function messagingUrlProblem(url: string, base = globalThis.location?.href ?? 'http://localhost/'): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return `Invalid messaging server URL: ${url.slice(0, 100)}`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `Invalid messaging server URL: ${url.slice(0, 100)} (http or https only)`;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!HOSTNAME.test(host) && !/^[0-9a-f:]+$/i.test(host))
    return `Invalid messaging server host name: ${host.slice(0, 100)} (letters, digits, dot and hyphen only)`;
  return undefined;
}

/** A configured CometD client (not yet handshaken). Throws on a refused URL. */
export function createMessagingClient(options: MessagingOptions): CometD {
  const problem = messagingUrlProblem(options.url);
  if (problem) throw new Error(problem);
  const client = new CometD();
  if (options.ack !== false) client.registerExtension('ack', new AckExtension());
  const page = globalThis as Partial<Window & typeof globalThis>;
  if (options.reload !== false && page.sessionStorage && typeof page.addEventListener === 'function') {
    client.registerExtension('reload', new ReloadExtension());
    page.addEventListener('pagehide', () => client.reload?.());
  }
  const configuration: Configuration = {
    url: new URL(options.url, globalThis.location?.href ?? 'http://localhost/').href,
    logLevel: options.logLevel,
    maxNetworkDelay: MESSAGING_DEFAULTS.maxNetworkDelay,
    backoffIncrement: MESSAGING_DEFAULTS.backoffIncrement,
    maxBackoff: MESSAGING_DEFAULTS.maxBackoff,
    maxURILength: MESSAGING_DEFAULTS.maxURILength,
    connectTimeout: MESSAGING_DEFAULTS.connectTimeout,
    maxConnections: MESSAGING_DEFAULTS.maxConnections,
    autoBatch: MESSAGING_DEFAULTS.autoBatch,
    advice: { ...MESSAGING_DEFAULTS.advice },
    // The library's default scheduler is a Worker made from a Blob URL: a page with a strict CSP or
    // Trusted Types (the demo requires them) refuses it. Plain timers instead.
    useWorkerScheduler: false,
    requestHeaders: { ...options.headers },
  };
  client.configure(configuration);
  client.websocketEnabled = options.websocketEnabled;
  return client;
}
