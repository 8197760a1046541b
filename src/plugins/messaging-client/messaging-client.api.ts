/**
 * The MessagingClient plugin's public vocabulary, type-only: its bus commands and events. `src/index.ts`
 * re-exports this module so the published types declare them (see src/bus/types.ts).
 */
import type { MessagingConfigureOptions, MessagingChannelOptions, MessagingPublishOptions, MessagingStatus } from './messaging-client.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /** Sets the Bayeux server (`url`; its host name of letters, digits, dot and hyphen only), `websocketEnabled` and `logLevel`. Not while connected. */
    'MessagingClient.configure': { options: MessagingConfigureOptions; result: void };
    /** Handshakes (then the library keeps connecting per the server's advice); resolves on the first successful handshake. */
    'MessagingClient.connect': { options: void; result: void };
    /** Disconnects from the server. */
    'MessagingClient.disconnect': { options: void; result: void };
    /** Subscribes to a channel: its messages come as `MessagingClient.message`. Refused on meta channels and while disconnected. */
    'MessagingClient.subscribe': { options: MessagingChannelOptions; result: void };
    /** Ends a subscription made with `subscribe`. */
    'MessagingClient.unsubscribe': { options: MessagingChannelOptions; result: void };
    /** Publishes `data` on a channel; resolves when the server acknowledges it. Refused on meta channels and while disconnected. */
    'MessagingClient.publish': { options: MessagingPublishOptions; result: void };
    /** The connection status now. */
    'MessagingClient.getStatus': { options: void; result: MessagingStatus };
  }
  interface Events {
    /** The connection status changed: disconnected, handshaking, connecting, connected, disconnecting. */
    'MessagingClient.status': { status: MessagingStatus };
    /** A message on a subscribed channel (or a service channel's reply to this client). */
    'MessagingClient.message': { channel: string; data: unknown };
    /** A connection or protocol error (also logged; never shown to visitors). */
    'MessagingClient.error': { message: string };
  }
}
