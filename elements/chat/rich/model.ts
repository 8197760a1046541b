/**
 * The rich-media items of a structured message (plugins-and-infrastructure.md §2, §3, §5), checked before
 * anything of them is drawn: every string is text (descriptions are markdown, rendered through the
 * sanitiser), links keep only absolute http(s), mailto and tel URLs (anything else, `javascript:` first,
 * is the harmless placeholder), images only http(s) or raster `data:`, styles only the documented
 * properties with plain values. What is not an object, or not a known component, is left out.
 * Pure: no React, no DOM.
 */

/** What a choice does (§3 "Actions"): open a URL, run a command under the channel-command rule, or send text back. */
export interface RichAction {
  url?: string;
  urlTarget: string;
  commandName?: string;
  commandOptions?: unknown;
  /** The text the visitor's choice sends back (the item's textback, else its text). */
  text: string;
}

export type ComponentType = 'quick-reply' | 'button' | 'list-item' | 'image' | 'link' | 'text' | 'line-break' | 'attachment' | 'menu';

export interface RichComponent {
  key: string;
  type: ComponentType;
  text: string;
  title: string;
  desc: string;
  image?: string;
  url?: string;
  name: string;
  selector?: 'checkbox' | 'radio';
  action: RichAction;
  style?: string;
  /** A menu's choices. */
  components: RichComponent[];
}

export interface RichCard {
  key: string;
  title: string;
  desc: string;
  image?: string;
  video?: string;
  style?: string;
  components: RichComponent[];
}

/** The default link URL is a no-op (§9): a link that may not stay points here. */
export const PLACEHOLDER = '#';
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const RASTER = /^data:image\/(?:png|gif|jpeg|webp);base64,[a-z0-9+/=\s]+$/i;
const MAX = 50;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, max = 2000): string => (typeof value === 'string' ? value.slice(0, max) : typeof value === 'number' ? String(value) : '');

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An absolute http(s), mailto or tel link, else the placeholder. */
export function safeLink(value: unknown): string {
  const url = parse(str(value).trim());
  return url && LINK_SCHEMES.has(url.protocol) ? url.href : PLACEHOLDER;
}

/** An image source: absolute http(s) or a raster data: URL (no SVG: it may carry script); else none. */
export function safeImage(value: unknown): string | undefined {
  const text = str(value, 200_000).trim();
  if (RASTER.test(text)) return text;
  const url = parse(text);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined;
}

/* ------------------------------------------------------------------ styles */

const PROPERTIES: Record<string, string> = {
  'background-color': 'background-color',
  color: 'color',
  'border-radius': 'border-radius',
  border: 'border',
  'text-decoration': 'text-decoration',
  'font-weight': 'font-weight',
  'font-style': 'font-style',
  align: 'text-align',
};
const SHORTHANDS: Record<string, string> = { italic: 'font-style:italic', bold: 'font-weight:bold', underline: 'text-decoration:underline' };
/** A plain value: colours, lengths, keywords; no url(), no escapes, nothing that ends a declaration. */
const VALUE = /^[#\w\s.,%()-]{1,60}$/;
const FORBIDDEN = /url|image|expression|var|env|attr|\\/i;

/**
 * The item's `styles` as declarations of the documented properties (§3): `{ base, hover }` strings of
 * `property:value` joined by ';', or undefined when nothing may stay.
 */
export function stylesOf(value: unknown): { base: string; hover: string } | undefined {
  if (!isObject(value)) return undefined;
  const base: string[] = [];
  const hover: string[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const isHover = key.endsWith('-hover');
    const name = isHover ? key.slice(0, -6) : key;
    const into = isHover ? hover : base;
    if (name in SHORTHANDS) {
      if (raw === true || raw === 'true') into.push(SHORTHANDS[name]!);
      continue;
    }
    const property = PROPERTIES[name];
    const text = str(raw).trim();
    if (property && VALUE.test(text) && !FORBIDDEN.test(text)) into.push(`${property}:${text}`);
  }
  return base.length || hover.length ? { base: base.join(';'), hover: hover.join(';') } : undefined;
}

/** A short class name for a set of declarations (the same styles, the same class). */
export function styleClass(styles: { base: string; hover: string }): string {
  let hash = 5381;
  const text = `${styles.base}|${styles.hover}`;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `la-rs-${hash.toString(36)}`;
}

/* ------------------------------------------------------------------ items */

const COMPONENTS: ReadonlySet<string> = new Set<ComponentType>([
  'quick-reply',
  'button',
  'list-item',
  'image',
  'link',
  'text',
  'line-break',
  'attachment',
  'menu',
]);
const TYPE_ALIASES: Record<string, ComponentType> = { 'big-list-item': 'list-item', br: 'line-break', 'attachment-link': 'attachment' };

/** The item's actions (§3), the text back its choice sends. */
function actionOf(item: Record<string, unknown>, envelopeTextback: string | undefined): RichAction {
  const actions = isObject(item.actions) ? item.actions : {};
  const url = actions.url ?? item.url;
  const action: RichAction = {
    urlTarget: str(actions.urlTarget ?? item.urlTarget, 40) || '_blank',
    text: str(item.textback, 500) || str(item.text, 500) || str(item.title, 500) || envelopeTextback || '',
  };
  if (url !== undefined) action.url = safeLink(url);
  const command = str(actions.commandName, 100);
  if (command) {
    action.commandName = command;
    action.commandOptions = actions.commandOptions;
  }
  return action;
}

function componentOf(item: unknown, key: string, textback: string | undefined, depth = 0): RichComponent | undefined {
  if (!isObject(item)) return undefined;
  const raw = str(item.type, 40);
  const type = (TYPE_ALIASES[raw] ?? raw) as ComponentType;
  if (!COMPONENTS.has(type)) return undefined;
  const style = stylesOf(item.styles);
  const selector = item.selector === 'checkbox' || item.selector === 'radio' ? item.selector : undefined;
  return {
    key: `${key}-${str(item.id, 60)}`,
    type,
    text: str(item.text, 500),
    title: str(item.title, 500),
    desc: str(item.desc, 2000),
    image: safeImage(item.image ?? (type === 'image' ? item.url : undefined)),
    url: type === 'link' || type === 'attachment' ? safeLink(item.url) : undefined,
    name: str(item.name, 200),
    selector,
    action: actionOf(item, textback),
    style: style && styleClass(style),
    components: depth < 1 && Array.isArray(item.components) ? componentsOf(item.components, key, textback, depth + 1) : [],
  };
}

function componentsOf(list: readonly unknown[], key: string, textback: string | undefined, depth = 0): RichComponent[] {
  return list
    .slice(0, MAX)
    .map((item, i) => componentOf(item, `${key}.${i}`, textback, depth))
    .filter((c): c is RichComponent => c !== undefined);
}

/** A generic card, a list or an attachments row item. */
function cardOf(item: unknown, key: string, textback: string | undefined): RichCard | undefined {
  if (!isObject(item)) return undefined;
  const style = stylesOf(item.styles);
  const video = safeImage(item.video);
  return {
    key,
    title: str(item.title, 500),
    desc: str(item.desc, 2000),
    image: safeImage(item.image),
    video: video?.startsWith('data:') ? undefined : video,
    style: style && styleClass(style),
    components: Array.isArray(item.components) ? componentsOf(item.components, key, textback) : [],
  };
}

/** Every style the items name, by class (for the constructable sheet). */
export function stylesIn(content: readonly unknown[]): Map<string, { base: string; hover: string }> {
  const out = new Map<string, { base: string; hover: string }>();
  const visit = (item: unknown, depth: number) => {
    if (!isObject(item) || depth > 2) return;
    const style = stylesOf(item.styles);
    if (style) out.set(styleClass(style), style);
    if (Array.isArray(item.components)) item.components.slice(0, MAX).forEach((c) => visit(c, depth + 1));
  };
  content.forEach((item) => visit(item, 0));
  return out;
}

export interface RichModel {
  layout: 'quick-replies' | 'generic' | 'list-vertical' | 'attachments';
  replies: RichComponent[];
  cards: RichCard[];
  /** The attachments row: attachment links and images. */
  attachments: RichComponent[];
}

/** The envelope's content as the view draws it (nothing drawable: no items of any kind). */
export function modelOf(contentType: RichModel['layout'], content: readonly unknown[], textback?: string): RichModel {
  const model: RichModel = { layout: contentType, replies: [], cards: [], attachments: [] };
  if (contentType === 'quick-replies') model.replies = componentsOf(content, 'q', textback).map((c) => ({ ...c, type: 'quick-reply' }));
  else if (contentType === 'attachments') model.attachments = componentsOf(content, 'a', textback);
  else
    model.cards = content
      .slice(0, MAX)
      .map((item, i) => cardOf(item, `c${i}`, textback))
      .filter((c): c is RichCard => c !== undefined);
  return model;
}

/** A markdown description as HTML for the sanitiser: escaped first, then bold, italic, links and line breaks. */
export function markdown(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => `<a href="${safeLink(href.replace(/&#38;/g, '&'))}">${label}</a>`)
    .replace(/\n/g, '<br>');
}
