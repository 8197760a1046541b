import type { App } from './app.ts';

/**
 * Whether this page may have a chat to come back to, read without the chat's code: the chat's session
 * cookie (host-only, `webchat_session`: src/services/chat/session-store.ts), or an asynchronous chat whose
 * page keeps the session itself (`webchat.async.getSessionData`, read by hand: no valibot here). The load
 * graph (src/load-graph.ts) preloads the chat service with the window only then, and the WebChat plugin
 * (src/plugins/webchat/webchat.ts) opens the window without waiting for the service otherwise. In the after-boot
 * chunk (rollup.config.mjs), which every page has loaded before either of them.
 */
export const CHAT_SESSION_COOKIE = 'webchat_session';

/** An asynchronous chat whose page keeps the session (`async.enabled` and a `getSessionData` function). */
export function pageKeepsChat(app: App): boolean {
  try {
    const saved = (app.section('webchat') as { async?: { enabled?: unknown; getSessionData?: unknown } | null }).async;
    return saved?.enabled === true && typeof saved.getSessionData === 'function';
  } catch {
    return false; // a getter of the host's object threw: the service reads the section and reports it
  }
}

/** The session cookie, or a page that keeps an asynchronous chat's session (a synchronous cookie read). */
export function chatMayComeBack(app: App): boolean {
  return pageKeepsChat(app) || Boolean(app.cookies.get(CHAT_SESSION_COOKIE, { hostOnly: true }));
}
