import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };

/**
 * The sheets every element adopts first: the `--la-*` tokens (dark default, light) and the base rules
 * (the root, focus rings, the element's error box). A chunk of their own, not the loader's: fetched
 * when the first element connects, beside the language pack its first render waits for anyway.
 */
export const sheets: readonly CSSStyleSheet[] = [tokens, base];
