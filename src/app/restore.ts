import type { App } from './app.ts';

/** Windows that remember being open (a `<name>_open` cookie) reopen on the next page. */
export function wasOpenBefore(app: App, name: string): boolean {
  return app.cookies.get(`${name}_open`) === '1';
}
