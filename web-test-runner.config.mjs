// @ts-check
// Browser tests: every *.test.ts under test/ (except test/demo and test/e2e, which run in Node)
// in Debian's Chromium driven by Playwright. TypeScript is stripped by esbuild; React and the
// other CommonJS packages are converted by rollup's commonjs plugin, as in the production build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import rollupCommonjs from '@rollup/plugin-commonjs';
import rollupReplace from '@rollup/plugin-replace';

const require = createRequire(import.meta.url);
const commonjs = fromRollup(rollupCommonjs);
const replace = fromRollup(rollupReplace);
const mswWorker = readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8');

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 2,
  concurrentBrowsers: 1,
  testFramework: { config: { timeout: 10000 } },
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 180000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: chromiumArgs,
      },
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
    replace({ preventAssignment: true, 'process.env.NODE_ENV': JSON.stringify('development') }),
    commonjs({
      include: ['**/node_modules/react/**', '**/node_modules/react-dom/**', '**/node_modules/scheduler/**', '**/node_modules/use-sync-external-store/**'],
    }),
    esbuildPlugin({ ts: true, tsx: true, jsx: true, target: 'es2022', tsconfig: './tsconfig.json' }),
  ],
};
