/**
 * The layer picture of DESIGN.md §1, checked: `npm run lint:layers` (part of `npm test`) fails on any
 * arrow that points up. The layers, top to bottom:
 *
 *   src/index.ts, src/boot.ts   the loader: boots the app core and defines the elements
 *   elements/                   views: no fetch, no business rules
 *   src/plugins/                glue: bus commands, one actor per plugin
 *   machines/                   pure XState machines: no DOM, no fetch, no bus
 *   src/services/               network
 *   src/http/, src/bus/, src/app/ (config, i18n, theme, storage)
 *
 * Type-only imports (`import type`) are allowed where a rule says so: they vanish from the bundle,
 * so they cannot carry behaviour across a layer. A machine may name the shape of the data its
 * injected actors return (e.g. a service's answer type); it may not import the code.
 *
 * Within src/plugins/, plugins stay apart (DESIGN.md §1): the bus is the one road between them.
 * The plugins are the files of the plugin table (src/plugins/index.ts, see `pluginRules`); every
 * other module there (a section's reader such as callback-config.ts, office-hours.ts, names.ts) is
 * shared and sits below the plugins. And no module imports itself back through others, not even
 * by types: a circle has no bottom, so neither module of it owns the types or the code they share.
 */
const { readFileSync } = require('node:fs');

/** Run-time imports only; `import type` does not count. */
const RUN_TIME = { dependencyTypesNot: ['type-only'] };

/** The plugin table, read from the directory depcruise runs in (as `tsConfig` is). */
const PLUGIN_TABLE = 'src/plugins/index.ts';
/**
 * A plugin's vocabulary: `<name>.api.ts` beside it, or `api.ts` (or `<name>.api.ts`) in its folder.
 * (depcruise refuses patterns with nested repetition, hence the spelling.)
 */
const API = '(?:^|/|[.])api[.]ts$';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pair of rules per plugin. A plugin is a file the plugin table's loaders import
 * (`import('./callback.ts')`, `import('./webchat/index.ts')`). Its own files are
 *   - a flat plugin `src/plugins/<name>.ts`: that file and its vocabulary `<name>.api.ts`;
 *   - a plugin in a folder of its own `src/plugins/<dir>/…`: every file in the folder;
 *   - one of several plugins in one folder (a widget's window and its service): its file and its
 *     `.api.ts`; the folder's other files (a section's reader both read) are shared.
 * No other module of src/plugins/ but the table imports a plugin's code, not even its types; its
 * vocabulary (the `.api.ts`) only as `import type`. To change what a plugin is, change `pluginsOf`.
 */
function pluginsOf(table) {
  const entries = [...new Set([...table.matchAll(/import\(\s*'\.\/([^']+)'\s*\)/g)].map((m) => m[1]))];
  if (entries.length === 0) throw new Error(`.dependency-cruiser.cjs: no plugin loader (import('./…')) found in ${PLUGIN_TABLE}`);
  const folderOf = (entry) => (entry.includes('/') ? entry.slice(0, entry.lastIndexOf('/')) : null);
  return entries.map((entry) => {
    const folder = folderOf(entry);
    const alone = folder !== null && entries.filter((other) => folderOf(other) === folder).length === 1;
    if (alone) {
      const dir = `^${escapeRegExp(`src/plugins/${folder}/`)}`;
      return { entry, own: dir, code: dir, api: `${dir}(?:api|.*[/.]api)[.]ts$` };
    }
    const file = `^${escapeRegExp(`src/plugins/${entry.replace(/[.]ts$/, '')}`)}`;
    return { entry, own: `${file}(?:[.]api)?[.]ts$`, code: `${file}[.]ts$`, api: `${file}[.]api[.]ts$` };
  });
}

function pluginRules() {
  let table;
  try {
    table = readFileSync(PLUGIN_TABLE, 'utf8');
  } catch {
    throw new Error(`.dependency-cruiser.cjs: the plugin table ${PLUGIN_TABLE} is missing: run depcruise from the repository's root`);
  }
  return pluginsOf(table).flatMap(({ entry, own, code, api }) => {
    const from = { path: '^src/plugins/', pathNot: [own, `^${escapeRegExp(PLUGIN_TABLE)}$`] };
    return [
      {
        name: 'plugins-import-no-plugin',
        comment:
          `${entry} is a plugin: no other plugin (nor a module they share) imports its code, not even its types. ` +
          'Plugins meet on the bus (DESIGN.md §1); logic two of them need goes below them: machines/ if pure, ' +
          'src/app/, or a shared module of src/plugins/ (a section reader such as callback-config.ts).',
        severity: 'error',
        from,
        to: { path: code, pathNot: API },
      },
      {
        name: 'plugin-vocabulary-is-type-only',
        comment: `${entry}'s vocabulary (its .api.ts) is declarations: other plugins import it only as \`import type\`.`,
        severity: 'error',
        from,
        to: { path: api, ...RUN_TIME },
      },
    ];
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'machines-are-pure',
      comment:
        'A machine never imports the bus, the network, a service, a plugin or a view at run time: ' + 'plugins provide its actors by name (DESIGN.md §1, §3).',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: '^(src/(bus|http|services|plugins)|elements)/', ...RUN_TIME },
    },
    {
      name: 'services-know-no-machines',
      comment: 'A service never knows a machine, a plugin or a view exists, not even their types (DESIGN.md §1).',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^(machines|elements|src/plugins)/' },
    },
    {
      name: 'views-do-no-network',
      comment: 'A view never calls fetch: elements reach the network only through bus commands (DESIGN.md §1, §5).',
      severity: 'error',
      from: { path: '^elements/' },
      to: { path: '^src/(http|services)/' },
    },
    {
      name: 'bus-is-the-bottom',
      comment: 'The bus knows no plugin, view or app core: plugins declare their vocabulary into it (DESIGN.md §4).',
      severity: 'error',
      from: { path: '^src/bus/' },
      to: { path: '^(src/(plugins|app)|elements)/' },
    },
    {
      name: 'app-core-is-below-plugins-and-views',
      comment:
        'The app core (config, i18n, theme, storage, controller registry) knows no plugin and no view: ' +
        'boot, beside the loader, wires them together (src/boot.ts).',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^(elements|src/plugins)/' },
    },
    {
      name: 'plugins-build-no-views',
      comment:
        'A plugin owns an actor and bus commands; its element renders the actor. A plugin imports no view code, ' +
        'not even types: it reaches elements only through the bus, its actor and tag names (app.ensureElement).',
      severity: 'error',
      from: { path: '^src/plugins/' },
      to: { path: '^elements/' },
    },
    ...pluginRules(),
    {
      name: 'no-circular',
      comment:
        'No module imports itself back through others, at run time, lazily (import()) or by types alone: ' +
        'each module owns its types, so the type moves to the module it describes and the other imports it; ' +
        "a lazy chunk that needs its loader's code or shape is handed it, or declares the shape it reads.",
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves, so no arrow escapes the rules above unseen.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Keep `import type` in the graph (labelled type-only) instead of dropping it as the compiler does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
