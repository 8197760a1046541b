import type { App } from './app.ts';

/**
 * Windows that remember being open (a `<name>_open` cookie) reopen on the next page. The cookie is
 * host-only (storage.ts `hostOnly`; the plugin that writes it passes the same option): any sibling
 * subdomain can set a cookie on the parent domain, and must not be able to open a window — the
 * developer console runs any command — for every visitor of this host.
 */
export function wasOpenBefore(app: App, name: string): boolean {
  return app.cookies.get(`${name}_open`, { hostOnly: true }) === '1';
}
