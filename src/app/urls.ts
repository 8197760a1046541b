/**
 * Which links the library follows, opens or posts to: http(s) only — never `javascript:`, `data:` or
 * another scheme — shared by the configuration checks, the chat's survey and the chat window.
 */

/** The longest link taken (characters). */
export const MAX_URL = 2000;

/**
 * `value` as an http(s) URL's `href`, resolved against `base` (the page by default; `null`: absolute
 * links only), or undefined for anything else: another scheme, blank, malformed or over 2000 characters.
 */
export function httpUrl(value: unknown, base: string | null = globalThis.location?.href ?? 'https://host.invalid/'): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_URL) return undefined;
  try {
    const url = base === null ? new URL(value) : new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
