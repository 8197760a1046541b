// Stylesheets are imported as constructable CSSStyleSheets (`with { type: 'css' }`): natively in
// Chromium during tests, and by the `css-sheet` plugin in rollup.config.mjs for the build.
declare module '*.css' {
  const sheet: CSSStyleSheet;
  export default sheet;
}
