import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };
import type { Subscription } from 'rxjs';
import type { DockEntry } from '../../src/plugins/window-manager/window-manager.ts';
import type { App } from '../../src/app/app.ts';

export { parseAttribute, propertyName } from './attributes.ts';

/**
 * The page's sheet of `main.customStylesheetID` (elements/common/page-sheet.ts): a chunk of its own,
 * fetched only on a page that names one, so the others pay nothing for it.
 */
export const pageSheet = (doc: Document, id: string | undefined): Promise<readonly CSSStyleSheet[]> =>
  id ? import('./page-sheet.ts').then((module) => module.pageSheet(doc, id)) : Promise.resolve([]);

/**
 * What an element needs once it draws, not before: a chunk of its own, not the loader's, fetched when the
 * first element connects, beside the language pack its first render waits for anyway
 * (elements/common/host.ts).
 *
 * The sheets every element adopts first: the `--la-*` tokens (dark default, light) and the base rules
 * (the root, focus rings, the element's error box).
 */
export const sheets: readonly CSSStyleSheet[] = [tokens, base];

interface WindowSnapshot {
  matches(state: 'closed'): boolean;
}

/**
 * `mountWhen: 'open'`: the view mounts once the window's actor (`controller.actor`) leaves `closed` —
 * opened by a click, a command, a restore after a reload, another tab — never before (the chat's button,
 * say, is the launcher's, drawn without React).
 */
export function mountWhenOpen(controller: unknown, mount: () => void): () => void {
  const { actor } = controller as { actor: { getSnapshot(): WindowSnapshot; subscribe(next: (snapshot: WindowSnapshot) => void): Subscription } };
  const check = (snapshot: WindowSnapshot) => {
    if (!snapshot.matches('closed')) mount();
  };
  const subscription = actor.subscribe(check);
  check(actor.getSnapshot());
  return () => subscription.unsubscribe();
}

/** What dock following needs of an element (elements/common/host.ts `LaElement`, which imports this chunk). */
export interface DockingHost {
  readonly app: App;
  readonly shadowRoot: ShadowRoot | null;
  adopt(sheets: readonly CSSStyleSheet[]): void;
}

/** Each element's dock offset, an adopted sheet (no inline style), made the first time its window docks. */
const offsets = new WeakMap<DockingHost, CSSStyleSheet>();

/**
 * Follows the window manager for `host` while it is connected: where `plugin`'s window docks
 * (`--la-dock-offset`), and whether a docked view is on the page (`docked`: a bar at the bottom when
 * minimised on a phone, which launchers step aside for). A window manager that already runs is asked
 * for its registry at once, so a dock from before this chunk arrived is not missed. Returns how to stop.
 */
export function followDocks(host: DockingHost, plugin: string, docked: (on: boolean) => void): () => void {
  const { bus } = host.app;
  const follow = (entries: readonly DockEntry[]) => {
    const entry = entries.find((dock) => dock.plugin === plugin);
    if (entry) {
      let sheet = offsets.get(host);
      if (!sheet) {
        offsets.set(host, (sheet = new CSSStyleSheet()));
        host.adopt([sheet]);
      }
      sheet.replaceSync(`:host { --la-dock-offset: ${Math.round(entry.position)}px; }`);
    }
    docked(entries.some((dock) => dock.viewType === 'DockView'));
  };
  const off = bus.subscribe('WindowManager.changed', (event) => follow(event.data));
  if (bus.describe().some((p) => p.name === 'WindowManager' && p.ready)) {
    void bus.command('WindowManager.getRegistry', undefined, { commander: plugin }).then(follow, () => undefined);
  }
  return off;
}
