import { expect } from '@esm-bundle/chai';
import { deepActiveElement } from '../../elements/common/modal.ts';

/*
 * Focus rings never clipped or covered (issue 10 item 4, WCAG 2.4.7 / 2.4.11): the focused control's box
 * plus its ring (at least 2 px) lies inside every ancestor that clips or scrolls it (through shadow roots)
 * and inside the viewport, and nothing lies over it.
 */

/** The composed parent: the parent element, or the host when leaving a shadow root. */
function parentOf(node: Element): Element | null {
  const parent = node.parentNode;
  return parent instanceof ShadowRoot ? parent.host : parent instanceof Element ? parent : null;
}

/** The ancestors (through shadow roots) that clip their content: any overflow but visible. */
function clippingAncestors(el: Element): Element[] {
  const out: Element[] = [];
  for (let at = parentOf(el); at && at !== document.documentElement; at = parentOf(at)) {
    const style = getComputedStyle(at);
    if (style.display === 'contents') continue;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') out.push(at);
  }
  return out;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What an element lets its content show through: its padding box (inside the border, without scrollbars). */
const clipBox = (el: Element): Box => {
  const r = el.getBoundingClientRect();
  const left = r.left + el.clientLeft;
  const top = r.top + el.clientTop;
  return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
};

/** The focused control with its ring: the outline's reach beyond the border box, at least 2 px. */
function ringBox(el: Element): Box {
  const style = getComputedStyle(el);
  expect(style.outlineStyle, 'a focus ring is drawn').to.not.equal('none');
  const width = parseFloat(style.outlineWidth);
  expect(width, 'the ring is at least 2 px wide').to.be.at.least(2);
  const reach = Math.max(2, width + parseFloat(style.outlineOffset));
  const r = el.getBoundingClientRect();
  return { left: r.left - reach, top: r.top - reach, right: r.right + reach, bottom: r.bottom + reach };
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 && inner.top >= outer.top - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;
const show = (b: Box) => `[${Math.round(b.left)}, ${Math.round(b.top)}, ${Math.round(b.right)}, ${Math.round(b.bottom)}]`;

/** The focused control and its ring are fully visible: inside every clipping ancestor and the viewport, uncovered. */
export function expectRingVisible(what: string): HTMLElement {
  const el = deepActiveElement()!;
  expect(el, `${what}: something is focused`).to.not.equal(null);
  expect(el.matches(':focus-visible'), `${what}: :focus-visible`).to.equal(true);
  const ring = ringBox(el);
  for (const clip of clippingAncestors(el)) {
    const box = clipBox(clip);
    expect(inside(ring, box), `${what}: ring ${show(ring)} inside ${clip.localName}.${clip.className} ${show(box)}`).to.equal(true);
  }
  const viewport = { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight };
  expect(inside(ring, viewport), `${what}: ring ${show(ring)} inside the viewport ${show(viewport)}`).to.equal(true);
  // Nothing lies over it (a footer, a sticky action bar, a toaster): its middle and the middle of its top
  // and bottom edges are its own (not the corners: hit testing follows rounded corners; not the sides: the
  // phone field's own country button sits over its left edge).
  const root = el.getRootNode() as Document | ShadowRoot;
  const r = el.getBoundingClientRect();
  const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  for (const [px, py] of [
    [x, r.top + 1],
    [x, y],
    [x, r.bottom - 1],
  ] as const) {
    const hit = root.elementFromPoint(px, py);
    expect(hit === el || el.contains(hit), `${what}: the point (${Math.round(px)}, ${Math.round(py)}) shows ${hit?.localName}.${hit?.className}`).to.equal(
      true,
    );
  }
  return el;
}
