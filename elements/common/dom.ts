/**
 * The loader's DOM renderer: the few pieces the element hosts and the sidebar's launcher need, instead
 * of lit-html (issue 17, loader diet). Nodes are built once and then updated in place — an attribute or
 * a text is written only when it differs, a list keeps one node per key — so the launcher's buttons
 * keep keyboard focus, a pointer and their listeners across renders. Text goes in as text nodes and
 * nothing is parsed from a string (no innerHTML: no Trusted Types policy is needed, and network or
 * configuration text can never become markup).
 */

/** An attribute's value: a string is set, `true` sets it empty (a boolean attribute), anything else removes it. */
export type AttributeValue = string | boolean | null | undefined;
export type Attributes = Record<string, AttributeValue>;

/** Sets or removes each of `values` on `element`, touching only the attributes that differ. */
export function attrs<E extends Element>(element: E, values: Attributes): E {
  for (const [name, value] of Object.entries(values)) {
    const next = value === true ? '' : typeof value === 'string' ? value : null;
    if (element.getAttribute(name) === next) continue;
    if (next === null) element.removeAttribute(name);
    else element.setAttribute(name, next);
  }
  return element;
}

/** A new HTML element with its attributes and children (strings become text nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, values: Attributes = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const element = attrs(document.createElement(tag), values);
  element.append(...children);
  return element;
}

/** A new SVG element (in the SVG namespace, so `viewBox` keeps its case) with its attributes and children. */
export function svg(tag: string, values: Attributes = {}, ...children: Node[]): SVGElement {
  const element = attrs(document.createElementNS('http://www.w3.org/2000/svg', tag) as SVGElement, values);
  element.append(...children);
  return element;
}

/** Makes `node`'s whole content (a Text node's data) the text `value`, when it is not already exactly that. */
export function text<N extends Node>(node: N, value: string): N {
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== value) node.nodeValue = value;
    return node;
  }
  const only = node.firstChild;
  if (!only || only !== node.lastChild || only.nodeType !== Node.TEXT_NODE || only.nodeValue !== value) node.textContent = value;
  return node;
}

/** Whether keyboard focus is on `node` or inside it (seen from `node`'s own tree: document or shadow root). */
function hasFocus(node: Node): boolean {
  const active = (node.getRootNode() as Partial<DocumentOrShadowRoot>).activeElement;
  return !!active && node.contains(active);
}

/**
 * Makes `nodes` (nulls skipped) the children of `parent`, in that order: the other children are removed,
 * and a node already in place stays untouched. A node that holds focus is never moved (moving a node
 * takes it out of the document for a moment, which drops focus): the nodes in front of it that belong
 * after it are moved instead.
 */
export function place(parent: Node, nodes: ReadonlyArray<Node | null | undefined>): void {
  const wanted = nodes.filter((node): node is Node => node != null);
  for (const child of [...parent.childNodes]) if (!wanted.includes(child)) child.remove();
  const pinned = wanted.find((node) => node.parentNode === parent && hasFocus(node));
  let at = parent.firstChild;
  for (const node of wanted) {
    // Everything before `at` is placed; the focused node is at or after it: send what lies between to the end.
    if (node === pinned) {
      while (at && at !== node) {
        const next: ChildNode | null = at.nextSibling;
        parent.appendChild(at);
        at = next;
      }
    }
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}

/** One item of a keyed list: its node, created once, and how to bring it up to date with its item. */
export interface Keyed<T> {
  node: Node;
  update(item: T): void;
}

const keyedLists = new WeakMap<Node, Map<string, Keyed<never>>>();

/**
 * Renders `items` into `parent` by key: each key keeps the node `create` made for it on its first render
 * (its listeners attached once, reading the item `update` was last given), `update` runs for every item
 * on every render, the nodes follow the items' order, and the nodes of keys that are gone are removed.
 * A key seen twice in one render gets a node per occurrence.
 */
export function keyed<T>(parent: Node, items: readonly T[], key: (item: T) => string, create: () => Keyed<T>): void {
  const before = (keyedLists.get(parent) ?? new Map()) as Map<string, Keyed<T>>;
  const now = new Map<string, Keyed<T>>();
  for (const item of items) {
    let id = key(item);
    for (let n = 1; now.has(id); n += 1) id = `${key(item)}\u0000${n}`;
    const entry = before.get(id) ?? create();
    entry.update(item);
    now.set(id, entry);
  }
  keyedLists.set(parent, now as Map<string, Keyed<never>>);
  place(parent, [...now.values()].map((entry) => entry.node));
}
