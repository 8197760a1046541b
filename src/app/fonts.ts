import type { MainConfig } from './config.ts';

/**
 * Web fonts are requested only when `main.fonts.enabled` is true. Off by default: fetching a font from
 * a third-party host tells that host the visitor's IP address and the page they are on, so a
 * deployment opts in knowingly (or self-hosts the font and gives its stylesheet as `fonts.url`).
 * The widgets fall back to the system font stack.
 */
export function webFontsUrl(fonts: MainConfig['fonts']): string | undefined {
  if (!fonts.enabled) return undefined;
  return fonts.url ?? `https://fonts.googleapis.com/css?family=${encodeURIComponent(fonts.family).replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
}

export function loadWebFonts(doc: Document, fonts: MainConfig['fonts']): HTMLLinkElement | undefined {
  const href = webFontsUrl(fonts);
  if (!href) return undefined;
  const existing = doc.head.querySelector<HTMLLinkElement>('link[data-live-assist-fonts]');
  if (existing) return existing;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.liveAssistFonts = '';
  doc.head.append(link);
  return link;
}
