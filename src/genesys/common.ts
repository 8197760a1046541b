/**
 * Genesys Widgets' `Common`, the third argument of an extension (`function ($, CXBus, Common)`) and of a
 * form's `validate`: the utilities Genesys documents and extensions call (logging, defaults, escaping,
 * paths, cookies, and `Generate` for buttons and containers in the `.cx-` class names). Built with the
 * jQuery handed to extensions; no HTML is parsed: texts go in as text (strict CSP and Trusted Types).
 */
/// <reference types="jquery" />
import type { CookieJar } from '../app/storage.ts';
import { documentCookies } from './session.ts';

export interface CommonHost {
  readonly $: JQueryStatic;
  readonly window: Pick<Window, 'document'>;
  /** Our cookie jar (`saveData` / `getData`); absent: those keep nothing. */
  readonly cookies?: CookieJar;
  /** `main.debug`: `Common.debug` logs only then. */
  readonly debug?: boolean;
}

/** Buttons as `Generate.Buttons` takes them: one primary button, or a secondary and a primary ('binary'). */
export interface ButtonsOptions {
  type?: 'binary' | 'single';
  primary?: string;
  secondary?: string;
}

/** A widget container as `Generate.Container` takes it. */
export interface ContainerOptions {
  type?: string;
  title?: string;
  /** Text, an element or a jQuery collection. */
  body?: unknown;
  /** A `data-icon` name, as Genesys's icons are named (`chat`, `call-outgoing` …). */
  icon?: string;
  /** 'close', 'minimize' or 'all': the title bar's buttons. */
  controls?: string;
  buttons?: ButtonsOptions | false;
  /** Added to the container's classes. */
  className?: string;
}

export interface GenesysCommon {
  log(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** Fills what `target` lacks from `defaults`, into nested plain objects; answers `target`. */
  populateDefaults<T extends Record<string, unknown>>(target: T, defaults: Record<string, unknown>): T;
  /** The text with HTML's special characters escaped, safe to put into markup. */
  sanitizeHTML(text: unknown): string;
  /** The value at a dotted path (`'webchat.form.inputs'`) of an object, or undefined. */
  checkPath(object: unknown, path: string): unknown;
  getCookie(name: string): string | undefined;
  saveData(key: string, value: unknown): void;
  getData(key: string): unknown;
  removeData(key: string): void;
  readonly Generate: {
    Buttons(options?: ButtonsOptions): JQuery;
    Container(options?: ContainerOptions): JQuery;
  };
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The key an extension's data is kept under, apart from the widgets' own cookies. */
const dataKey = (key: string) => `ext_${String(key)}`;

export function createCommon({ $, window: win, cookies, debug = false }: CommonHost): GenesysCommon {
  const doc = win.document;
  const element = (tag: string, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const button = (text: string, kind: 'primary' | 'default') => {
    const node = element('button', `cx-btn cx-btn-${kind}`, text) as HTMLButtonElement;
    node.type = 'button';
    return node;
  };

  const common: GenesysCommon = {
    log: (...args) => console.log('[live-assist]', ...args),
    debug: (...args) => void (debug && console.debug('[live-assist]', ...args)),
    error: (...args) => console.error('[live-assist]', ...args),
    populateDefaults(target, defaults) {
      for (const [key, value] of Object.entries(defaults ?? {})) {
        const own = target[key];
        if (own === undefined) (target as Record<string, unknown>)[key] = isPlain(value) ? common.populateDefaults({}, value) : value;
        else if (isPlain(own) && isPlain(value)) common.populateDefaults(own, value);
      }
      return target;
    },
    sanitizeHTML: (text) => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!),
    checkPath(object, path) {
      let value: unknown = object;
      for (const part of String(path).split('.')) {
        if (value === null || value === undefined || !Object.hasOwn(Object(value), part)) return undefined;
        value = (value as Record<string, unknown>)[part];
      }
      return value;
    },
    getCookie: (name) => documentCookies({}, doc).get(name),
    saveData: (key, value) => cookies?.set(dataKey(key), JSON.stringify(value ?? null)),
    getData(key) {
      const text = cookies?.get(dataKey(key));
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    },
    removeData: (key) => cookies?.remove(dataKey(key)),
    Generate: {
      Buttons({ type = 'binary', primary = 'OK', secondary = 'Cancel' }: ButtonsOptions = {}) {
        const group = element('div', `cx-button-group cx-buttons-${type === 'single' ? 'single' : 'binary'}`);
        if (type !== 'single') group.append(button(secondary, 'default'));
        group.append(button(primary, 'primary'));
        return $(group);
      },
      Container({ type = 'generic', title = '', body, icon, controls = 'close', buttons = false, className = '' }: ContainerOptions = {}) {
        const root = element('div', `cx-widget cx-common-container cx-${String(type)}${className ? ` ${className}` : ''}`);
        root.setAttribute('role', 'dialog');
        const titlebar = element('div', 'cx-titlebar');
        if (icon) {
          const image = element('div', 'cx-icon');
          image.dataset.icon = String(icon);
          titlebar.append(image);
        }
        const heading = element('h2', 'cx-title', String(title));
        titlebar.append(heading);
        const labelled = `cx-title-${Math.random().toString(36).slice(2)}`;
        heading.id = labelled;
        root.setAttribute('aria-labelledby', labelled);
        const wanted = String(controls);
        const controlsBox = element('div', 'cx-button-group cx-controls');
        if (wanted === 'minimize' || wanted === 'all')
          controlsBox.append(Object.assign(element('button', 'cx-button-minimize', '–'), { type: 'button', title: 'Minimize' }));
        if (wanted === 'close' || wanted === 'all')
          controlsBox.append(Object.assign(element('button', 'cx-button-close', '×'), { type: 'button', title: 'Close' }));
        if (controlsBox.childElementCount > 0) titlebar.append(controlsBox);
        const content = element('div', 'cx-body');
        if (typeof body === 'string' || typeof body === 'number') content.textContent = String(body);
        else if (body !== undefined && body !== null) $(content).append(body as JQuery | Element);
        root.append(titlebar, content);
        if (buttons) {
          const footer = element('div', 'cx-footer');
          footer.append(common.Generate.Buttons(buttons)[0]!);
          root.append(footer);
        }
        return $(root);
      },
    },
  };
  return common;
}
