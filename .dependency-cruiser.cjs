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
 */

/** Run-time imports only; `import type` does not count. */
const RUN_TIME = { dependencyTypesNot: ['type-only'] };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'machines-are-pure',
      comment:
        'A machine never imports the bus, the network, a service, a plugin or a view at run time: ' +
        'plugins provide its actors by name (DESIGN.md §1, §3).',
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
