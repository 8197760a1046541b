import type { StartRequest } from '../../services/chat/types.ts';
import { isRecord } from '../../app/records.ts';
import { webChatServiceMessages } from './messages.ts';
import type { StartChatOptions } from './webchat-service.api.ts';

/** The start options as the transport's request: form names mapped, user data parsed and merged. */
export function startRequest(options: StartChatOptions | void, base: Record<string, string>, endpoint: string | undefined): StartRequest {
  const o: StartChatOptions = isRecord(options) ? options : {};
  let userData: Record<string, string> = {};
  if (typeof o.userData === 'string') {
    let parsed: unknown;
    try {
      parsed = o.userData.trim() ? JSON.parse(o.userData) : {};
    } catch {
      throw new Error(webChatServiceMessages.malformedUserData);
    }
    if (!isRecord(parsed)) throw new Error(webChatServiceMessages.malformedUserData);
    userData = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  } else if (isRecord(o.userData)) {
    userData = Object.fromEntries(Object.entries(o.userData).map(([k, v]) => [k, String(v)]));
  } else if (o.userData !== undefined) {
    throw new Error(webChatServiceMessages.malformedUserData);
  }
  const str = (...values: unknown[]) => {
    const found = values.find((x) => typeof x === 'string' && x.trim() !== '');
    return typeof found === 'string' ? found.trim().slice(0, 100) : '';
  };
  const firstName = str(o.firstName, o.firstname);
  return {
    nickname: str(o.nickname) || firstName,
    firstName,
    // The spec's rule: an empty last name is sent as '.'.
    lastName: str(o.lastName, o.lastname) || '.',
    emailAddress: str(o.emailAddress, o.email),
    subject: str(o.subject),
    text: typeof o.text === 'string' ? o.text : '',
    userData: { ...base, ...userData },
    endpoint: str(o.endpoint) || endpoint,
  };
}
