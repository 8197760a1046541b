#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: what live-assist costs a host page.
 *
 * 1. Builds (`npx rollup -c`), then reads dist/bundle-manifest.json and prints the gzip (level 9) and
 *    brotli (quality 11) bytes of: the loader (dist/live-assist.js plus anything it imports statically),
 *    the React runtime chunk, each widget's own chunks (a chunk belongs to widget <w> when its modules
 *    come from elements/<w>/, src/plugins/<w>.ts, machines/<w>.machine.ts, styles/<w>.css or
 *    src/services/<w>(.ts|/); a widget's chunks are summed; budgets.json maps several names to one row,
 *    e.g. callback + calendar + callback-service), shared chunks (common
 *    window chrome, luxon, intl-tel-input …, each on its own row, counted once), language packs and the
 *    whole suite (every JS file). Budgets are gzip KiB (1024 bytes) from test/bench/budgets.json; a row
 *    above its budget makes the script exit 1 (after the timings), naming the row. Widgets not built
 *    yet show a dash.
 * 2. Serves dist/ and a plain host page (config in an external script, one module script, one
 *    <la-sidebar>) from a node:http server on 127.0.0.1 (gzip/brotli as the browser asks), and loads
 *    it 5 times in headless Chromium (Playwright, fresh context each time): time to
 *    `LiveAssist.ready`, to the sidebar's first button, bytes transferred before any interaction (the
 *    runtime must not be among them: preload is 'intent'), and `LiveAssist.command('Console.open')`
 *    until the console window shows (runtime load included). Medians are printed; timings are
 *    information, never asserted.
 * Everything is also written to dist/bench.json.
 *
 * 3. The side-by-side tables of issue 17 item 4 (test/bench/side-by-side.mjs): (a) bytes before interaction
 *    per preload mode on the demo page, (b) the host article page with live-assist and the peers at 4×,
 *    (c) Lighthouse with and without the widgets, (d) open → usable window cold, warm (a new tab) and
 *    reopened (the second open in that tab) at 1× and 4×, (e) memory after 20 and 40 opens and closes,
 *    and (f) the transcript at 5,000 messages. The peers and
 *    Lighthouse come from test/bench/.peers/ (`npm run bench:peers`); without it their rows are skipped
 *    with a note, so the default run needs neither.
 * Options: --skip-build (measure the existing dist/), --no-browser (sizes and levels only), --runs=N
 * (default 5 for the load table, 3 for the side-by-side ones), --quick (1 run each, 5 memory cycles),
 * --only=t1,t2 (tables: sizes, levels, load, bytes, host, lighthouse, click, memory, transcript; byte
 * budgets are checked whatever is printed).
 * CHROME_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromiumPath, launchChromium } from '../chromium.mjs';
import { tableOf, WIDGETS } from '../../scripts/registry.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DIST = join(ROOT, 'dist');
const KiB = 1024;
const args = process.argv.slice(2);
const SKIP_BUILD = args.includes('--skip-build');
const NO_BROWSER = args.includes('--no-browser');
const QUICK = args.includes('--quick');
const RUNS_GIVEN = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? (args.includes('--runs') ? args[args.indexOf('--runs') + 1] : NaN));
const RUNS = RUNS_GIVEN || (QUICK ? 1 : 5);
/** The side-by-side tables' runs: fewer by default, so CI's `npm run bench` stays short. */
const SIDE_RUNS = RUNS_GIVEN || (QUICK ? 1 : 3);
/**
 * The tables, in the order printed. `--only a,b` (or `--only=a,b`) runs those alone; without it, every
 * table runs, those that need test/bench/.peers/ (lighthouse; the peers' rows of host) skipped with a
 * note unless `npm run bench:peers` installed it.
 */
const TABLES = ['sizes', 'levels', 'load', 'bytes', 'host', 'lighthouse', 'click', 'memory', 'transcript'];
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice(7) ?? (args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined);
const ONLY = onlyArg
  ? onlyArg
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
  : null;
if (ONLY) {
  const unknown = ONLY.filter((t) => !TABLES.includes(t));
  if (unknown.length) {
    console.error(`bench: unknown table ${unknown.join(', ')} (tables: ${TABLES.join(', ')}).`);
    process.exit(2);
  }
}
const wants = (/** @type {string} */ t) => (ONLY ? ONLY.includes(t) : true) && (NO_BROWSER ? t === 'sizes' || t === 'levels' : true);
/** Names in module paths that are not widgets: shared view code, shared sheets, the plugin index. */
const NOT_WIDGETS = new Set(['common', 'index', 'tokens', 'base', 'chrome']);

// ───────────────────────────────────────────── build

function build() {
  const started = performance.now();
  const result = spawnSync('npx', ['rollup', '-c'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`bench: the build failed (npx rollup -c exited ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  return Math.round(performance.now() - started);
}

// ───────────────────────────────────────────── sizes

/**
 * @typedef {{ file: string, name: string, isEntry: boolean, isDynamicEntry: boolean, imports: string[],
 *   dynamicImports: string[], modules: string[] }} Chunk
 * @typedef {{ label: string, gzipKiB: number, widgets?: string[] }} Budget
 * @typedef {{ key: string, label: string, kind: string, files: string[], raw: number, gzip: number,
 *   brotli: number, budgetKiB: number | null, status: 'ok' | 'over' | 'not built' | 'in loader' | 'n/a',
 *   note?: string }} Row
 */

/** @param {string} file */
function measure(file) {
  const bytes = readFileSync(join(DIST, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** The widget names a module path belongs to (none for node_modules, src/app, elements/common …). */
function widgetOfPath(/** @type {string} */ path) {
  const p = path.split(sep).join('/');
  const match =
    /^elements\/([^/]+)\//.exec(p) ??
    /^src\/plugins\/(?:[^/]+\/)?([^/]+)\.tsx?$/.exec(p) ??
    /^machines\/([^/]+)\.machine\.tsx?$/.exec(p) ??
    /^styles\/([^/]+)\.css$/.exec(p) ??
    // The next-generation REST, cloud and Web Messaging chat transports are their own rows (budgets.json 'ngrest', 'cloud', 'webmessaging'): a site on that contact centre pays it.
    /^src\/services\/chat\/transports\/(ngrest|cloud|webmessaging)(?:\.ts$|\/)/.exec(p) ??
    // Co-browse's recorder (rrweb) is its own row: fetched only when a session starts.
    /^src\/services\/cobrowse\/(recorder)\.ts$/.exec(p)?.with(1, 'cobrowse-recorder') ??
    /^src\/services\/([^/]+?)(?:\.tsx?$|\/)/.exec(p);
  return match && !NOT_WIDGETS.has(match[1]) ? match[1] : undefined;
}

function sizes() {
  const manifestPath = join(DIST, 'bundle-manifest.json');
  if (!existsSync(manifestPath)) throw new Error('dist/bundle-manifest.json is missing: build first.');
  /** @type {{ chunks: Chunk[] }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  /** @type {{ budgets: Record<string, Budget>, reference: { text: string, totalKB: number } }} */
  const config = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));
  const byFile = new Map(manifest.chunks.map((c) => [c.file, c]));
  const measured = new Map(manifest.chunks.map((c) => [c.file, measure(c.file)]));
  const assigned = new Set();

  /** widget name → budget key (e.g. calendar → callback) */
  const groupOf = new Map();
  for (const [key, budget] of Object.entries(config.budgets)) for (const w of budget.widgets ?? []) groupOf.set(w, key);
  const group = (/** @type {string} */ w) => groupOf.get(w) ?? w;
  /** A module's widget; a plugin folder's own modules (webchat/window.ts …) count for the widget the folder is named for. */
  const widgetOf = (/** @type {string} */ path) => {
    const name = widgetOfPath(path);
    const folder = /^src\/plugins\/([^/]+)\/[^/]+\.tsx?$/.exec(path.split(sep).join('/'))?.[1];
    return name && !groupOf.has(name) && !(name in config.budgets) && folder && groupOf.has(folder) ? folder : name;
  };

  /** @type {Row[]} */
  const rows = [];
  const row = (/** @type {string} */ key, /** @type {string} */ label, /** @type {string} */ kind, /** @type {string[]} */ files) => {
    for (const f of files) assigned.add(f);
    const sum = files.reduce(
      (s, f) => {
        const m = /** @type {{ raw: number, gzip: number, brotli: number }} */ (measured.get(f));
        return { raw: s.raw + m.raw, gzip: s.gzip + m.gzip, brotli: s.brotli + m.brotli };
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );
    const budgetKiB = config.budgets[key]?.gzipKiB ?? null;
    /** @type {Row} */
    const r = { key, label, kind, files, ...sum, budgetKiB, status: budgetKiB == null ? 'n/a' : sum.gzip > budgetKiB * KiB ? 'over' : 'ok' };
    rows.push(r);
    return r;
  };

  // Loader: the entry and whatever it imports statically (all of it is paid up front).
  const entry = manifest.chunks.find((c) => c.isEntry && c.file === 'live-assist.js') ?? manifest.chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('bundle-manifest.json has no entry chunk.');
  const upFront = new Set();
  const visit = (/** @type {string} */ file) => {
    if (upFront.has(file)) return;
    upFront.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
  };
  visit(entry.file);
  const loader = row('loader', config.budgets.loader?.label ?? 'loader', 'loader', [...upFront]);
  if (upFront.size > 1) loader.note = `with what it imports statically: ${[...upFront].slice(1).join(', ')}`;
  const loaderWidgets = new Set(
    entry.modules
      .map(widgetOf)
      .filter(Boolean)
      .map((w) => group(/** @type {string} */ (w))),
  );

  // Runtime.
  const runtimeFiles = manifest.chunks
    .filter((c) => !assigned.has(c.file) && (c.name === 'runtime' || c.modules.includes('src/runtime.ts')))
    .map((c) => c.file);
  const runtime = row('runtime', config.budgets.runtime?.label ?? 'runtime', 'runtime', runtimeFiles);
  if (runtimeFiles.length === 0) runtime.status = 'not built';

  // Widgets, shared chunks and language packs.
  /** @type {Map<string, string[]>} */ const widgetFiles = new Map();
  /** @type {Chunk[]} */ const shared = [];
  /** @type {Chunk[]} */ const packs = [];
  for (const chunk of manifest.chunks) {
    if (assigned.has(chunk.file)) continue;
    const groups = new Set(
      chunk.modules
        .map(widgetOf)
        .filter(Boolean)
        .map((w) => group(/** @type {string} */ (w))),
    );
    if (chunk.modules.length > 0 && chunk.modules.every((m) => /^locales\/(launchers\/)?[^/]+\.json$/.test(m))) packs.push(chunk);
    // The light markup fetched at boot where its element is on the page (rollup.config.mjs LAUNCHERS,
    // SIDE_BUTTONS), what every element needs once it draws (parts), what every page runs in the task
    // after the boot (after-boot), and the page's stylesheet where one is named (page-sheet): a row of its own each.
    else if (['launchers', 'side-buttons', 'parts', 'i18n', 'after-boot', 'page-sheet'].includes(chunk.name))
      widgetFiles.set(chunk.name, [...(widgetFiles.get(chunk.name) ?? []), chunk.file]);
    // Shared chunks that hold one widget's small module beside what every window uses (rollup.config.mjs:
    // XState's holds the side-button machine, the load graph's the window manager): shared, by their name.
    else if (['xstate', 'load-graph'].includes(chunk.name)) shared.push(chunk);
    else if (groups.size === 1) {
      const [g] = groups;
      widgetFiles.set(g, [...(widgetFiles.get(g) ?? []), chunk.file]);
    } else shared.push(chunk);
  }
  const widgetKeys = [
    ...Object.keys(config.budgets).filter((k) => k !== 'loader' && k !== 'runtime' && !k.startsWith('shared:') && !k.startsWith('genesys')),
    ...[...widgetFiles.keys()].filter((k) => !(k in config.budgets)).sort(),
  ];
  for (const key of widgetKeys) {
    const files = widgetFiles.get(key) ?? [];
    const r = row(key, config.budgets[key]?.label ?? key, 'widget', files);
    if (files.length === 0) {
      r.status = loaderWidgets.has(key) ? 'in loader' : 'not built';
      if (r.status === 'in loader') r.note = 'no chunk of its own: its launcher is part of the loader';
    }
  }
  for (const chunk of shared) {
    const users = [
      ...new Set(
        chunk.modules
          .map(widgetOf)
          .filter(Boolean)
          .map((w) => group(/** @type {string} */ (w))),
      ),
    ];
    const r = row(`shared:${chunk.name}`, `shared: ${chunk.name}`, 'shared', [chunk.file]);
    if (users.length > 1) r.note = `modules of ${users.join(', ')}`;
  }
  for (const chunk of packs) {
    const texts = chunk.name.startsWith('launcher-texts-');
    row(`lang:${chunk.name}`, texts ? `language pack: ${chunk.name.slice(15)}, the launchers' texts` : `language pack: ${chunk.name}`, 'language', [
      chunk.file,
    ]);
  }

  // Any chunk not attributed above would be a bug in this script: fail loudly rather than under-count.
  const orphans = manifest.chunks.filter((c) => !assigned.has(c.file));
  if (orphans.length) throw new Error(`chunks not attributed to a row: ${orphans.map((c) => c.file).join(', ')}`);

  // The Genesys Widgets layer (dist/genesys/, built apart from the loader): a page that does not load it
  // pays none of it; jQuery only where the configuration has an extension.
  for (const [key, file] of [
    ['genesys', 'genesys/widgets.min.js'],
    ['genesys-jquery', 'genesys/jquery.js'],
  ]) {
    if (!existsSync(join(DIST, file))) continue;
    measured.set(file, measure(file));
    row(key, config.budgets[key]?.label ?? key, 'layer', [file]);
  }

  const suite = row(
    'suite',
    'whole suite (every JS chunk)',
    'suite',
    manifest.chunks.map((c) => c.file),
  );
  suite.status = 'n/a';
  return { rows, loader, reference: config.reference };
}

// ───────────────────────────────────────────── load levels (issue 17 item 3)

/** The windows a visitor opens, as the load-levels table lists them: the registry's rows with `window` (src/widgets.ts). */
const WINDOWS = WIDGETS.filter((row) => row.window).map((row) => row.plugins[0]);

/**
 * What intent on a window fetches, from the chunk graph: with preloading (src/preload.ts) the loader
 * links every file of the window's plugin, its view, its companions (src/widgets.ts `companions`), the
 * runtime and, for the chat where a chat may come back (its session cookie: the row 'WebChat, a chat
 * comes back'), its service (`afterOpen`) and configured transport (here the default, 'rest') at once — one level —
 * and only a dynamic import none of them holds (the mobile channel list …; another chat transport is
 * preloaded when configured, so it is not counted) can be a second. The graph itself is a chunk of its
 * own (src/load-graph.ts): with `preload: 'intent'` it is fetched on the first intent, one level before
 * the files; with `'idle'` it came at idle. (A build that inlines it in the loader counts no such level.)
 * Without preloading (the graph missing), the browser discovers the files import by import: the
 * plugin's static chain, then, once the plugin registered, its companions' and the view's chains, one
 * level per link.
 */
function loadLevels() {
  /** @type {{ chunks: Chunk[] }} */
  const manifest = JSON.parse(readFileSync(join(DIST, 'bundle-manifest.json'), 'utf8'));
  const byFile = new Map(manifest.chunks.map((c) => [c.file, c]));
  const graphChunk = manifest.chunks.find((c) => c.modules.includes('src/load-graph.ts') && !c.isEntry);
  const holder = readFileSync(join(DIST, graphChunk ? graphChunk.file : 'live-assist.js'), 'utf8');
  const raw = /'(\{"f".*?\})'/.exec(holder)?.[1];
  if (!raw) return null;
  const graphLevel = graphChunk ? 1 : 0;
  /** @type {{ f: string[], p: Record<string, number[]>, v?: Record<string, number[]> }} */
  const graph = JSON.parse(raw);
  // What intent fetches with a window, and what it needs only after its first frame (the calendar, the
  // chat session: fetched on intent only for the chat where a chat may come back).
  const companions = tableOf('companions');
  const afterOpen = tableOf('afterOpen');
  // A plugin's files and its view's (intent preloads both: src/load-graph.ts filesOf).
  const filesOf = (/** @type {string} */ name) => [...(graph.p[name] ?? []), ...(graph.v?.[name] ?? [])].map((i) => graph.f[i]);
  const transportFiles = new Set(
    Object.keys(graph.p)
      .filter((k) => k.startsWith('transport:'))
      .flatMap(filesOf),
  );
  // The dynamic imports a window's own code can make: those of the modules its plugins (the table's
  // import() of each), its view and the runtime reach by static imports. A file it holds only for a
  // helper (the channel selector's icons from the launchers' chunk) does not run that chunk's other code,
  // so the strip's imports (the sidebar's plugin, the mobile channel list) are not its later level. A
  // manifest without the module graph (an older build) counts every dynamic import of its files.
  const pluginTable = readFileSync(join(ROOT, 'src/plugins/index.ts'), 'utf8');
  const pluginModules = Object.fromEntries(
    [...pluginTable.matchAll(/(\w+): \(\) => import\('\.\/([\w./-]+\.ts)'\)/g)].map(([, name, file]) => [name, `src/plugins/${file}`]),
  );
  const moduleFile = new Map(manifest.chunks.flatMap((c) => c.modules.map((m) => [m, c.file])));
  const reachableDynamicImports = (/** @type {string[]} */ names, /** @type {string[]} */ files) => {
    const modules = /** @type {{ graph?: Record<string, { imports: string[], dynamicImports: string[] }> }} */ (manifest).graph;
    if (!modules) return files.flatMap((f) => byFile.get(f)?.dynamicImports ?? []);
    const held = files.flatMap((f) => byFile.get(f)?.modules ?? []);
    const start = [
      ...names.map((n) => pluginModules[n]).filter(Boolean),
      ...held.filter((m) => m === 'src/runtime.ts' || /\.view\.tsx?$/.test(m)),
      ...names.filter((n) => n.startsWith('transport:')).flatMap((n) => (graph.p[n] ?? []).flatMap((i) => byFile.get(graph.f[i])?.modules ?? [])),
    ];
    const seen = new Set(start);
    for (const m of seen) for (const next of modules[m]?.imports ?? []) seen.add(next);
    return [...seen].flatMap((m) => (modules[m]?.dynamicImports ?? []).map((d) => moduleFile.get(d)).filter((f) => f !== undefined));
  };
  /** Longest chain of static imports from `file`, counting `file` (files in `have` cost nothing). */
  const depth = (/** @type {string} */ file, /** @type {Set<string>} */ have) => {
    if (have.has(file)) return 0;
    const chunk = byFile.get(file);
    return 1 + Math.max(0, ...(chunk?.imports ?? []).map((f) => depth(f, have)));
  };
  // The chat's window without its service where no chat may come back (src/load-graph.ts preloadNames), and with it.
  const rows = WINDOWS.filter((w) => graph.p[w]).flatMap((w) =>
    w === 'WebChat'
      ? [
          [w, false],
          [w, true],
        ]
      : [[w, false]],
  );
  return rows.map(([w, comesBack]) => {
    const own = [...(companions[w] ?? []), ...(comesBack ? (afterOpen[w] ?? []) : [])];
    const names = ['runtime', w, ...own, ...(comesBack && graph.p['transport:rest'] ? ['transport:rest'] : [])];
    const files = [...new Set(names.flatMap(filesOf))];
    const gzip = files.reduce((sum, f) => sum + measure(f).gzip, 0);
    const later = [...new Set(reachableDynamicImports(names, files))].filter((f) => !files.includes(f) && !transportFiles.has(f));
    // Without preloading: the plugin's own chain, then (after it registers) the longest of its view's
    // and its companions' chains, the runtime being fetched beside the plugin.
    const pluginFile = byFile.get(graph.f[(graph.p[w] ?? []).find((i) => byFile.get(graph.f[i])?.isDynamicEntry && !/^runtime-/.test(graph.f[i])) ?? -1]);
    const first = pluginFile ? depth(pluginFile.file, new Set()) : 0;
    const seen = new Set(pluginFile ? [pluginFile.file, ...pluginFile.imports] : []);
    const second = Math.max(
      0,
      ...names
        .slice(1)
        .flatMap(filesOf)
        .filter((f) => byFile.get(f)?.isDynamicEntry)
        .map((f) => depth(f, seen)),
    );
    const afterIdle = later.length ? 2 : 1;
    return {
      window: comesBack ? `${w}, a chat comes back` : w,
      files: files.length,
      gzip,
      levels: afterIdle + graphLevel,
      afterIdle,
      later,
      withoutPreload: first + second,
    };
  });
}

// ───────────────────────────────────────────── tables

const kib = (/** @type {number} */ n) => (n / KiB).toFixed(2);

function table(/** @type {string[]} */ header, /** @type {string[][]} */ body, /** @type {('l'|'r')[]} */ align) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) =>
    '| ' + cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  const rule = '|' + widths.map((w, i) => (align[i] === 'r' ? '-'.repeat(w + 1) + ':' : ':' + '-'.repeat(w + 1))).join('|') + '|';
  return [line(header), rule, ...body.map(line)].join('\n');
}

function sizeTable(/** @type {Row[]} */ rows) {
  const body = rows.map((r) => {
    const empty = r.status === 'not built' || r.status === 'in loader';
    const dash = '—';
    const status = {
      ok: `ok (${Math.round((r.gzip / ((r.budgetKiB ?? 1) * KiB)) * 100)}%)`,
      over: `OVER by ${r.gzip - (r.budgetKiB ?? 0) * KiB} B`,
      'not built': 'not built',
      'in loader': 'in loader',
      'n/a': '',
    }[r.status];
    return [
      r.label,
      empty ? dash : String(r.files.length),
      empty ? dash : String(r.raw),
      empty ? dash : String(r.gzip),
      empty ? dash : kib(r.gzip),
      empty ? dash : String(r.brotli),
      empty ? dash : kib(r.brotli),
      r.budgetKiB == null ? '' : String(r.budgetKiB),
      status,
    ];
  });
  return table(['row', 'files', 'minified B', 'gzip-9 B', 'gzip KiB', 'brotli-11 B', 'brotli KiB', 'budget gzip KiB', 'status'], body, [
    'l',
    'r',
    'r',
    'r',
    'r',
    'r',
    'r',
    'r',
    'l',
  ]);
}

// ───────────────────────────────────────────── browser

const HOST_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>live-assist bench host</title>
<link rel="icon" href="data:,">
<script defer src="/config.js"></script>
<script type="module" src="/dist/live-assist.js"></script>
</head>
<body>
<h1>A plain host page</h1>
<la-sidebar></la-sidebar>
</body>
</html>
`;
const CONFIG_SCRIPT = `window.liveAssistConfig = {
  main: { lang: 'en', preload: 'intent' },
  sidebar: { channels: [{ name: 'CallUs', clickCommand: 'CallUs.open' }] },
  // The bench opens the developer console, which loads only when the site enables it.
  console: { enabled: true },
};
`;
const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
});

/** A static server for the host page and dist/, compressing as the browser asks (br, else gzip). */
async function serve() {
  /** @type {Map<string, Buffer>} */ const cache = new Map();
  const encode = (/** @type {string} */ key, /** @type {Buffer} */ body, /** @type {'br'|'gzip'|'identity'} */ enc) => {
    const id = `${enc}:${key}`;
    if (!cache.has(id)) {
      cache.set(
        id,
        enc === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
          : enc === 'gzip'
            ? gzipSync(body, { level: 9 })
            : body,
      );
    }
    return /** @type {Buffer} */ (cache.get(id));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    /** @type {Buffer | undefined} */ let body;
    let type = 'text/plain; charset=utf-8';
    if (url.pathname === '/' || url.pathname === '/index.html') [body, type] = [Buffer.from(HOST_PAGE), TYPES['.html']];
    else if (url.pathname === '/config.js') [body, type] = [Buffer.from(CONFIG_SCRIPT), TYPES['.js']];
    else if (url.pathname.startsWith('/dist/')) {
      const file = normalize(join(DIST, decodeURIComponent(url.pathname.slice('/dist/'.length))));
      if (file.startsWith(DIST + sep) && existsSync(file)) {
        body = readFileSync(file);
        type = TYPES[extname(file)] ?? 'application/octet-stream';
      }
    }
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const enc = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    const payload = encode(url.pathname, body, enc);
    res.writeHead(200, {
      'content-type': type,
      'content-length': payload.length,
      'cache-control': 'no-cache',
      ...(enc === 'identity' ? {} : { 'content-encoding': enc, vary: 'accept-encoding' }),
    });
    res.end(payload);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no server address');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/**
 * Runs in the page before any of its scripts: a measuring instrument, not part of the host page.
 * `__bench.when(fn)` resolves with performance.now() (ms since navigation start) the moment fn() holds,
 * checked on every DOM mutation of the document and of every shadow root.
 */
const INSTRUMENT = `(() => {
  const bench = (window.__bench = { marks: {}, watchers: [] });
  const check = () => {
    for (const w of [...bench.watchers]) {
      let hit = false;
      try { hit = Boolean(w.fn()); } catch {}
      if (hit) { bench.watchers.splice(bench.watchers.indexOf(w), 1); w.resolve(performance.now()); }
    }
  };
  bench.when = (fn) => new Promise((resolve) => { bench.watchers.push({ fn, resolve }); check(); });
  const observe = (root) => new MutationObserver(check).observe(root, { childList: true, subtree: true, attributes: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) { const root = attachShadow.call(this, init); observe(root); return root; };
  observe(document);
  let hooked = false;
  const hookReady = () => {
    if (hooked || !window.LiveAssist) return;
    hooked = true;
    window.LiveAssist.ready.then(() => { bench.marks.ready = performance.now(); });
  };
  document.addEventListener('load', hookReady, true);
  document.addEventListener('DOMContentLoaded', hookReady);
  bench.when(() => document.querySelector('la-sidebar')?.shadowRoot?.querySelector('button'))
    .then((t) => { bench.marks.sidebarButton = t; });
})();`;

/** Network accounting through the DevTools protocol: bytes on the wire per phase. */
async function networkLog(/** @type {import('playwright').Page} */ page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let phase = 'load';
  /** @type {Map<string, { url: string, phase: string }>} */ const pending = new Map();
  /** @type {{ url: string, phase: string, transferred: number, decoded: number, status: number, encoding: string }[]} */
  const done = [];
  /** @type {Map<string, { status: number, decoded: number, encoding: string }>} */ const info = new Map();
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    lastActivity = performance.now();
    if (!e.request.url.startsWith('data:')) pending.set(e.requestId, { url: e.request.url, phase });
  });
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    info.set(e.requestId, { status: e.response.status, decoded: 0, encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.dataReceived', (e) => {
    const i = info.get(e.requestId);
    if (i) i.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    lastActivity = performance.now();
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    const i = info.get(e.requestId);
    done.push({ ...p, transferred: e.encodedDataLength, decoded: i?.decoded ?? 0, status: i?.status ?? 0, encoding: i?.encoding ?? '?' });
  });
  cdp.on('Network.loadingFailed', (e) => {
    lastActivity = performance.now();
    pending.delete(e.requestId);
  });
  return {
    setPhase: (/** @type {string} */ p) => {
      phase = p;
    },
    /** Waits until no request has been in flight for `quietMs`. */
    async settle(quietMs = 300, timeoutMs = 10_000) {
      const start = performance.now();
      while (performance.now() - start < timeoutMs) {
        if (pending.size === 0 && performance.now() - lastActivity >= quietMs) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    entries: (/** @type {string} */ p) => done.filter((d) => d.phase === p),
  };
}

const fileOf = (/** @type {string} */ url) => new URL(url).pathname.replace(/^\/dist\//, '').replace(/^\/$/, '(page)');

async function oneRun(/** @type {import('playwright').Browser} */ browser, /** @type {string} */ origin, /** @type {string[]} */ runtimeFiles) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    /** @type {string[]} */ const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const net = await networkLog(page);
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => {
        const m = /** @type {any} */ (window).__bench.marks;
        return m.ready !== undefined && m.sidebarButton !== undefined;
      },
      null,
      { timeout: 15_000 },
    );
    await net.settle(500);
    const marks = await page.evaluate(() => /** @type {any} */ (window).__bench.marks);
    const before = net.entries('load');

    net.setPhase('console');
    const open = await page.evaluate(async () => {
      const w = /** @type {any} */ (window);
      const t0 = performance.now();
      const shown = w.__bench.when(() => document.querySelector('la-console')?.shadowRoot?.querySelector('[part=window]'));
      /** @type {number | null} */ let commandMs = null;
      /** @type {string | null} */ let error = null;
      const command = w.LiveAssist.command('Console.open').then(
        () => {
          commandMs = performance.now() - t0;
        },
        (/** @type {any} */ e) => {
          error = String(e?.message ?? e);
        },
      );
      const timeout = new Promise((r) => setTimeout(() => r(null), 15_000));
      const t1 = await Promise.race([shown, timeout]);
      await Promise.race([command, timeout]);
      return { openMs: t1 == null ? null : t1 - t0, commandMs, error };
    });
    await net.settle(300);
    const during = net.entries('console');
    const sum = (/** @type {{ transferred: number, decoded: number }[]} */ list, /** @type {'transferred'|'decoded'} */ k) =>
      list.reduce((s, e) => s + e[k], 0);
    return {
      readyMs: marks.ready,
      sidebarButtonMs: marks.sidebarButton,
      beforeInteraction: {
        requests: before.length,
        transferred: sum(before, 'transferred'),
        decoded: sum(before, 'decoded'),
        files: before.map((e) => fileOf(e.url)),
        encodings: [...new Set(before.map((e) => e.encoding))],
        runtimeFetched: before.some((e) => runtimeFiles.includes(fileOf(e.url))),
      },
      consoleOpen: {
        ...open,
        requests: during.length,
        transferred: sum(during, 'transferred'),
        files: during.map((e) => fileOf(e.url)),
        encodings: [...new Set(during.map((e) => e.encoding))],
      },
      errors,
    };
  } finally {
    await context.close();
  }
}

/** One fresh load at `cpu`× CPU (DevTools' throttling): when LiveAssist is ready and the sidebar's first button shows. */
async function slowRun(/** @type {import('playwright').Browser} */ browser, /** @type {string} */ origin, /** @type {number} */ cpu) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const m = /** @type {any} */ (window).__bench.marks;
        return m.ready !== undefined && m.sidebarButton !== undefined;
      },
      null,
      { timeout: 60_000 },
    );
    const marks = await page.evaluate(() => /** @type {any} */ (window).__bench.marks);
    return { readyMs: marks.ready, sidebarButtonMs: marks.sidebarButton };
  } finally {
    await context.close();
  }
}

async function timings(/** @type {string[]} */ runtimeFiles) {
  const executablePath = chromiumPath();
  const { server, origin } = await serve();
  const browser = await launchChromium();
  try {
    const runs = [];
    // The 4× loads interleaved with the 1× ones, so a busy machine weighs on both alike.
    const slow = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await oneRun(browser, origin, runtimeFiles));
      slow.push(await slowRun(browser, origin, 4));
    }
    return { browser: `Chromium ${browser.version()}`, executablePath, runs, slow };
  } finally {
    await browser.close();
    server.close();
  }
}

/** @param {(number | null | undefined)[]} values */
function stats(values) {
  const v = /** @type {number[]} */ (values.filter((x) => typeof x === 'number' && Number.isFinite(x))).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const median = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length, of: values.length };
}

function timingTable(/** @type {Awaited<ReturnType<typeof timings>>} */ t) {
  const ms = (/** @type {number} */ x) => `${x.toFixed(1)} ms`;
  const b = (/** @type {number} */ x) => `${Math.round(x)} B (${kib(x)} KiB)`;
  /** @type {[string, ReturnType<typeof stats>, (x: number) => string][]} */
  const metrics = [
    ['navigation start → LiveAssist.ready', stats(t.runs.map((r) => r.readyMs)), ms],
    ['navigation start → sidebar shows a button', stats(t.runs.map((r) => r.sidebarButtonMs)), ms],
    ['navigation start → LiveAssist.ready, 4× CPU', stats(t.slow.map((r) => r.readyMs)), ms],
    ['navigation start → sidebar shows a button, 4× CPU', stats(t.slow.map((r) => r.sidebarButtonMs)), ms],
    ['bytes transferred before any interaction', stats(t.runs.map((r) => r.beforeInteraction.transferred)), b],
    ['  (decoded size of the same responses)', stats(t.runs.map((r) => r.beforeInteraction.decoded)), b],
    ['Console.open → console window shown (incl. runtime load)', stats(t.runs.map((r) => r.consoleOpen.openMs)), ms],
    ['Console.open → command resolved', stats(t.runs.map((r) => r.consoleOpen.commandMs)), ms],
    ['bytes transferred by Console.open', stats(t.runs.map((r) => r.consoleOpen.transferred)), b],
  ];
  const body = metrics.map(([name, s, f]) =>
    s ? [name, f(s.median), f(s.min), f(s.max), s.n === s.of ? String(s.n) : `${s.n} of ${s.of}`] : [name, 'timeout', '', '', `0 of ${t.runs.length}`],
  );
  return table(['metric (headless Chromium)', 'median', 'min', 'max', 'runs'], body, ['l', 'r', 'r', 'r', 'r']);
}

// ───────────────────────────────────────────── chat transcript at scale

const TRANSCRIPT_MESSAGES = 5000;
const TRANSCRIPT_SAMPLES = 40;
/** Of the transcript's messages, how many are rich-media cards in the second run. */
const TRANSCRIPT_CARDS = 1000;

/**
 * The chat transcript with 5,000 messages (issue 12 item 8): test/bench/transcript-page.tsx bundled by
 * esbuild (production React, the library's sheets as constructable stylesheets), run in headless Chromium
 * at 1280 x 800. After 5 warm-up rounds, TRANSCRIPT_SAMPLES times each: (a) one message appended until
 * the end of the next frame, (b) one character typed (Playwright keyboard) into a textarea beside the
 * transcript until the end of the next frame. Script = the React update (or keydown → input handled),
 * rendering = the frame's style, layout and paint; the vsync wait is not counted. Information, never asserted.
 */
async function transcriptTimings() {
  const { build: esbuild } = await import('esbuild');
  const cssSheets = {
    name: 'css-sheets',
    setup(/** @type {any} */ b) {
      b.onLoad({ filter: /\.css$/ }, (/** @type {{ path: string }} */ args) => ({
        contents: `const sheet = new CSSStyleSheet();\nsheet.replaceSync(${JSON.stringify(readFileSync(args.path, 'utf8'))});\nexport default sheet;\n`,
        loader: 'js',
      }));
    },
  };
  const bundled = await esbuild({
    entryPoints: [join(ROOT, 'test/bench/transcript-page.tsx')],
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [cssSheets],
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    /** @type {string[]} */ const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>transcript bench</title></head><body></body></html>');
    await page.addScriptTag({ content: bundled.outputFiles[0].text, type: 'module' });
    await page.waitForFunction(() => /** @type {any} */ (window).__transcriptBench !== undefined);
    const mounted = await page.evaluate((n) => /** @type {any} */ (window).__transcriptBench.mount(n), TRANSCRIPT_MESSAGES);
    // DOM size: every element of the document and of its shadow roots.
    const domElements = await page.evaluate(() => {
      let n = 0;
      const walk = (/** @type {Document | ShadowRoot} */ root) => {
        for (const el of root.querySelectorAll('*')) {
          n++;
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      return n;
    });
    /** @type {{ scriptMs: number, renderMs: number, totalMs: number }[]} */ const appends = [];
    /** @type {{ scriptMs: number, renderMs: number, totalMs: number }[]} */ const keystrokes = [];
    for (let i = 0; i < TRANSCRIPT_SAMPLES + 5; i++) {
      const result = await page.evaluate(() => /** @type {any} */ (window).__transcriptBench.append());
      if (i >= 5) appends.push(result);
    }
    await page.locator('textarea').focus();
    for (let i = 0; i < TRANSCRIPT_SAMPLES + 5; i++) {
      // The listeners go in (and that evaluate returns) before the key is pressed: sent together, the
      // key could arrive first and the measurement would wait for a key that never comes.
      await page.evaluate(() => {
        /** @type {any} */ (window).__keystroke = /** @type {any} */ (window).__transcriptBench.nextKeystroke();
      });
      await page.keyboard.press(i % 2 ? 'b' : 'a');
      const value = await page.evaluate(() => /** @type {any} */ (window).__keystroke);
      if (i >= 5) keystrokes.push(value);
    }
    await context.close();
    // Rich media (issue 35 item 7): TRANSCRIPT_CARDS of the messages are structured cards, then a card appended.
    const richContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const richPage = await richContext.newPage();
    richPage.on('pageerror', (e) => errors.push(e.message));
    await richPage.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>transcript bench</title></head><body></body></html>');
    await richPage.addScriptTag({ content: bundled.outputFiles[0].text, type: 'module' });
    await richPage.waitForFunction(() => /** @type {any} */ (window).__transcriptBench !== undefined);
    const richMounted = await richPage.evaluate(([n, c]) => /** @type {any} */ (window).__transcriptBench.mount(n, c), [TRANSCRIPT_MESSAGES, TRANSCRIPT_CARDS]);
    /** @type {{ scriptMs: number, renderMs: number, totalMs: number }[]} */ const cardAppends = [];
    for (let i = 0; i < TRANSCRIPT_SAMPLES + 5; i++) {
      const result = await richPage.evaluate(() => /** @type {any} */ (window).__transcriptBench.append(true));
      if (i >= 5) cardAppends.push(result);
    }
    await richContext.close();
    return {
      browser: `Chromium ${browser.version()}`,
      messages: TRANSCRIPT_MESSAGES,
      ...mounted,
      domElements,
      appends,
      keystrokes,
      richMounted,
      cardAppends,
      errors,
    };
  } finally {
    await browser.close();
  }
}

function transcriptTable(/** @type {Awaited<ReturnType<typeof transcriptTimings>>} */ t) {
  const ms = (/** @type {number} */ x) => `${x.toFixed(2)} ms`;
  /** @type {[string, ReturnType<typeof stats>][]} */
  const metrics = [
    ['append one message: React update', stats(t.appends.map((r) => r.scriptMs))],
    ['append one message: frame rendering (style, layout, paint)', stats(t.appends.map((r) => r.renderMs))],
    ['append one message: total work until the next frame', stats(t.appends.map((r) => r.totalMs))],
    ['type a character beside it: keydown → input handled', stats(t.keystrokes.map((r) => r.scriptMs))],
    ['type a character beside it: frame rendering', stats(t.keystrokes.map((r) => r.renderMs))],
    ['type a character beside it: total work until the next frame', stats(t.keystrokes.map((r) => r.totalMs))],
    [`with ${t.richMounted.cards} cards: append one card: React update`, stats(t.cardAppends.map((r) => r.scriptMs))],
    [`with ${t.richMounted.cards} cards: append one card: frame rendering`, stats(t.cardAppends.map((r) => r.renderMs))],
    [`with ${t.richMounted.cards} cards: append one card: total work until the next frame`, stats(t.cardAppends.map((r) => r.totalMs))],
  ];
  const body = metrics.map(([name, s]) => (s ? [name, ms(s.median), ms(s.min), ms(s.max), String(s.n)] : [name, '—', '', '', '0']));
  return table([`transcript with ${t.messages} messages (headless Chromium)`, 'median', 'min', 'max', 'runs'], body, ['l', 'r', 'r', 'r', 'r']);
}

// ───────────────────────────────────────────── main

const buildMs = SKIP_BUILD ? null : build();
/** @type {ReturnType<typeof sizes>} */ let measured;
try {
  measured = sizes();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { rows, loader, reference } = measured;
if (wants('sizes')) {
  console.log(`\nlive-assist bundle sizes — gzip level 9 and brotli quality 11; budgets in gzip KiB (1 KiB = 1024 bytes)\n`);
  console.log(sizeTable(rows));
  const pack = rows.find((r) => r.key === 'lang:launcher-texts-en');
  const launchers = rows.find((r) => r.key === 'launchers');
  const parts = rows.find((r) => r.key === 'parts');
  const translator = rows.find((r) => r.key === 'i18n');
  const afterBoot = rows.find((r) => r.key === 'after-boot');
  const upFront = loader.gzip + (translator?.gzip ?? 0) + (afterBoot?.gzip ?? 0) + (parts?.gzip ?? 0) + (launchers?.gzip ?? 0) + (pack?.gzip ?? 0);
  console.log(
    `\nUp front a host page with a sidebar loads the loader, then side by side the translator, what runs after the boot (idle work, restores), the elements' parts (sheets, attribute parsing; when an element connects), the launchers' chunk (when a sidebar connects) and their texts (the language pack's launchers' part; the whole pack comes with the first plugin): ` +
      `${loader.gzip} B + ${translator?.gzip ?? 0} B + ${afterBoot?.gzip ?? 0} B + ${parts?.gzip ?? 0} B + ${launchers?.gzip ?? 0} B + ${pack?.gzip ?? 0} B (en) = ` +
      `${upFront} B gzip (${kib(upFront)} KiB, ${(upFront / 1000).toFixed(1)} KB); the runtime and each widget follow on intent or use.\n` +
      `Comparison: ${reference.text} live-assist's up-front load is ${((upFront / 1000 / reference.totalKB) * 100).toFixed(1)}% of that.`,
  );
  for (const r of rows.filter((x) => x.note)) console.log(`  note: ${r.label}: ${r.note}`);
}

const levels = wants('levels') ? loadLevels() : null;
if (!wants('levels')) {
  /* not asked for */
} else if (levels) {
  console.log(
    `\nLoad levels after intent (from the chunk graph): intent links every file below at once (<link rel=modulepreload>), ` +
      `so they come in one round trip (where a chat comes back, the chat's service and configured transport with them); a dynamic import none of them holds can make ` +
      `one more. 'levels' is a cold 'intent' page, whose first intent also fetches the load graph (src/load-graph.ts) first; ` +
      `'after idle' a page whose idle preload fetched it. 'without preload' counts the sequential fetch levels when the ` +
      `browser discovers the same files import by import.\n`,
  );
  console.log(
    table(
      ['window', 'files at intent', 'gzip KiB', 'levels', 'after idle', 'without preload', 'possible later level'],
      levels.map((l) => [l.window, String(l.files), kib(l.gzip), String(l.levels), String(l.afterIdle), String(l.withoutPreload), l.later.join(', ') || '—']),
      ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
} else {
  console.log('\nLoad levels: the build carries no load graph (src/load-graph.ts, src/preload.ts): every window loads import by import.');
}

/** @type {Awaited<ReturnType<typeof timings>> | null} */ let browserResults = null;
/** @type {string | null} */ let browserError = null;
if (wants('load')) {
  const runtimeFiles = rows.find((r) => r.key === 'runtime')?.files ?? [];
  try {
    browserResults = await timings(runtimeFiles);
  } catch (error) {
    browserError = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  if (browserResults) {
    console.log(
      `\nlive-assist in ${browserResults.browser}: median of ${RUNS} fresh page loads (a new browser context each), ` +
        `plain host page with <la-sidebar>, main.preload 'intent'\n`,
    );
    console.log(timingTable(browserResults));
    const first = browserResults.runs[0];
    const encodings = [...new Set(browserResults.runs.flatMap((r) => [...r.beforeInteraction.encodings, ...r.consoleOpen.encodings]))];
    console.log(`\nTransferred = bytes on the wire (headers included), content-encoding as Chromium asked: ${encodings.join(', ')}.`);
    console.log(`Fetched before any interaction: ${first.beforeInteraction.files.join(', ')}`);
    console.log(`Fetched by Console.open: ${first.consoleOpen.files.join(', ') || '(nothing)'}`);
    if (browserResults.runs.some((r) => r.beforeInteraction.runtimeFetched)) {
      console.log("WARNING: the runtime chunk was fetched before any interaction although preload is 'intent'.");
    }
    const errors = [...new Set(browserResults.runs.flatMap((r) => [...r.errors, ...(r.consoleOpen.error ? [r.consoleOpen.error] : [])]))];
    if (errors.length) console.log(`Page errors: ${errors.join(' | ')}`);
  } else {
    console.error(`\nbench: the browser measurements could not run: ${browserError}`);
  }
}

/** @type {Awaited<ReturnType<typeof transcriptTimings>> | null} */ let transcriptResults = null;
/** @type {Record<string, unknown>} */ const sideBySide = {};
/** @type {string[]} */ const sideErrors = [];
if (['bytes', 'host', 'lighthouse', 'click', 'memory'].some(wants)) {
  const side = await import('./side-by-side.mjs');
  const { peerPath } = await import('./peers.mjs');
  const peers = Boolean(
    peerPath('botframework-webchat') ||
    peerPath('@n8n/chat') ||
    peerPath('@typebot.io/js') ||
    peerPath('@rocket.chat/livechat') ||
    peerPath('@botpress/webchat'),
  );
  /** @type {[string, () => Promise<{ results: unknown, text: string }>][]} */
  const jobs = [
    ['bytes', () => side.bytesTable({ runs: SIDE_RUNS, referenceKB: reference.totalKB })],
    ['host', () => side.hostTable({ runs: SIDE_RUNS, cpu: 4, dist: DIST, peers })],
    ['lighthouse', () => side.lighthouseTable({ runs: SIDE_RUNS })],
    ['click', () => side.clickTable({ runs: SIDE_RUNS })],
    ['memory', () => side.memoryTable({ cycles: QUICK ? 5 : 20 })],
  ];
  for (const [name, job] of jobs) {
    if (!wants(name)) continue;
    const started = performance.now();
    try {
      const { results, text } = await job();
      sideBySide[name] = results;
      console.log(`\n${text}\n  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    } catch (error) {
      sideErrors.push(name);
      console.error(`\nbench: the ${name} table could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
}

if (wants('transcript')) {
  try {
    transcriptResults = await transcriptTimings();
    console.log(
      `\nChat transcript in ${transcriptResults.browser}: ${transcriptResults.lines} lines mounted in ` +
        `${transcriptResults.mountMs.toFixed(0)} ms (to the first frame), ${transcriptResults.domElements} DOM elements; with ${transcriptResults.richMounted.cards} of them rich-media cards ` +
        `${transcriptResults.richMounted.mountMs.toFixed(0)} ms (the rich-media code loaded with the first); each figure the median of ${TRANSCRIPT_SAMPLES} after 5 warm-ups; one frame is 16.7 ms\n`,
    );
    console.log(transcriptTable(transcriptResults));
    // Beside it, BotFramework-WebChat at the same count, where it gets there in the time allowed (test/bench/.peers/).
    const { webchatTranscriptTable } = await import('./side-by-side.mjs');
    const peer = await webchatTranscriptTable({ messages: TRANSCRIPT_MESSAGES, samples: QUICK ? 5 : 10, budgetMs: QUICK ? 20_000 : 60_000 });
    console.log(peer.text);
    /** @type {any} */ (transcriptResults).webchatPeer = peer.results;
    if (transcriptResults.errors.length) console.log(`Page errors: ${transcriptResults.errors.join(' | ')}`);
  } catch (error) {
    console.error(`\nbench: the transcript measurements could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

const over = rows.filter((r) => r.status === 'over');
writeFileSync(
  join(DIST, 'bench.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      buildMs,
      unit: { sizes: 'bytes', budgets: 'gzip KiB (1024 bytes)' },
      sizes: rows,
      reference,
      overBudget: over.map((r) => r.key),
      loadLevels: levels,
      browser: browserResults,
      browserError,
      transcript: transcriptResults,
      sideBySide,
      sideErrors,
    },
    null,
    2,
  ) + '\n',
);
console.log('\nResults written to dist/bench.json.');

if (over.length) {
  console.error(`\nbench: over budget: ${over.map((r) => `${r.label} ${kib(r.gzip)} KiB gzip > ${r.budgetKiB} KiB`).join('; ')}`);
  process.exit(1);
}
if (browserError) process.exit(1);
