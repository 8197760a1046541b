import { expect } from '@esm-bundle/chai';
import { attrs, h, keyed, place, svg, text } from '../../elements/common/dom.ts';
import type { Keyed } from '../../elements/common/dom.ts';

// The loader's DOM renderer (elements/common/dom.ts, issue 17: lit-html out of the loader): nodes made
// once and updated in place, a keyed list whose items keep their nodes (and keyboard focus) while the
// list is hidden, shown, reordered or shortened, text always as text.

interface Row {
  name: string;
  label: string;
  hidden?: boolean;
}

/** A list of buttons like the sidebar's: one `<li><button>` per key; counts creations and clicks. */
function harness() {
  const list = h('ul');
  document.body.append(list);
  let created = 0;
  const clicks: string[] = [];
  const create = (): Keyed<Row> => {
    created += 1;
    let current: Row;
    const button = h('button', { type: 'button' });
    button.addEventListener('click', () => clicks.push(current.label));
    const item = h('li', {}, button);
    return {
      node: item,
      update(row) {
        current = row;
        attrs(item, { hidden: row.hidden ?? false });
        attrs(button, { 'data-name': row.name });
        text(button, row.label);
      },
    };
  };
  const render = (rows: Row[]) => keyed(list, rows, (row) => row.name, create);
  const button = (name: string) => list.querySelector<HTMLButtonElement>(`[data-name="${name}"]`)!;
  const order = () => [...list.children].map((li) => li.querySelector('button')!.dataset.name);
  const focused = () => (document.activeElement as HTMLElement | null)?.dataset.name;
  return { list, render, button, order, focused, clicks, created: () => created, dispose: () => list.remove() };
}

/** Records every DOM mutation under `node` while `work` runs. */
async function mutations(node: Node, work: () => void): Promise<MutationRecord[]> {
  const observer = new MutationObserver(() => undefined);
  observer.observe(node, { subtree: true, childList: true, attributes: true, characterData: true });
  work();
  const records = observer.takeRecords();
  observer.disconnect();
  return records;
}

const abc: Row[] = [
  { name: 'a', label: 'Call Us' },
  { name: 'b', label: 'Callback' },
  { name: 'c', label: 'Live Chat' },
];

describe('elements/common/dom.ts', () => {
  it('attrs sets strings, `true` as an empty attribute, removes false/null/undefined, and writes only what differs', async () => {
    const element = h('div', { class: 'x', hidden: true, title: undefined });
    expect(element.getAttribute('class')).to.equal('x');
    expect(element.getAttribute('hidden')).to.equal('');
    expect(element.hasAttribute('title')).to.equal(false);
    const records = await mutations(element, () => attrs(element, { class: 'x', hidden: true, title: null }));
    expect(records).to.have.length(0);
    attrs(element, { class: 'y', hidden: false, 'aria-label': 'Kontakt' });
    expect(element.outerHTML).to.equal('<div class="y" aria-label="Kontakt"></div>');
  });

  it('text sets text only when it differs, and markup stays text', async () => {
    const element = h('p', {}, 'same');
    const first = element.firstChild;
    expect(await mutations(element, () => text(element, 'same'))).to.have.length(0);
    expect(element.firstChild === first).to.equal(true);
    text(element, '<img src=x onerror="window.__domPwned = true">');
    expect(element.children).to.have.length(0);
    expect(element.textContent).to.equal('<img src=x onerror="window.__domPwned = true">');
    const node = new Text('a');
    text(node, 'b');
    expect(node.data).to.equal('b');
    expect((window as { __domPwned?: boolean }).__domPwned).to.equal(undefined);
  });

  it('svg creates SVG-namespace elements with their attributes as given (viewBox keeps its case)', () => {
    const icon = svg('svg', { viewBox: '0 0 24 24', 'stroke-width': '2' }, svg('path', { d: 'M1 1h2' }));
    expect(icon).to.be.instanceOf(SVGSVGElement);
    expect(icon.namespaceURI).to.equal('http://www.w3.org/2000/svg');
    expect(icon.getAttribute('viewBox')).to.equal('0 0 24 24');
    expect(icon.firstElementChild).to.be.instanceOf(SVGPathElement);
  });

  it('place removes what is not wanted and leaves nodes that are in place untouched', async () => {
    const parent = h('div');
    const [one, two, three] = [h('p', {}, '1'), h('p', {}, '2'), h('p', {}, '3')];
    const same = (nodes: readonly Node[]) => nodes.length === parent.childNodes.length && nodes.every((node, i) => parent.childNodes[i] === node);
    place(parent, [one, null, two, three]);
    expect(same([one, two, three])).to.equal(true);
    const records = await mutations(parent, () => place(parent, [one, two, three]));
    expect(records).to.have.length(0);
    const inserted = h('p', {}, '0');
    const added = await mutations(parent, () => place(parent, [inserted, one, two, three]));
    expect(added.flatMap((r) => [...r.addedNodes]).map((node) => node.textContent)).to.deep.equal(['0']);
    expect(added.flatMap((r) => [...r.removedNodes])).to.have.length(0);
    place(parent, [one, three]);
    expect(same([one, three])).to.equal(true);
  });

  it('a keyed item keeps its node when the list is re-rendered, hidden, shown, reordered and shortened', () => {
    const list = harness();
    try {
      list.render(abc);
      const nodes = Object.fromEntries(abc.map((row) => [row.name, list.button(row.name)]));
      expect(list.created()).to.equal(3);
      list.render(abc);
      list.render(abc.map((row) => (row.name === 'b' ? { ...row, hidden: true } : row)));
      expect(list.button('b').closest('li')!.hidden).to.equal(true);
      list.render(abc);
      expect(list.button('b').closest('li')!.hidden).to.equal(false);
      list.render([abc[2]!, abc[0]!, abc[1]!]);
      expect(list.order()).to.deep.equal(['c', 'a', 'b']);
      list.render([abc[2]!, abc[0]!]);
      expect(list.order()).to.deep.equal(['c', 'a']);
      list.render([...abc].reverse());
      expect(list.order()).to.deep.equal(['c', 'b', 'a']);
      expect(list.created()).to.equal(4, 'only b, which left the list, was made again');
      for (const name of ['a', 'c']) expect(list.button(name) === nodes[name], name).to.equal(true);
    } finally {
      list.dispose();
    }
  });

  it('a focused item keeps focus through re-renders, a label change and any reorder: it is never moved', async () => {
    const list = harness();
    try {
      list.render(abc);
      for (const focused of ['a', 'b', 'c']) {
        const button = list.button(focused);
        button.focus();
        for (const order of [['c', 'b', 'a'], ['b', 'a', 'c'], ['a', 'c', 'b'], ['c', 'a', 'b'], ['a', 'b', 'c']]) {
          const rows = order.map((name) => abc.find((row) => row.name === name)!);
          const records = await mutations(list.list, () => list.render(rows));
          expect(list.order()).to.deep.equal(order);
          // Compared by name and as booleans: a failure message then names no DOM node.
          expect(list.focused(), `${focused} focused, order ${order}`).to.equal(focused);
          const moved = records.some((r) => [...r.removedNodes].includes(button.parentElement!));
          expect(moved, `${focused} focused, order ${order}: moved`).to.equal(false);
        }
        list.render(abc.map((row) => (row.name === focused ? { ...row, label: 'Renamed' } : row)));
        expect(button.textContent).to.equal('Renamed');
        expect(document.activeElement === button).to.equal(true);
      }
    } finally {
      list.dispose();
    }
  });

  it('listeners are attached once per node and read the item the node was last rendered with', () => {
    const list = harness();
    try {
      list.render(abc);
      const button = list.button('a');
      list.render(abc.map((row) => (row.name === 'a' ? { ...row, label: 'Phone us' } : row)));
      list.render(abc.map((row) => (row.name === 'a' ? { ...row, label: 'Ring us' } : row)));
      button.click();
      expect(list.clicks).to.deep.equal(['Ring us']);
    } finally {
      list.dispose();
    }
  });

  it('a key seen twice gets a node per occurrence', () => {
    const list = harness();
    try {
      list.render([abc[0]!, { name: 'a', label: 'Again' }]);
      expect([...list.list.querySelectorAll('button')].map((b) => b.textContent)).to.deep.equal(['Call Us', 'Again']);
      const second = list.list.querySelectorAll('button')[1];
      list.render([abc[0]!, { name: 'a', label: 'Again' }, abc[1]!]);
      expect(list.list.querySelectorAll('button')[1] === second).to.equal(true);
    } finally {
      list.dispose();
    }
  });

  it('never parses markup: no innerHTML, outerHTML, insertAdjacentHTML or DOMParser while building and updating', () => {
    const sinks = [
      [Element.prototype, 'innerHTML'],
      [Element.prototype, 'outerHTML'],
      [ShadowRoot.prototype, 'innerHTML'],
    ] as const;
    const saved = sinks.map(([proto, name]) => Object.getOwnPropertyDescriptor(proto, name)!);
    const used: string[] = [];
    sinks.forEach(([proto, name], i) =>
      Object.defineProperty(proto, name, { configurable: true, get: saved[i]!.get, set: () => void used.push(name) }),
    );
    const adjacent = Element.prototype.insertAdjacentHTML;
    Element.prototype.insertAdjacentHTML = () => void used.push('insertAdjacentHTML');
    const parse = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (this: DOMParser, ...args: Parameters<DOMParser['parseFromString']>) {
      used.push('DOMParser');
      return parse.apply(this, args);
    };
    const list = harness();
    try {
      list.render(abc.map((row) => ({ ...row, label: `<b>${row.label}</b>` })));
      list.render([...abc].reverse());
      place(list.list, [h('li', {}, '<i>x</i>', svg('svg', {}, svg('path', { d: 'M0 0' })))]);
      expect(list.list.querySelector('b, i')).to.equal(null);
    } finally {
      list.dispose();
      sinks.forEach(([proto, name], i) => Object.defineProperty(proto, name, saved[i]!));
      Element.prototype.insertAdjacentHTML = adjacent;
      DOMParser.prototype.parseFromString = parse;
    }
    expect(used).to.deep.equal([]);
  });
});
