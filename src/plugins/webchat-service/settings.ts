import { isRecord } from '../../app/records.ts';
import type { Log } from '../../app/section.ts';
import { PURECONNECT, readWebChatService, transportTypeOf, type WebChatServiceSettings } from '../shared/webchat-config.ts';

/**
 * The chat service's reading of the `webchat` section: the shared reader (src/plugins/shared/webchat-config.ts,
 * which the window uses too) plus what only a chat's start needs — the transport as Widgets sites write
 * it (docs/configuration.md `webchat`) and what is missing before a chat can start. Here, in the service's
 * chunk, so the shared chunk every plugin loads carries none of it.
 */

/** What `startChat` answers for a PureConnect section (and the console says when the service reads it). */
export const PURECONNECT_UNSUPPORTED = `PureConnect ('${PURECONNECT}') is not supported`;
const GUEST_CONVERSATIONS = '/api/v2/webchat/guest/conversations';

/** The service's settings of a `webchat` section (bad options reported, defaults kept). */
export function readServiceSettings(section: unknown, log: Log = console.error): WebChatServiceSettings {
  const settings = readWebChatService(section, log);
  const { transport } = settings;
  if (transport.type === PURECONNECT) log(`[live-assist] webchat.transport.type: ${PURECONNECT_UNSUPPORTED}`);
  // `webchat.dataURL` alone is a GMS (legacy REST) chat, as in Widgets' own sections.
  if (!transport.dataURL && settings.dataURL && transport.type === 'rest') settings.transport = { ...transport, dataURL: settings.dataURL };
  // Widgets gives the sockets transport the API's origin; our cloud transport posts to the guest conversations.
  const raw = isRecord(section) && isRecord(section.transport) ? section.transport.type : undefined;
  // A messaging deployment (a deploymentId without the web chat's organizationId): ACD web chat is gone, Messenger's API carries it.
  if (raw === 'purecloud-v2-sockets' && transport.deploymentId && !transport.organizationId) settings.transport = { ...transport, type: 'webmessaging' };
  else if (raw === 'purecloud-v2-sockets' && transport.dataURL && !transport.dataURL.includes(GUEST_CONVERSATIONS))
    settings.transport = { ...transport, dataURL: transport.dataURL.replace(/\/+$/, '') + GUEST_CONVERSATIONS };
  return settings;
}

/**
 * What is missing before a chat can start with these settings, or undefined: the spec's
 * 'Invalid transport configuration' with the reason.
 */
export function transportProblem(settings: WebChatServiceSettings): string | undefined {
  const { transport, cometD } = settings;
  if (transport.type === PURECONNECT) return PURECONNECT_UNSUPPORTED;
  if (transportTypeOf(settings) === 'cometd') return cometD.cometURL ? undefined : 'CometD is not configured or there is a connection issue';
  if (transport.type === 'webmessaging')
    return transport.deploymentId
      ? transport.dataURL || transport.region
        ? undefined
        : 'Invalid transport configuration: webchat.transport.region (or dataURL) is missing'
      : 'Invalid transport configuration: webchat.transport.deploymentId is missing';
  if (!transport.dataURL) return 'Invalid transport configuration: webchat.transport.dataURL is missing';
  if (transport.type === 'cloud' && !transport.organizationId) return 'Invalid transport configuration: webchat.transport.organizationId is missing';
  if (transport.type === 'cloud' && !transport.deploymentId) return 'Invalid transport configuration: webchat.transport.deploymentId is missing';
  return undefined;
}
