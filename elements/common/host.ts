import type { Subscription } from 'rxjs';
import type { App } from '../../src/app/app.ts';
import type { AttributeType, ParsedAttributes } from './attributes.ts';

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

/** What a launcher chunk exports: light markup drawn without React, and the sheets it needs. */
export interface LauncherModule {
  /**
   * Draws the launcher with lit-html into `root`, just before `end` (a node the host keeps in place, the
   * view after it), on each render; lit updates what it drew in place, so a focused button keeps focus.
   */
  draw(host: LaElement, root: HTMLElement, end: ChildNode): void;
  sheets?: readonly CSSStyleSheet[];
  /** Its behaviour, from the module's arrival (or the element's connection, when later) until the element leaves: returns how to stop. */
  attach?(host: LaElement): () => void;
}

export interface ElementSpec {
  tag: string;
  /** The plugin whose controller the view renders; the view mounts once that plugin has loaded. */
  plugin?: string;
  attributes?: Record<string, AttributeType>;
  /**
   * Light markup shown before React (the sidebar's strip, the side buttons): a chunk of its own, not the
   * loader's, fetched when the first such element connects, beside the language pack that its text waits
   * for anyway; drawn on every render once both are in.
   */
  launcher?: () => Promise<LauncherModule>;
  /**
   * 'open': the view mounts once the plugin's window opens (elements/common/parts.ts `mountWhenOpen`: the
   * side buttons' windows, whose button is the launcher's). Absent: as soon as the plugin has loaded.
   */
  mountWhen?: 'open';
  view?: () => Promise<ViewModule>;
}

/** Each launcher chunk is asked once per page, whatever the number of its elements. */
const launchers = new WeakMap<ElementSpec, Promise<LauncherModule>>();

type Parts = typeof import('./parts.ts');
/** What an element needs once it draws (elements/common/parts.ts), asked once; a failure is asked again by the next element. */
let common: Promise<Parts> | undefined;
/** Those parts once loaded: attributes are parsed with them. */
let parts: Parts | undefined;
/**
 * The parts, asked for in the task after this one (`app.nextTask`), not in the loader's boot task: each of
 * a page's first `import()`s costs about 1 ms at 1× (more with the lazy compile of what runs them), and
 * Lighthouse counts a task over 12.5 ms at 1× as blocking. Nothing is drawn before they are in anyway.
 */
const loadParts = (app: App): Promise<Parts> =>
  (common ??= app
    .nextTask()
    .then(() => import('./parts.ts'))
    .then(
      (loaded) => (parts = loaded),
      (error: unknown) => {
        common = undefined;
        throw error;
      },
    ));

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
  #root?: HTMLDivElement;
  /** Where the launcher's drawing ends in the root: the error box comes before it, the view after it. */
  #launcherEnd?: Comment;
  #errorBox?: HTMLDivElement;
  #launcher?: LauncherModule;
  #controller?: unknown;
  /** The page's sheet (`main.customStylesheetID`): adopted after every sheet of ours, so the site's rules win. */
  #pageSheets: readonly CSSStyleSheet[] = [];
  /** Whether the tokens and base sheets are adopted (or could not be loaded): nothing is drawn before. */
  #styled = false;
  #whenStyled?: Promise<void>;

  static get observedAttributes(): string[] {
    return Object.keys(this.spec.attributes ?? {});
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.#internals = this.attachInternals();
  }

  get spec(): ElementSpec {
    return (this.constructor as typeof LaElement).spec;
  }

  /** The plugin's controller (usually its actor), once the plugin has loaded: what launchers and views render. */
  get controller(): unknown {
    return this.#controller;
  }

  get app(): App {
    if (!currentApp) throw new Error('live-assist is not booted: load dist/live-assist.js');
    return currentApp;
  }

  /**
   * The class of the theme this element draws (its own `theme` attribute, else the app's): the one
   * `main.themes` gives the name, else `cx-theme-<name>`. Windows and launchers carry it on their box, for a
   * site's sheet (`main.customStylesheetID`) written for Genesys Widgets to select.
   */
  get themeClass(): string {
    const own = this.getAttribute('theme');
    const { theme, themeName = theme } = this.app.environment.value;
    const name = own === 'light' || own === 'dark' ? own : themeName;
    const { themes } = this.app.config.main;
    return Object.hasOwn(themes, name) ? themes[name]! : `cx-theme-${name}`;
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
    const intent = () => {
      // The first focus inside a window whose view is already mounted is the window's own (an open moves it
      // there): its code is in, and the likely windows' files are linked once the browser is idle, not in the
      // open's last task (the load graph's work and a cookie read, 5–10 ms at 4× CPU before the window is usable).
      if (this.#view) {
        void app.idle().then(() => app.intent(this.spec.plugin));
        return;
      }
      app.intent(this.spec.plugin);
      // A view mounted on demand (`mountWhen`: the side buttons' windows): its chunk is evaluated now, on
      // intent, so the open that follows only renders it.
      if (this.spec.mountWhen) void this.spec.view?.().catch(() => undefined);
    };
    for (const type of ['pointerenter', 'focusin', 'click'] as const) {
      this.addEventListener(type, intent, { once: true, passive: true });
    }
    const { plugin } = this.spec;
    if (plugin) {
      // Every event of the plugin, whatever it is: forwarded untyped as `la-<event>`.
      this.#subscriptions.push(app.bus.events(`${plugin}.*`).subscribe((event) => this.emit(event.name.slice(plugin.length + 1).toLowerCase(), event.data)));
      void app.whenProvidedByName(plugin).then((controller) => {
        this.#controller = controller;
        if (!this.spec.mountWhen) return this.#mount();
        this.render();
        // Watched with the parts chunk (without it, mounted at once: the window still opens).
        void loadParts(app).then(
          ({ mountWhenOpen }) => {
            if (!this.isConnected) return;
            const stop = mountWhenOpen(controller, () => {
              queueMicrotask(() => stop());
              void this.#mount();
            });
            this.#unsubscribe.push(stop);
          },
          () => this.#mount(),
        );
      });
    }
    const { launcher } = this.spec;
    if (launcher) {
      // In the task after this one too (loadParts).
      if (!launchers.has(this.spec)) launchers.set(this.spec, app.nextTask().then(launcher));
      launchers.get(this.spec)!.then(
        (module) => {
          if (!this.isConnected || this.#launcher) return;
          this.adopt(module.sheets ?? []);
          this.#launcher = module;
          if (module.attach) this.#unsubscribe.push(module.attach(this));
          this.render();
        },
        (error: unknown) => this.#failed('launcher', error),
      );
    }
    // Drawn once the language pack and the common sheets are in (fetched side by side): never unstyled.
    const styled = loadParts(app).then(
      (loaded) => {
        this.adopt(loaded.sheets, true);
        this.#parseAll();
        if (plugin && this.isConnected) this.#unsubscribe.push(loaded.followDocks(this, plugin, (on) => this.#setState('docked', on)));
        // Drawn once the page's sheet is adopted too (at once on a page without one): no frame without the site's rules.
        return loaded.pageSheet(this.ownerDocument, app.config.main.customStylesheetID).then(
          (page) => {
            this.#pageSheets = page;
            this.adopt([]);
          },
          // Its chunk did not load (the browser says so): drawn with our own looks.
          () => undefined,
        );
      },
      // Drawn all the same (unstyled, its attributes unread), with the load error in it: never blank.
      (error: unknown) => this.#failed('parts', error),
    );
    this.#whenStyled = Promise.all([app.ready, styled]).then(() => {
      this.#styled = true;
      this.render();
    });
  }

  disconnectedCallback(): void {
    this.app.elements.delete(this);
    // Attached again on the next connection.
    this.#launcher = undefined;
    this.#subscriptions.splice(0).forEach((s) => s.unsubscribe());
    this.#unsubscribe.splice(0).forEach((off) => off());
  }

  attributeChangedCallback(name: string): void {
    // Parsed with the parts chunk; before it, all of them once it is in (nothing is drawn until then).
    if (parts) this.#parse(name);
    if (name === 'theme' && currentApp) this.#applyEnvironment();
    if (this.#view) this.#view.attrs = { ...this.#attributes };
    if (this.isConnected) this.render();
  }

  /** Dispatches the public `la-<name>` event from the host: bubbling and composed. */
  emit(name: string, detail?: unknown): boolean {
    return this.dispatchEvent(new CustomEvent(`la-${name}`, { detail, bubbles: true, composed: true, cancelable: true }));
  }

  /**
   * Re-renders the light markup (launcher, attribute errors) around the view, in place: the `.la-root`
   * wrapper and the view element are created once and never moved, only what changed is written.
   */
  render(): void {
    if (!currentApp || !this.#styled) return;
    const { lang } = currentApp.environment.value;
    const doc = this.ownerDocument;
    let root = this.#root;
    if (!root) {
      root = this.#root = this.shadowRoot!.appendChild(doc.createElement('div'));
      root.className = 'la-root';
      root.setAttribute('part', 'root');
    }
    if (root.lang !== lang) root.lang = lang;
    // The root's children: the error box, the launcher's drawing (its chunk's lit-html, in its own part that
    // ends at this marker), the view. Nodes only come and go around the ones in place, so one that holds
    // focus is never taken out of the document.
    const end = (this.#launcherEnd ??= root.appendChild(doc.createComment('')));
    const errors = [...this.#errors.values()];
    if (errors.length) {
      let box = this.#errorBox;
      if (!box) {
        box = this.#errorBox = doc.createElement('div');
        box.className = 'la-element-error';
        box.setAttribute('role', 'alert');
      }
      const shown = [...box.children].map((p) => p.textContent);
      if (shown.length !== errors.length || shown.some((e, i) => e !== errors[i])) {
        box.replaceChildren(...errors.map((e) => Object.assign(doc.createElement('p'), { textContent: e })));
      }
      if (box.parentNode !== root) root.insertBefore(box, root.firstChild);
    } else this.#errorBox?.remove();
    this.#launcher?.draw(this, root, end);
    if (this.#view && this.#view.parentNode !== root) root.appendChild(this.#view);
  }

  /** A chunk of this element's did not load: said in the element, in the app's language, never a blank widget. */
  #failed(what: string, error: unknown): void {
    console.error(`[live-assist] <${this.localName}> could not load its ${what}`, error);
    // In the page's language: a chunk may fail before the language pack is in.
    void this.app.ready.then(() => {
      this.#errors.set(what, this.app.t.t('common.loadError'));
      this.render();
    });
  }

  /**
   * Adopts `sheets` after ours in place, or before them (`first`: the tokens and base, whatever arrived
   * earlier); the page's sheet (`main.customStylesheetID`) stays last.
   */
  adopt(sheets: readonly CSSStyleSheet[], first = false): void {
    const shadow = this.shadowRoot!;
    const page = this.#pageSheets;
    const ours = shadow.adoptedStyleSheets.filter((s) => !page.includes(s));
    const missing = sheets.filter((s) => !ours.includes(s));
    shadow.adoptedStyleSheets = [...(first ? [...missing, ...ours] : [...ours, ...missing]), ...page];
  }

  #parseAll(): void {
    for (const name of Object.keys(this.spec.attributes ?? {})) this.#parse(name);
    if (this.#view) this.#view.attrs = { ...this.#attributes };
  }

  #parse(name: string): void {
    const type = this.spec.attributes?.[name];
    if (!type || !parts) return;
    const { value, error } = parts.parseAttribute(this.localName, name, type, this.getAttribute(name));
    const property = parts.propertyName(name);
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

  async #mount(): Promise<void> {
    if (this.#view || this.#mounting || !this.spec.view) return;
    this.#mounting = true;
    // A view mounted on demand (`mountWhen`) may come before the runtime its plugin did not load: fetched
    // beside the view's chunk, not after it (a no-op once loaded).
    void this.app.loadRuntime().catch(() => undefined);
    try {
      // A view draws window texts: the whole language pack, which its plugin's load brings too.
      const [view] = await Promise.all([this.spec.view(), this.app.texts()]);
      // Made only once it can be placed at once: r2wc renders a view element as soon as it has its
      // properties, and a view rendered outside the document takes no focus (a docked window's first field).
      await this.#whenStyled;
      this.adopt(view.sheets);
      const element = document.createElement(view.tag) as HTMLElement & Partial<ViewHostProps>;
      Object.assign(element, { app: this.app, host: this, controller: this.#controller, attrs: { ...this.#attributes } });
      this.#view = element;
      this.render();
    } catch (error) {
      this.#failed('view', error);
    } finally {
      this.#mounting = false;
    }
  }
}

/** Defines a public element class under its spec's tag (once; a second definition is ignored). */
export function defineElement(element: typeof LaElement, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(element.spec.tag)) registry.define(element.spec.tag, element);
}
