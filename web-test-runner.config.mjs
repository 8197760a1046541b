// @ts-check
// Browser tests: every *.test.ts and *.test.tsx under test/ that needs a browser, in Debian's Chromium
// driven by Playwright. The rest run in Node (`npm run test:node`: the pure machine, bus, service,
// http and app tests, with msw's Node interceptor, and the .mjs demo and e2e tests). TypeScript is stripped by esbuild; React and the
// other CommonJS packages are converted by rollup's commonjs plugin, as in the production build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumLaunchOptions } from './test/chromium.mjs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);

// React and the shims @xstate/react uses are CommonJS. They are bundled once, together (one React
// instance), by esbuild into an ES module; each bare specifier is then served as a small facade
// module whose named exports are read from the real package, so `import { createRoot } from
// 'react-dom/client'` works in the browser as it does in the rollup build.
const COMMONJS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'use-sync-external-store/shim',
  'use-sync-external-store/shim/with-selector',
  // jQuery 3 is CommonJS too (Genesys extensions get it: src/genesys/extensions.ts); served raw, it would make itself a global.
  'jquery',
];
const exportName = (specifier) => `m${COMMONJS.indexOf(specifier)}`;
/** The bundle, built on its first request (so reading this config, as test/helpers/suites.test.mjs does, stays cheap). */
let depsBundle;
const bundleDeps = async () =>
  (depsBundle ??= build({
    stdin: {
      contents: COMMONJS.map((s) => `export * as ${exportName(s)} from '${s}';`).join('\n'),
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"development"' },
  }).then((result) => result.outputFiles[0].text));
// Read the export names now, before the runner wraps the console (React's dev build patches it).
const exportNames = Object.fromEntries(COMMONJS.map((s) => [s, Object.keys(require(s)).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n))]));
const facade = (specifier) => {
  const names = exportNames[specifier];
  return [
    `import { ${exportName(specifier)} as ns } from '/__deps/bundle.js';`,
    'const m = ns.default ?? ns;',
    'export default m;',
    ...names.map((n) => `export const ${n} = m.${n};`),
  ].join('\n');
};
const mswWorker = readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');

// The TypeScript test files `npm run test:node` names (package.json, the one list) run there and are
// left out here; every other test file runs in Chromium, so no test file is left out of both.
const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const nodeTests = packageJson.scripts['test:node'].split(/\s+/).filter((arg) => /^test\/.+\.test\.tsx?$/.test(arg));

export default {
  files: ['test/**/*.test.{ts,tsx}', ...nodeTests.map((glob) => `!${glob}`)],
  nodeResolve: { exportConditions: ['browser', 'es2015'] },
  concurrency: 2,
  concurrentBrowsers: 1,
  testFramework: { config: { timeout: 10000 } },
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 300000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: chromiumLaunchOptions(),
    }),
  ],
  mimeTypes: { '**/*.tsx': 'js', '**/*.ts': 'js' },
  plugins: [
    {
      // msw's service worker must be served from the origin's root to control the test pages.
      name: 'msw-worker',
      serve(context) {
        if (context.path === '/mockServiceWorker.js') return { body: mswWorker, type: 'js' };
      },
    },
    {
      name: 'commonjs-deps',
      resolveImport({ source }) {
        if (COMMONJS.includes(source)) return `/__deps/${encodeURIComponent(source)}.js`;
      },
      async serve(context) {
        if (context.path === '/__deps/bundle.js') return { body: await bundleDeps(), type: 'js' };
        const match = context.path.match(/^\/__deps\/(.+)\.js$/);
        if (match) return { body: facade(decodeURIComponent(match[1])), type: 'js' };
      },
    },
    esbuildPlugin({ ts: true, tsx: true, jsx: true, target: 'esnext', tsconfig: './tsconfig.json' }),
  ],
};
