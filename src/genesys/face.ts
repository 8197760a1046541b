/**
 * The Genesys Widgets face of one app, wired: its `CXBus` (cxbus.ts) and the extension kit
 * (extensions.ts) that hands extensions, form validate functions and `App.registerExtension`'s
 * extensions the same `$`, `CXBus` and `Common`. The entry points build it once per app.
 */
import type { CookieJar } from '../app/storage.ts';
import { createCommon } from './common.ts';
import { createCXBus } from './cxbus.ts';
import type { CXBus, CXBusHost, CXBusOptions } from './cxbus.ts';
import { createExtensionKit } from './extensions.ts';
import { genesysForm, packsOf } from './form.ts';
import type { ExtensionKit, ExtensionKitOptions } from './extensions.ts';

/**
 * What the face needs of the app (src/app/app.ts `App` is one). `cookies` and `config` are read when
 * `Common` is made (the first extension or validate), so a host made with the bus, before the app, may
 * answer them with getters that follow the app.
 */
export interface GenesysHost extends CXBusHost {
  readonly window: Pick<Window, 'document'>;
  readonly cookies?: CookieJar;
  readonly config?: { readonly main: { readonly debug?: boolean; readonly lang?: unknown; readonly i18n?: unknown } };
}

export interface GenesysFace {
  readonly cxbus: CXBus;
  readonly extensions: ExtensionKit;
}

const faces = new WeakMap<GenesysHost, GenesysFace>();

/** The app's face (made once; later calls answer the same, whatever their options). */
export function createGenesysFace(
  host: GenesysHost,
  { importFile, loadJQuery, startCore }: Pick<CXBusOptions, 'importFile' | 'startCore'> & Pick<ExtensionKitOptions, 'loadJQuery'> = {},
): GenesysFace {
  let face = faces.get(host);
  if (face) return face;
  // The CXBus hands App.registerExtension's extensions the kit's arguments (asked only as one runs, when
  // `kit` is there), and the kit hands out the CXBus.
  // `WebChat.open`'s `formJSON` is a Widgets form: drawn by ours as the configured one is (form.ts).
  // The language packs: the app's configuration, else the page's (the entry point writes it at start).
  const main = () => host.config?.main ?? (host.window.document.defaultView as { liveAssistConfig?: { main?: unknown } } | null)?.liveAssistConfig?.main;
  const form = (definition: unknown) => genesysForm(definition, { kit, ...packsOf(main()) });
  const cxbus = createCXBus(host, { ...(importFile ? { importFile } : {}), ...(startCore ? { startCore } : {}), extensionArgs: () => kit.args(), form });
  const kit = createExtensionKit({
    cxbus,
    common: ($) => createCommon({ $, window: host.window, ...(host.cookies ? { cookies: host.cookies } : {}), debug: !!host.config?.main.debug }),
    ...(loadJQuery ? { loadJQuery } : {}),
  });
  faces.set(host, (face = { cxbus, extensions: kit }));
  return face;
}
