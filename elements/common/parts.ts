import tokens from '../../styles/tokens.css' with { type: 'css' };
import base from '../../styles/base.css' with { type: 'css' };
import type { Subscription } from '../../src/bus/index.ts';

export { parseAttribute, propertyName } from './attributes.ts';

/**
 * What an element needs once it draws, not before: a chunk of its own, not the loader's, fetched when the
 * first element connects, beside the language pack its first render waits for anyway
 * (elements/common/host.ts).
 *
 * The sheets every element adopts first: the `--la-*` tokens (dark default, light) and the base rules
 * (the root, focus rings, the element's error box).
 */
export const sheets: readonly CSSStyleSheet[] = [tokens, base];

interface WindowSnapshot {
  matches(state: 'closed'): boolean;
}

/**
 * `mountWhen: 'open'`: the view mounts once the window's actor (`controller.actor`) leaves `closed` —
 * opened by a click, a command, a restore after a reload, another tab — never before (the chat's button,
 * say, is the launcher's, drawn without React).
 */
export function mountWhenOpen(controller: unknown, mount: () => void): () => void {
  const { actor } = controller as { actor: { getSnapshot(): WindowSnapshot; subscribe(next: (snapshot: WindowSnapshot) => void): Subscription } };
  const check = (snapshot: WindowSnapshot) => {
    if (!snapshot.matches('closed')) mount();
  };
  const subscription = actor.subscribe(check);
  check(actor.getSnapshot());
  return () => subscription.unsubscribe();
}
