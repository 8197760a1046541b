// Module resolution hook for the Node test run (registered by node-setup.mjs).
//
// `@esm-bundle/chai` names its ES module only in the `module` field, which bundlers and
// web-test-runner read and Node does not (its `main` points at a file the package does not ship):
// Node is sent to the same ES module the browser tests get.
const CHAI = '@esm-bundle/chai';

export async function resolve(specifier, context, nextResolve) {
  if (specifier === CHAI) return nextResolve(`${CHAI}/esm/chai.js`, context);
  return nextResolve(specifier, context);
}
