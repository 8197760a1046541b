import type { Subscription } from '../../src/bus/index.ts';
import type { App } from '../../src/app/app.ts';
import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };
import { parseAttribute, propertyName } from './attributes.ts';
import type { AttributeType, ParsedAttributes } from './attributes.ts';
import { attrs, h, place } from './dom.ts';

/** What a view chunk exports: the internal r2wc element it defined and the sheets it needs. */
export interface ViewModule {
  tag: string;
  sheets: readonly CSSStyleSheet[];
}

/** Properties every internal view element receives from its host. */
export interface ViewHostProps {
  app: App;
  host: LaElement;
  controller: unknown;
  /** The host's parsed attributes, camelCased. */
  attrs: ParsedAttributes;
}

export interface ElementSpec {
  tag: string;
  /** The plugin whose controller the view renders; the view mounts once that plugin has loaded. */
  plugin?: string;
  attributes?: Record<string, AttributeType>;
  /** Loader-side sheets (launchers); view sheets come with the view chunk. */
  sheets?: readonly CSSStyleSheet[];
  /**
   * Light markup shown before React (launchers): its node, built once and updated in place on each
   * render (elements/common/dom.ts), or null for none.
   */
  launcher?: (host: LaElement) => Node | null;
  view?: () => Promise<ViewModule>;
}

let currentApp: App | undefined;

/** Elements find the page's one app here (set by boot before any element is defined). */
export function bindApp(app: App): void {
  currentApp = app;
}

/**
 * The public element: a thin host defined by the loader. It owns the open shadow root and adopted
 * stylesheets, parses attributes, follows the app's theme, language and mobile mode, renders the light
 * launcher markup, announces intent (so the React runtime is fetched), and mounts the r2wc-wrapped
 * React view once its plugin and view chunk have loaded. Its public events are `la-*` CustomEvents.
 */
export class LaElement extends HTMLElement {
  static spec: ElementSpec;
  readonly #internals: ElementInternals;
  #attributes: ParsedAttributes = {};
  #errors = new Map<string, string>();
  #view?: HTMLElement & Partial<ViewHostProps>;
  #subscriptions: Subscription[] = [];
  #unsubscribe: Array<() => void> = [];
  #mounting = false;
  #positionSheet?: CSSStyleSheet;
  #root?: HTMLDivElement;
  #errorBox?: HTMLDivElement;

  static get observedAttributes(): string[] {
    return Object.keys(this.spec.attributes ?? {});
  }

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [tokens, base, ...(this.spec.sheets ?? [])];
    this.#internals = this.attachInternals();
  }

  get spec(): ElementSpec {
    return (this.constructor as typeof LaElement).spec;
  }

  get app(): App {
    if (!currentApp) throw new Error('live-assist is not booted: load dist/live-assist.js');
    return currentApp;
  }

  /** Parsed attribute values, camelCased (`data-url` → `dataUrl`). */
  get parsedAttributes(): ParsedAttributes {
    return this.#attributes;
  }

  connectedCallback(): void {
    const app = this.app;
    app.elements.add(this);
    this.#subscriptions.push(
      app.environment.subscribe(() => {
        this.#applyEnvironment();
        this.render();
      }),
    );
    const intent = () => app.intent(this.spec.plugin);
    for (const type of ['pointerenter', 'focusin', 'click'] as const) {
      this.addEventListener(type, intent, { once: true, passive: true });
    }
    const { plugin } = this.spec;
    if (plugin) {
      // Every event of the plugin, whatever it is: forwarded untyped as `la-<event>`.
      this.#subscriptions.push(
        app.bus.events(`${plugin}.*`).subscribe((event) =>
          this.emit(event.name.slice(plugin.length + 1).toLowerCase(), event.data),
        ),
      );
      this.#unsubscribe.push(
        app.bus.subscribe('WindowManager.changed', (event) => {
          const entry = event.data.find((dock) => dock.plugin === plugin);
          if (entry) this.#setDockOffset(entry.position);
          // A docked window on the page (a bar at the bottom when minimised on a phone): launchers step aside.
          this.#setState('docked', event.data.some((dock) => dock.viewType === 'DockView'));
        }),
      );
      void app.whenProvidedByName(plugin).then((controller) => this.#mount(controller));
    }
    void app.ready.then(() => this.render());
  }

  disconnectedCallback(): void {
    this.app.elements.delete(this);
    this.#subscriptions.splice(0).forEach((s) => s.unsubscribe());
    this.#unsubscribe.splice(0).forEach((off) => off());
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    this.#parse(name, value);
    if (name === 'theme' && currentApp) this.#applyEnvironment();
    if (this.#view) this.#view.attrs = { ...this.#attributes };
    if (this.isConnected) this.render();
  }

  /** Dispatches the public `la-<name>` event from the host: bubbling and composed. */
  emit(name: string, detail?: unknown): boolean {
    return this.dispatchEvent(
      new CustomEvent(`la-${name}`, { detail, bubbles: true, composed: true, cancelable: true }),
    );
  }

  /**
   * Re-renders the light markup (launcher, attribute errors) around the view, in place: the `.la-root`
   * wrapper and the view element are created once and never moved, only what changed is written.
   */
  render(): void {
    if (!currentApp) return;
    const { lang } = currentApp.environment.value;
    const root = (this.#root ??= this.shadowRoot!.appendChild(h('div', { class: 'la-root', part: 'root' })));
    attrs(root, { lang });
    const errors = [...this.#errors.values()];
    let box: HTMLDivElement | null = null;
    if (errors.length) {
      box = this.#errorBox ??= h('div', { class: 'la-element-error', role: 'alert' });
      const shown = [...box.children].map((p) => p.textContent);
      if (shown.length !== errors.length || shown.some((e, i) => e !== errors[i])) box.replaceChildren(...errors.map((e) => h('p', {}, e)));
    }
    place(root, [box, this.spec.launcher?.(this), this.#view]);
  }

  #parse(name: string, raw: string | null): void {
    const type = this.spec.attributes?.[name];
    if (!type) return;
    const { value, error } = parseAttribute(this.localName, name, type, raw);
    const property = propertyName(name);
    if (error) {
      if (this.#errors.get(name) !== error) console.error(`[live-assist] ${error}`);
      this.#errors.set(name, error);
      delete this.#attributes[property];
    } else {
      this.#errors.delete(name);
      if (value === undefined) delete this.#attributes[property];
      else this.#attributes[property] = value;
    }
  }

  /** Places a docked window (window manager offset) through an adopted sheet: no inline styles. */
  #setDockOffset(px: number): void {
    const shadow = this.shadowRoot!;
    if (!this.#positionSheet) {
      this.#positionSheet = new CSSStyleSheet();
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, this.#positionSheet];
    }
    this.#positionSheet.replaceSync(`:host { --la-dock-offset: ${Math.round(px)}px; }`);
  }

  /** Theme (the element's own `theme` attribute wins over the app's) and mobile mode as custom states. */
  #applyEnvironment(): void {
    const environment = this.app.environment.value;
    const own = this.getAttribute('theme');
    const theme = own === 'light' || own === 'dark' ? own : environment.theme;
    this.#setState('light', theme === 'light');
    this.#setState('dark', theme !== 'light');
    this.#setState('mobile', environment.mobile);
  }

  #setState(state: string, on: boolean): void {
    try {
      if (on) this.#internals.states.add(state);
      else this.#internals.states.delete(state);
    } catch {
      /* CustomStateSet unsupported: tokens keep the dark default */
    }
  }

  async #mount(controller: unknown): Promise<void> {
    if (this.#view || this.#mounting || !this.spec.view) return;
    this.#mounting = true;
    try {
      const view = await this.spec.view();
      const shadow = this.shadowRoot!;
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, ...view.sheets.filter((s) => !shadow.adoptedStyleSheets.includes(s))];
      const element = document.createElement(view.tag) as HTMLElement & Partial<ViewHostProps>;
      Object.assign(element, { app: this.app, host: this, controller, attrs: { ...this.#attributes } });
      this.#view = element;
      this.render();
    } catch (error) {
      console.error(`[live-assist] <${this.localName}> could not load its view`, error);
      this.#errors.set('view', this.app.t.t('common.loadError'));
      this.render();
    } finally {
      this.#mounting = false;
    }
  }
}

/** Defines a public element class under its spec's tag (once; a second definition is ignored). */
export function defineElement(element: typeof LaElement, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(element.spec.tag)) registry.define(element.spec.tag, element);
}
