/**
 * The user data every chat start carries without being asked (web-chat.md §3 "Automatic user data"),
 * and the visitor's anonymous identifier (§1: a random GUID with an anonymous-domain suffix). The page's
 * own `webchat.userData` and the start call's `userData` are added after these and win.
 */

/** The domain that marks an identifier as anonymous: it names no person and no mailbox. */
export const ANONYMOUS_DOMAIN = 'anonymous.live-assist.invalid';

/** A random GUID (RFC 4122 version 4) with the anonymous-domain suffix. */
export function anonymousUserId(random: Pick<Crypto, 'randomUUID'> = globalThis.crypto): string {
  return `${random.randomUUID()}@${ANONYMOUS_DOMAIN}`;
}

/** The browser family from a user-agent string (order matters: Edge and Opera also say Chrome). */
export function browserOf(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'Opera';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua)) return 'Safari';
  return 'Other';
}

/** The operating system from a user-agent string. */
export function osOf(ua: string): string {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'Other';
}

export interface UserDataContext {
  /** Mobile mode (src/app/environment.ts). */
  mobile: boolean;
  /** The interface language (`pl`, `en`). */
  lang: string;
  /** The chat starts with a bot (`webchat.transport.bot`). */
  bot: boolean;
  /** Asynchronous chat (`webchat.async.enabled`). */
  async: boolean;
}

/** The longest value of an automatic field: a page URL or title is cut there. */
const MAX_VALUE = 2000;
const cut = (value: string) => value.slice(0, MAX_VALUE);

/**
 * source ('mobile' | 'web'), referrer, pageUrl, pageTitle, browser, os, botChat, languageCode, async,
 * read from the page. All values are strings (the legacy server's user data is a string map).
 */
export function automaticUserData(win: Window, context: UserDataContext): Record<string, string> {
  const ua = win.navigator?.userAgent ?? '';
  return {
    source: context.mobile ? 'mobile' : 'web',
    referrer: cut(win.document.referrer ?? ''),
    pageUrl: cut(win.location?.href ?? ''),
    pageTitle: cut(win.document.title ?? ''),
    browser: browserOf(ua),
    os: osOf(ua),
    botChat: String(context.bot),
    languageCode: context.lang,
    async: String(context.async),
  };
}
