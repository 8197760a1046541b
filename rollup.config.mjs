// @ts-check
// One entry, dist/live-assist.js (the loader), plus lazily loaded chunks:
//   runtime-[hash].js   react, react-dom, scheduler, r2wc, xstate, @xstate/react (src/runtime.ts)
//   luxon-[hash].js, intl-tel-input-[hash].js, libphonenumber-js-[hash].js   heavy libraries, shared by the widgets that need them
//   one chunk per plugin and per view, one per language pack
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import MagicString from 'magic-string';
import nodeResolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import json from '@rollup/plugin-json';
import esbuild from 'rollup-plugin-esbuild';
import terser from '@rollup/plugin-terser';
import { transformSync } from 'esbuild';
import { WIDGETS } from './scripts/registry.mjs';

/** `import sheet from './x.css' with { type: 'css' }` → a constructable CSSStyleSheet (as Chromium does natively). */
function cssSheets() {
  return {
    name: 'css-sheets',
    load(id) {
      if (!id.endsWith('.css')) return null;
      const css = transformSync(readFileSync(id, 'utf8'), { loader: 'css', minify: true }).code.trim();
      return {
        code: `const sheet = new CSSStyleSheet();\nsheet.replaceSync(${JSON.stringify(css)});\nexport default sheet;\n`,
        moduleSideEffects: false,
      };
    },
  };
}

/** Empties dist/ before a build, and writes dist/bundle-manifest.json: every chunk with its source
 * modules, so `npm run bench` can attribute bytes to the loader, the runtime and each widget, and the
 * module graph (each module's static and dynamic imports), so its load levels count only the dynamic
 * imports a window's own code can reach. */
function bundleManifest() {
  return {
    name: 'bundle-manifest',
    // The output folder (dist/, or another given with `-d`, e.g. for an analysis build that must not
    // touch the dist/ others test against) is emptied before writing.
    renderStart(options) {
      rmSync(options.dir ?? 'dist', { recursive: true, force: true });
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (entry?.imports.length)
        this.error(`the loader must import no chunk (it imports ${entry.imports.join(', ')}): a module of the loader was put into a shared chunk`);
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          isDynamicEntry: chunk.isDynamicEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.keys(chunk.modules).map((id) => relative(process.cwd(), id.replace(/^\0/, '').split('?')[0])),
        }));
      const path = (id) => relative(process.cwd(), id.replace(/^\0/, '').split('?')[0]);
      /** @type {Record<string, { imports: string[], dynamicImports: string[] }>} */
      const graph = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) {
          const info = this.getModuleInfo(id);
          if (info) graph[path(id)] = { imports: info.importedIds.map(path), dynamicImports: info.dynamicallyImportedIds.map(path) };
        }
      }
      this.emitFile({ type: 'asset', fileName: 'bundle-manifest.json', source: JSON.stringify({ chunks, graph }, null, 2) });
    },
  };
}

/**
 * The load graph for `<link rel=modulepreload>` (src/preload.ts): the string "__LA_PRELOAD__" of
 * src/load-graph.ts (a chunk of its own, not the loader: fetched at idle or on the first intent) becomes
 * `{ f: [files], p: { <plugin>: [indices] , runtime: [indices], 'transport:<type>': [indices] }, v: { <plugin>: [indices] } }`,
 * where a plugin's `p` list is the static closure of its chunk, its `v` list that of its element's view
 * chunk less the plugin's (the entry excluded; intent preloads both, a plugin loading without the runtime
 * only `p`), and a chat transport's (src/plugins/webchat-service/webchat-service.ts `TRANSPORTS`) the closure of its
 * module: the loader adds the configured one to the chat's. With it the loader fetches every file a window needs at
 * once, on intent (one round trip after the graph's, not one per import level), and `preload: 'idle'`
 * fetches them without evaluating anything. Plugin, view and transport modules are read from their
 * registries (src/plugins/index.ts, elements/<w>/la-<w>.ts, webchat-service/webchat-service.ts), so a new plugin is in the
 * graph without an edit here. File names carry rollup's hash placeholders, replaced after this hook (the
 * graph chunk's own hash follows them: a changed chunk renames the graph).
 */
function preloadGraph() {
  const pluginModules = () => {
    const source = readFileSync('src/plugins/index.ts', 'utf8');
    return [...source.matchAll(/(\w+): \(\) => import\('\.\/([\w./-]+)'\)/g)].map(([, name, file]) => [name, resolve('src/plugins', file)]);
  };
  const viewModules = () => {
    const views = new Map();
    for (const dir of readdirSync('elements', { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join('elements', dir.name)).filter((f) => /^la-[\w-]+\.ts$/.test(f))) {
        const source = readFileSync(join('elements', dir.name, file), 'utf8');
        const plugin = /plugin: '(\w+)'/.exec(source)?.[1];
        const view = /view: \(\) => import\('\.\/([\w.-]+)'\)/.exec(source)?.[1];
        if (plugin && view) views.set(plugin, resolve('elements', dir.name, view));
      }
    }
    return views;
  };
  const transportModules = () => {
    const source = readFileSync('src/plugins/webchat-service/webchat-service.ts', 'utf8');
    return [...source.matchAll(/(\w+): \(\) => import\('(?:\.\.\/)+services\/chat\/([\w./-]+)'\)/g)].map(([, type, file]) => [
      type,
      resolve('src/services/chat', file),
    ]);
  };
  return {
    name: 'preload-graph',
    renderChunk(code, chunk, _options, meta) {
      const marker = /(["'])__LA_PRELOAD__\1/.exec(code);
      if (!marker) return null;
      if (chunk.isEntry) this.error("preload graph: the loader holds the graph's marker; it belongs to src/load-graph.ts, a chunk of its own");
      const chunks = Object.values(meta.chunks);
      const byModule = (id) => chunks.find((c) => c.moduleIds.includes(id));
      const files = [];
      // The graph's own chunk and what it imports statically (after-boot …) are evaluated by the time the
      // graph is read: linking them again cost each window's open two links for nothing.
      const loaded = new Set();
      const walk = (c) => {
        if (!c || c.isEntry || loaded.has(c.fileName)) return;
        loaded.add(c.fileName);
        for (const name of c.imports) walk(meta.chunks[name]);
      };
      walk(chunk);
      const closure = (start) => {
        const seen = new Set();
        const visit = (c) => {
          if (!c || c.isEntry || seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const name of c.imports) visit(meta.chunks[name]);
        };
        start.forEach(visit);
        return [...seen]
          .filter((file) => !loaded.has(file))
          .map((file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1))
          .sort((a, b) => a - b);
      };
      const views = viewModules();
      const p = { runtime: closure([byModule(resolve('src/runtime.ts'))]) };
      const v = {};
      for (const [name, id] of pluginModules()) {
        const plugin = byModule(id);
        if (!plugin) this.error(`preload graph: no chunk holds the ${name} plugin (${id})`);
        p[name] = closure([plugin]);
        // The view's files the plugin's do not hold: preloaded with the runtime, never by a plugin that
        // loads without it (the chat's, when idle, for its button).
        if (views.has(name)) v[name] = closure([byModule(views.get(name))]).filter((i) => !p[name].includes(i));
      }
      const transports = transportModules();
      if (transports.length === 0) this.error('preload graph: no chat transport found in src/plugins/webchat-service/webchat-service.ts TRANSPORTS');
      for (const [type, id] of transports) {
        const transport = byModule(id);
        if (!transport) this.error(`preload graph: no chunk holds the ${type} chat transport (${id})`);
        p[`transport:${type}`] = closure([transport]);
      }
      const graph = JSON.stringify(JSON.stringify({ f: files, p, v }));
      const out = new MagicString(code);
      out.overwrite(marker.index, marker.index + marker[0].length, graph);
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/**
 * The loader's plugin names (src/plugins/names.ts) as a literal list taken from the registry at build
 * time: the loader needs only the names, and the registry's rows (src/widgets.ts) go with the load graph,
 * the one chunk that reads them. Unbuilt (the tests), names.ts reads the registry itself: the same list.
 */
function registryNames() {
  const names = resolve('src/plugins/names.ts');
  return {
    name: 'registry-names',
    load(id) {
      if (id !== names) return null;
      return `export const PLUGINS = ${JSON.stringify(WIDGETS.flatMap((row) => row.plugins))};\n`;
    },
  };
}

/**
 * V8's explicit compile hint (Chromium 136+, https://v8.dev/blog/explicit-compile-hints): the magic
 * comment `//# allFunctionsCalledOnLoad` on a chunk's first line makes V8 compile every function of the
 * chunk on a background thread while it streams, instead of on the main thread as each function first
 * runs. Lazy chunks are fetched when their code is about to run, so most of it then runs at once.
 * Not hinted: the loader (most of its functions run only when asked), data (language packs), code that
 * may not run (the configuration's explanations), and libraries of which an open calls a small part
 * (luxon, libphonenumber-js, the CometD client): an open's modules wait for their compile to end. What
 * each choice measured is in docs/performance-history.md.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const LANGUAGES = readdirSync('locales')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
export const UNHINTED = new Set(['luxon', 'libphonenumber-js', 'cometd', 'config-check', ...LANGUAGES, ...LANGUAGES.map((lang) => `launcher-texts-${lang}`)]);
function compileHints() {
  return {
    name: 'compile-hints',
    renderChunk(code, chunk) {
      if (chunk.isEntry || UNHINTED.has(chunk.name)) return null;
      const out = new MagicString(code);
      out.prepend(COMPILE_HINT);
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

// React and what renders with it: evaluated on intent (or by a view). XState is its own chunk: plugins
// (logic, no view) need only it, so a plugin that loads when idle (the sidebar's availability rule)
// evaluates no React.
const RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler|@r2wc|@xstate|use-sync-external-store)[\\/]|[\\/]src[\\/]runtime\.ts$/;
// The official CometD client with the one module that configures it: loaded only by the CometD chat
// transport and the MessagingClient plugin, never by a REST-only page (bench row 'cometd'). The callback's
// country picker (intl-tel-input, its sheet and elements/common/phone-picker.ts) is imported by the
// view when idle after the window's first frame, so it is not among the files an open links. XState's
// chunk also holds machines/deferred.ts, which every provided machine uses (in the first importer's chunk,
// the callback's, it made send message, search and the chat session load the callback's code), the
// lifecycle report the callback and click-to-call share (for the same reason), and the
// side-button machine of the chat, send message and search (1.6 KB, built on first use): a file of its
// own was one more request in each of their opens. libphonenumber-js's chunk holds the callback's number
// check (machines/phone-check.ts), imported when idle after the form's first frame, or by a submit.
const LIBRARIES = {
  xstate: /[\\/]node_modules[\\/]xstate[\\/]|[\\/]machines[\\/](?:deferred|lifecycle-report|side-button\.machine)\.ts$/,
  cometd: /[\\/]node_modules[\\/]cometd[\\/]|[\\/]src[\\/]services[\\/]messaging-client\.ts$/,
  valibot: /[\\/]node_modules[\\/]valibot[\\/]|[\\/]src[\\/](?:app[\\/]section|services[\\/]answer)\.ts$/,
  luxon: /[\\/]node_modules[\\/]luxon[\\/]/,
  'intl-tel-input': /[\\/]node_modules[\\/]intl-tel-input[\\/]|[\\/]elements[\\/]common[\\/]phone-picker\.ts$/,
  'libphonenumber-js': /[\\/]node_modules[\\/]libphonenumber-js[\\/]|[\\/]machines[\\/]phone-check\.ts$/,
};

/**
 * Chunks that always load together, merged (fewer round trips): each registry row's `chunks`
 * (src/widgets.ts) — a window's plugin, machine, view and stylesheet are one chunk; callback and its
 * service are one, the calendar another. The small view modules every window shares (window chrome,
 * dialogs, fields, sanitising, office hours text …) are one, `views`; the small shared logic modules go
 * with valibot, which every plugin loads. Loader modules (elements' `la-*.ts` hosts, the launcher) are
 * never named here: the loader imports nothing.
 */
const WIDGET_CHUNKS = Object.fromEntries(WIDGETS.flatMap((row) => Object.entries(row.chunks ?? {})));
const widgetChunkOf = new Map(Object.entries(WIDGET_CHUNKS).flatMap(([chunk, names]) => names.map((n) => [n, chunk])));
const VIEWS =
  /^(?:elements\/common\/(?:chrome|context|define-view|modal|window-icons|dialogs|fields|safe-html|helpful-vote|office-text|keyboard|drag)\.tsx?|styles\/chrome\.css)$/;
// The sanitiser and its Trusted Types policy (no React): the views import it, and so does the chat button
// when a site gives it a template (elements/chat/launcher.ts), which must not fetch React for that.
const SANITISER = /^(?:elements\/common\/(?:sanitize|trusted-types)|src\/app\/trusted-types)\.ts$/;
// The light markup drawn without React (the sidebar's strip) with lit-html, the icons and its sheet: one
// chunk, fetched when such an element connects, beside the language pack (the loader holds none of it).
const LAUNCHERS = /^(?:node_modules\/lit-html\/.+\.js|elements\/common\/icons\.ts|elements\/sidebar\/launcher\.ts|styles\/sidebar\.css)$/;
// The side buttons (the registry rows with `sideButton`), drawn without React with the launchers'
// lit-html and icons: a small chunk of their own, so a page with a sidebar and no side button pays nothing
// for them; fetched when such an element connects (its plugin appends it to show the button).
const sideButtonFolders = WIDGETS.filter((row) => row.sideButton).map((row) => row.name);
const SIDE_BUTTONS = new RegExp(`^(?:elements/common/side-button\\.ts|elements/(?:${sideButtonFolders.join('|')})/launcher\\.ts|styles/side-button\\.css)$`);
const SHARED_LOGIC =
  /^(?:machines\/(?:availability|snippet|chat-transcript)|src\/app\/(?:bytes|clock|records|ids|by-index)|src\/plugins\/(?:[\w-]+\/)?(?:stats-config|office-hours|webchat-config))\.ts$/;
function mergedChunk(path) {
  if (VIEWS.test(path)) return 'views';
  if (SANITISER.test(path)) return 'sanitize';
  // The plugin table (the loader holds only the names) and the rule of commands named by data come with
  // the load graph, which intent, the idle preload and a plugin's first load fetch anyway; so does the
  // window manager (1.5 KB), which every window's open commands: one request fewer in each open.
  if (/^src\/(?:load-graph|widgets|plugins\/index|plugins\/(?:window-manager\/)?window-manager|bus\/channel-commands)\.ts$/.test(path)) return 'load-graph';
  if (SHARED_LOGIC.test(path)) return 'valibot';
  // The calendar's dates and slots (luxon): with the calendar, the one window that shows them.
  if (/^(?:src\/app\/datetime|machines\/calendar-slots)\.ts$/.test(path)) return 'calendar';
  // Whether a chat may come back (its cookie, read by hand): after-boot asks it on every page, before the
  // load graph and the chat's plugin do. Named with after-boot itself, or it is a chunk of its own.
  if (/^src\/(?:after-boot|app\/chat-return|app\/restore)\.ts$/.test(path)) return 'after-boot';
  // The knowledge lines' shape, shared by the chat's plugin, its view and chat deflection: with the plugin.
  if (path === 'machines/chat-knowledge.ts') return 'webchat';
  // The start form's rules, shared by the window machine (the plugin) and the form's view: with the plugin.
  if (path === 'machines/chat-form.ts') return 'webchat';
  // The transcripts' shape and the transports' shared helpers, read by the transports, which all load with the chat service's chunk.
  if (path === 'src/services/chat/transcript-schema.ts' || path === 'src/services/chat/transports/shared.ts') return 'chat-service';
  // The cloud transport is a folder (REST paging, the socket stream): one chunk named for the protocol, not 'index'.
  if (path.startsWith('src/services/chat/transports/cloud/')) return 'cloud';
  // Co-browse's relay client goes with its plugin; the recorder (rrweb) is a chunk of its own, imported
  // only when a session starts, so a page pays nothing for it before.
  if (/^src\/services\/cobrowse\/(?:provider|rrweb-provider)\.ts$/.test(path)) return 'cobrowse';
  if (path === 'src/services/cobrowse/recorder.ts' || /(?:^|\/)node_modules\/(?:rrweb|@rrweb|rrweb-snapshot|rrdom)\//.test(path)) return 'cobrowse-recorder';
  // Rich media in the chat (quick replies, cards …): imported by a transcript row when the first structured message arrives.
  if (path.startsWith('elements/chat/rich/') || path === 'styles/chat-rich.css') return 'rich-media';
  if (LAUNCHERS.test(path)) return 'launchers';
  // What every element needs once it draws (the tokens and base sheets, attribute parsing): fetched when the first element connects.
  if (/^(?:elements\/common\/(?:parts|attributes)\.ts|styles\/(?:tokens|base)\.css)$/.test(path)) return 'parts';
  // The page's sheet (main.customStylesheetID): a chunk of its own, asked by the parts only on a page that names one.
  if (path === 'elements/common/page-sheet.ts') return 'page-sheet';
  if (SIDE_BUTTONS.test(path)) return 'side-buttons';
  if (/\/la-[\w-]+\.ts$|^elements\/common\//.test(path)) return undefined;
  const name =
    /^elements\/([\w-]+)\/(?:[\w-]+\/)?[\w.-]+\.tsx?$/.exec(path)?.[1] ??
    /^src\/plugins\/(?:[\w-]+\/)?([\w-]+)\.ts$/.exec(path)?.[1] ??
    /^machines\/([\w-]+)\.machine\.ts$/.exec(path)?.[1] ??
    /^styles\/([\w-]+)\.css$/.exec(path)?.[1];
  // A plugin folder's own modules (webchat/window.ts …) go with the plugin the folder is named for.
  const folder = /^src\/plugins\/([\w-]+)\/[\w-]+\.ts$/.exec(path)?.[1];
  return (name && widgetChunkOf.get(name)) ?? (folder ? widgetChunkOf.get(folder) : undefined);
}

const loader = {
  input: { 'live-assist': 'src/index.ts' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    sourcemap: true,
    manualChunks(id) {
      if (RUNTIME.test(id)) return 'runtime';
      // The launchers' part of a language pack (src/app/packs.ts): named apart from the whole pack.
      const texts = /locales[\\/]launchers[\\/](\w+)\.json$/.exec(id);
      if (texts) return `launcher-texts-${texts[1]}`;
      for (const [name, pattern] of Object.entries(LIBRARIES)) if (pattern.test(id)) return name;
      return mergedChunk(relative(process.cwd(), id).split('\\').join('/'));
    },
  },
  // The entry keeps its public exports (LiveAssist, Bus …). Lazy chunks never import loader code (what a
  // view needs from the loader reaches it through the app, e.g. `app.elements`): otherwise rollup either
  // turns live-assist.js into a facade that loads the real loader as a second request, or (with
  // 'allow-extension') has chunks import './live-assist.js' by name, which breaks a page that loads it
  // with a query string (?v=0.1.0). test/e2e/loader.test.mjs checks that no chunk imports the entry.
  preserveEntrySignatures: 'exports-only',
  plugins: [
    bundleManifest(),
    preloadGraph(),
    registryNames(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    cssSheets(),
    nodeResolve({ browser: true, exportConditions: ['browser', 'es2015', 'production'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
    // React's CommonJS files hoisted to the chunk's top level, not wrapped in a function called on first
    // require: V8 compiles a wrapped file's one huge function again on the main thread when it is called.
    // Safe here: no cycles, and the one condition (React's index files on NODE_ENV) is decided above by
    // replace; the runtime chunk has no development build in it.
    commonjs({ strictRequires: false }),
    json({ preferConst: true, compact: true }),
    esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json', include: /\.[jt]sx?$/ }),
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
    // After terser, which drops comments.
    compileHints(),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
};

/**
 * The Genesys Widgets 9 layer (src/genesys/, docs/migrating-from-genesys.md): builds of their own, so the
 * loader and its chunks hold none of it and a page that does not load it pays nothing. widgets.min.js and
 * cxbus.min.js are classic scripts (a Widgets page loads them with a plain <script src>), so IIFEs; they
 * import the loader and jQuery beside them by URL at run time. index.js is the same as a module
 * (`import 'live-assist/genesys'`). jquery.js is jQuery 3 as a module, fetched only for extensions.
 */
const layerPlugins = () => [
  nodeResolve({ browser: true, extensions: ['.ts', '.mjs', '.js', '.json'] }),
  commonjs(),
  json({ preferConst: true, compact: true }),
  esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', include: /\.[jt]sx?$/ }),
  terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
];
// The default `import('jquery')` of src/genesys/extensions.ts is never called by the layer (it hands the URL of jquery.js).
const layer = (input, file, format) => ({
  input,
  output: { file, format, sourcemap: true, inlineDynamicImports: true },
  external: ['jquery'],
  plugins: layerPlugins(),
});

export default [
  loader,
  layer('src/genesys/entries/widgets.ts', 'dist/genesys/widgets.min.js', 'iife'),
  layer('src/genesys/entries/cxbus.ts', 'dist/genesys/cxbus.min.js', 'iife'),
  layer('src/genesys/index.ts', 'dist/genesys/index.js', 'es'),
  {
    input: 'jquery',
    output: { file: 'dist/genesys/jquery.js', format: 'es', sourcemap: true },
    plugins: [nodeResolve({ browser: true }), commonjs(), terser({ format: { comments: /^!|@license/ } })],
  },
];
