import type { App } from '../../app/app.ts';
import { createMessagingClient, messagingUrlProblem, type Message, type MessagingLogLevel, type Status } from '../../services/messaging-client.ts';
import { isRecord } from '../../app/records.ts';

/**
 * The MessagingClient plugin (plugins-and-infrastructure.md §4 "Messaging connection status", §5 bus
 * rules, §7 "Messaging client", §8, §9): the Bayeux client as a bus plugin over the official CometD
 * library (src/services/messaging-client.ts), not a second implementation. The library does the
 * handshake, connect, advice (retry / handshake / none), back-off (1000 ms more per failure, at most
 * 60000 ms), transports and their errors; this plugin publishes the status, relays subscribed messages,
 * and applies the bus rules: no publishing on meta channels, no subscribe or publish while disconnected,
 * server host names of letters, digits, dot and hyphen only. Errors are logged and published as
 * `MessagingClient.error`, never shown to visitors.
 */

export type MessagingStatus = Status;

export interface MessagingConfigureOptions {
  /** The Bayeux endpoint (absolute or relative to the page). */
  url: string;
  /** Try WebSocket first (default true). */
  websocketEnabled?: boolean;
  /** The library's console log level (default 'info'). */
  logLevel?: MessagingLogLevel;
}

export interface MessagingChannelOptions {
  channel: string;
}

export interface MessagingPublishOptions {
  channel: string;
  data?: unknown;
}

/** The plugin's refusals. */
export const messagingMessages = {
  notConfigured: 'The messaging client is not configured: call MessagingClient.configure with a url',
  connected: 'The messaging client is connected: disconnect before configuring it again',
  disconnected: (what: 'Subscribe' | 'Publish') => `${what} refused: the messaging client is disconnected`,
  meta: 'Publishing on meta channels is refused',
  metaSubscribe: 'Subscribing to meta channels is refused',
  channel: 'A channel is a path like /service/chat or /topic/news',
  notSubscribed: (channel: string) => `Not subscribed to ${channel}`,
  logLevel: "logLevel must be 'debug', 'info' or 'warn'",
} as const;

/** Failed handshakes in a row before `connect` gives up (as the chat's CometD transport). */
export const MAX_FAILED_HANDSHAKES = 5;

const CHANNEL = /^\/[A-Za-z0-9_.\-~*]+(?:\/[A-Za-z0-9_.\-~*]+)*$/;

/** A channel option, or a refusal. */
function channelOf(options: unknown): string {
  const channel = isRecord(options) ? options.channel : undefined;
  if (typeof channel !== 'string' || channel.length > 200 || !CHANNEL.test(channel)) throw new Error(messagingMessages.channel);
  return channel;
}

export function register(app: App): void {
  const plugin = app.bus.registerPlugin('MessagingClient');
  let client: ReturnType<typeof createMessagingClient> | undefined;
  let status: MessagingStatus = 'disconnected';
  const subscriptions = new Map<string, unknown>();
  /** `connect` calls waiting for a handshake; failed handshakes since the last success. */
  let waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let failedHandshakes = 0;
  const settle = (error?: Error) => {
    const list = waiting;
    waiting = [];
    for (const w of list) {
      if (error) w.reject(error);
      else w.resolve();
    }
  };

  const report = (message: string) => {
    console.error(`[live-assist] MessagingClient: ${message}`);
    plugin.publish('error', { message });
  };
  /** Publishes the library's status when it changed. */
  const track = () => {
    const next = client ? client.getStatus() : 'disconnected';
    if (next === status) return;
    status = next;
    plugin.publish('status', { status });
  };
  const failureText = (message: Message) => String(message.error ?? (message as { failure?: { reason?: string } }).failure?.reason ?? 'no answer');
  const live = () => client !== undefined && !client.isDisconnected() && status !== 'disconnecting';

  plugin.registerCommand('configure', (options) => {
    if (!isRecord(options) || typeof options.url !== 'string' || !options.url.trim()) throw new Error(messagingMessages.notConfigured);
    if (live()) throw new Error(messagingMessages.connected);
    const problem = messagingUrlProblem(options.url);
    if (problem) throw new Error(problem);
    const logLevel = options.logLevel ?? 'info';
    if (logLevel !== 'debug' && logLevel !== 'info' && logLevel !== 'warn') throw new Error(messagingMessages.logLevel);
    subscriptions.clear();
    const c = createMessagingClient({ url: options.url, websocketEnabled: options.websocketEnabled !== false, logLevel });
    client = c;
    c.addListener('/meta/handshake', (message: Message) => {
      track();
      if (message.successful) {
        failedHandshakes = 0;
        settle();
        return;
      }
      // The library retries with its back-off (a refused WebSocket falls back to long-polling first).
      report(`handshake failed: ${failureText(message)}`);
      if (++failedHandshakes >= MAX_FAILED_HANDSHAKES) {
        c.disconnect();
        settle(new Error(`Handshake failed ${MAX_FAILED_HANDSHAKES} times: ${failureText(message)}`));
      }
    });
    c.addListener('/meta/connect', (message: Message) => {
      if (!message.successful && !c.isDisconnected()) report(`connect failed: ${failureText(message)}`);
      track();
    });
    c.addListener('/meta/disconnect', () => track());
    c.addListener('/meta/unsuccessful', (message: Message) => report(`${message.channel ?? 'a message'} failed: ${failureText(message)}`));
    // Replies a server sends on a service channel to this client alone need no subscription.
    c.addListener('/service/**', (message: Message) => plugin.publish('message', { channel: message.channel, data: message.data }));
    track();
  });

  plugin.registerCommand('connect', () => {
    const c = client;
    if (!c) throw new Error(messagingMessages.notConfigured);
    if (live()) return undefined;
    return new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (waiting.length > 1) return;
      failedHandshakes = 0;
      c.handshake();
      track();
    });
  });

  plugin.registerCommand('disconnect', () => {
    const c = client;
    if (!c || c.isDisconnected()) return undefined;
    subscriptions.clear();
    return new Promise<void>((resolve) => {
      c.disconnect(() => {
        track();
        resolve();
      });
      track();
    });
  });

  plugin.registerCommand('subscribe', (options) => {
    const channel = channelOf(options);
    if (channel.startsWith('/meta/')) throw new Error(messagingMessages.metaSubscribe);
    const c = client;
    if (!c || !live()) throw new Error(messagingMessages.disconnected('Subscribe'));
    if (subscriptions.has(channel)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const handle = c.subscribe(
        channel,
        (message: Message) => {
          // Service channels are already relayed by the /service/** listener.
          if (!message.channel.startsWith('/service/')) plugin.publish('message', { channel: message.channel, data: message.data });
        },
        (reply: Message) => {
          if (reply.successful) {
            subscriptions.set(channel, handle);
            resolve();
          } else {
            const text = `subscribe to ${channel} failed: ${failureText(reply)}`;
            report(text);
            reject(new Error(text));
          }
        },
      );
    });
  });

  plugin.registerCommand('unsubscribe', (options) => {
    const channel = channelOf(options);
    const handle = subscriptions.get(channel);
    if (!handle || !client) throw new Error(messagingMessages.notSubscribed(channel));
    subscriptions.delete(channel);
    client.unsubscribe(handle as Parameters<NonNullable<typeof client>['unsubscribe']>[0]);
  });

  plugin.registerCommand('publish', (options) => {
    const channel = channelOf(options);
    if (channel.startsWith('/meta/')) throw new Error(messagingMessages.meta);
    const c = client;
    if (!c || !live()) throw new Error(messagingMessages.disconnected('Publish'));
    const data = isRecord(options) ? options.data : undefined;
    return new Promise<void>((resolve, reject) => {
      c.publish(channel, data ?? {}, (reply: Message) => {
        if (reply.successful) resolve();
        else {
          const text = `publish to ${channel} failed: ${failureText(reply)}`;
          report(text);
          reject(new Error(text));
        }
      });
    });
  });

  plugin.registerCommand('getStatus', () => (client ? client.getStatus() : 'disconnected'));

  plugin.ready();
}
