// @ts-check
// One entry, dist/live-assist.js (the loader), plus lazily loaded chunks:
//   runtime-[hash].js   react, react-dom, scheduler, r2wc, xstate, @xstate/react (src/runtime.ts)
//   luxon-[hash].js, intl-tel-input-[hash].js, libphonenumber-js-[hash].js   heavy libraries, shared by the widgets that need them
//   one chunk per plugin and per view, one per language pack
import { readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import json from '@rollup/plugin-json';
import esbuild from 'rollup-plugin-esbuild';
import terser from '@rollup/plugin-terser';
import { transformSync } from 'esbuild';

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
 * modules, so `npm run bench` can attribute bytes to the loader, the runtime and each widget. */
function bundleManifest() {
  return {
    name: 'bundle-manifest',
    buildStart() {
      rmSync('dist', { recursive: true, force: true });
    },
    generateBundle(_options, bundle) {
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
      this.emitFile({ type: 'asset', fileName: 'bundle-manifest.json', source: JSON.stringify({ chunks }, null, 2) });
    },
  };
}

const RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler|@r2wc|xstate|@xstate|use-sync-external-store)[\\/]|[\\/]src[\\/]runtime\.ts$/;
// The official CometD client with the one module that configures it: loaded only by the CometD chat
// transport and the MessagingClient plugin, never by a REST-only page (bench row 'cometd').
const LIBRARIES = { cometd: /[\\/]node_modules[\\/]cometd[\\/]|[\\/]src[\\/]services[\\/]messaging-client\.ts$/, valibot: /[\\/]node_modules[\\/]valibot[\\/]|[\\/]src[\\/](?:app[\\/]section|services[\\/]answer)\.ts$/, luxon: /[\\/]node_modules[\\/]luxon[\\/]/, 'intl-tel-input': /[\\/]node_modules[\\/]intl-tel-input[\\/]/, 'libphonenumber-js': /[\\/]node_modules[\\/]libphonenumber-js[\\/]/ };

export default {
  input: { 'live-assist': 'src/index.ts' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    sourcemap: true,
    manualChunks(id) {
      if (RUNTIME.test(id)) return 'runtime';
      for (const [name, pattern] of Object.entries(LIBRARIES)) if (pattern.test(id)) return name;
      return undefined;
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
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    cssSheets(),
    nodeResolve({ browser: true, exportConditions: ['browser', 'es2015', 'production'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
    commonjs(),
    json({ preferConst: true, compact: true }),
    esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json', include: /\.[jt]sx?$/ }),
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
};
