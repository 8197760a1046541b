import type { LayerFiles } from '../start.ts';

/**
 * The loader and jQuery beside a layer script at dist/genesys/: from the script's own URL, since a
 * classic script's relative `import()` would resolve against the page instead.
 */
export function filesBeside(script: HTMLOrSVGScriptElement | null, base = script && 'src' in script && script.src ? script.src : document.baseURI): LayerFiles {
  return { loader: new URL('../live-assist.js', base).href, jquery: new URL('jquery.js', base).href };
}
