// @ts-check
// Custom Elements Manifest (`npm run build:manifest`, part of `npm run build`): custom-elements.json at
// the repository root, referenced from package.json's "customElements" and shipped in the package.
// It is generated, not committed (see .gitignore).
//
// Each public element class in elements/<widget>/la-*.ts documents itself in JSDoc:
//   @tag @summary @attr @fires @csspart @cssprop
// Elements are registered by `defineElement(LaXElement)` (the tag lives in the class's static spec), not
// by a literal `customElements.define('la-x', …)`, so the analyzer cannot see a definition call. It does
// honour `@tag` on the class (that sets `tagName` and `customElement: true`); the plugin below adds the
// matching `custom-element-definition` export that a literal define call would have produced, so tools
// that read exports (IDE custom data generators, Storybook) find the tag as well.

/** @typedef {import('@custom-elements-manifest/analyzer').Plugin} Plugin */

/**
 * Adds a `custom-element-definition` export for each class whose `@tag` gave it a tagName, and fails
 * the build when a public element class (extends LaElement) has no `@tag`.
 * @returns {Plugin}
 */
function jsdocTagDefinitions() {
  return {
    name: 'live-assist/jsdoc-tag-definitions',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          if (!('tagName' in declaration) || !declaration.tagName) {
            // Every public element class (a subclass of LaElement) must name its tag, or the manifest
            // would silently describe a class no tool can map to markup.
            if (declaration.superclass?.name === 'LaElement') {
              throw new Error(`${mod.path}: ${declaration.name} has no @tag in its JSDoc`);
            }
            continue;
          }
          mod.exports ??= [];
          const defined = mod.exports.some(
            (/** @type {{ kind: string, name: string }} */ e) => e.kind === 'custom-element-definition' && e.name === declaration.tagName,
          );
          if (defined) continue;
          mod.exports.push({
            kind: 'custom-element-definition',
            name: declaration.tagName,
            declaration: { name: declaration.name, module: mod.path },
          });
        }
      }
    },
  };
}

/**
 * Keeps non-API members out of the manifest: the static `spec` field (the host's wiring: tag, plugin,
 * attribute types, view loader; its source text would otherwise appear as the default) and private
 * members (`#field`, `private`).
 * @returns {Plugin}
 */
function hideInternalMembers() {
  return {
    name: 'live-assist/hide-internal-members',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class' || !declaration.members) continue;
          declaration.members = declaration.members.filter(
            (/** @type {{ name: string, static?: boolean, privacy?: string }} */ m) =>
              !(m.static && m.name === 'spec') && m.privacy !== 'private' && !m.name.startsWith('#'),
          );
        }
      }
    },
  };
}

export default {
  globs: ['elements/**/la-*.ts'],
  exclude: ['**/*.test.ts', '**/*.spec.ts'],
  outdir: '.',
  packagejson: false,
  dev: false,
  plugins: [jsdocTagDefinitions(), hideInternalMembers()],
};
