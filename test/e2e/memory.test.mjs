// End-to-end: opening and closing a window leaves nothing behind (issue 17, the bench's memory table as
// counts). On the demo's English page each of the callback, send-message, chat and search windows is
// opened (until a field shows) and closed, then, after a full garbage collection (a heap snapshot is
// precise: nothing on the stack keeps a node alive), the test counts what the page still holds:
// detached DOM nodes still reachable (a closed window's tree kept by a reference), DOM nodes and event
// listeners (Memory.getDOMCounters), and JS objects per constructor in the heap snapshot. Sizes and
// timings are never asserted: a leak is a count that grows with every open and close. Needs
// `npx rollup -c` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo, renderedFrames } from './browser.mjs';

const demo = useDemo();

/** How many open-close cycles each comparison spans: a leak of one object per cycle grows by this much. */
const CYCLES = 4;
/**
 * The cycles before the first count: the first loads the window's code; the next fill what V8 makes once
 * per call site as code warms up (object literal boilerplates and the like, plain Objects and Arrays, for
 * about ten cycles), which would otherwise look like growth per cycle.
 */
const WARM_UP = 12;

// As the bench's memory table: preload 'intent', the chat open at any hour, its side button and
// invitation off (they would load and show the chat before the test opens it).
const CONFIG_OVERRIDE = `(() => {
  let config;
  Object.defineProperty(window, 'liveAssistConfig', { configurable: true, get: () => config, set: (value) => {
    config = value;
    config.main = { ...config.main, preload: 'intent' };
    if (config.stats) delete config.stats.availability;
    if (config.webchat) {
      config.webchat.chatButton = { ...config.webchat.chatButton, enabled: false };
      config.webchat.autoInvite = { ...config.webchat.autoInvite, enabled: false };
    }
  } });
})();`;

/**
 * In the page: whether a visible element of the window `tag` matching `selector` (shadow roots searched)
 * is `shown`.
 */
function fieldShown({ tag, shown, selector = 'input:not([type=hidden]), textarea' }) {
  const deep = (root, found = []) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(selector)) found.push(el);
      if (el.shadowRoot) deep(el.shadowRoot, found);
    }
    return found;
  };
  const host = document.querySelector(tag);
  return Boolean(host?.shadowRoot && deep(host.shadowRoot).some((field) => field.checkVisibility())) === shown;
}

/** A full garbage collection, then what the page holds. */
async function holdings(cdp) {
  await cdp.send('HeapProfiler.enable');
  const chunks = [];
  const onChunk = (event) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join(''));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [type, name] = [fields.indexOf('type'), fields.indexOf('name')];
  /** JS objects and closures per constructor (or function) name. */
  const objects = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const kind = types[snapshot.nodes[i + type]];
    if (kind !== 'object' && kind !== 'closure') continue;
    const key = `${kind} ${snapshot.strings[snapshot.nodes[i + name]]}`;
    objects.set(key, (objects.get(key) ?? 0) + 1);
  }
  const { detachedNodes } = await cdp.send('DOM.getDetachedDomNodes');
  const counters = await cdp.send('Memory.getDOMCounters');
  return {
    objects,
    // Every detached node counts; lit-html's template cache (the launchers' chunk) holds one detached
    // <template> per template, made on its first render, and is checked apart (it must not grow).
    detached: detachedNodes.map((d) => d.treeNode.nodeName),
    nodes: counters.nodes,
    listeners: counters.jsEventListeners,
  };
}

/** The constructors with at least one more instance per cycle in both spans (a one-time cache grows in one only). */
function growingEveryCycle(a, b, c) {
  const out = [];
  for (const [key, count] of c.objects) {
    const first = (b.objects.get(key) ?? 0) - (a.objects.get(key) ?? 0);
    const second = count - (b.objects.get(key) ?? 0);
    if (first >= CYCLES && second >= CYCLES) out.push(`${key} +${first} +${second}`);
  }
  return out;
}

// `started`: what a window draws once the browser is idle after its first frame, awaited in every cycle,
// so each open and close runs the same code whatever the machine's load. The callback's country picker
// (intl-tel-input) starts then: a cycle closed before it would skip its start and destroy, and the first
// start falling inside a counted span would show its code's one-time allocation sites as growth.
for (const { name, tag, started } of [
  { name: 'Callback', tag: 'la-callback', started: '.iti__selected-country' },
  { name: 'SendMessage', tag: 'la-send-message' },
  { name: 'WebChat', tag: 'la-chat' },
  { name: 'Search', tag: 'la-search' },
]) {
  test(`${name}: opening and closing the window leaves no nodes, listeners or objects behind`, async () => {
    const context = await demo.browser.newContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10000);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript({ content: CONFIG_OVERRIDE });
      const cdp = await context.newCDPSession(page);
      await page.goto(`${demo.url}/en`, { waitUntil: 'load' });
      await page.evaluate(() => window.LiveAssist.ready);
      const cycle = async () => {
        await page.evaluate((n) => window.LiveAssist.command(`${n}.open`), name);
        await page.waitForFunction(fieldShown, { tag, shown: true });
        if (started) await page.waitForFunction(fieldShown, { tag, shown: true, selector: started });
        await page.evaluate((n) => window.LiveAssist.command(`${n}.close`), name);
        await page.waitForFunction(fieldShown, { tag, shown: false });
        await renderedFrames(page);
      };
      for (let i = 0; i < WARM_UP; i++) await cycle();
      const base = await holdings(cdp);
      for (let i = 0; i < CYCLES; i++) await cycle();
      const middle = await holdings(cdp);
      for (let i = 0; i < CYCLES; i++) await cycle();
      const end = await holdings(cdp);
      const templates = (h) => h.detached.filter((n) => n === 'TEMPLATE');
      assert.deepEqual(
        end.detached.filter((n) => n !== 'TEMPLATE'),
        [],
        'detached DOM nodes still reachable after the window closed',
      );
      assert.deepEqual(templates(end), templates(base), "lit-html's template cache grew with the cycles");
      assert.deepEqual({ nodes: end.nodes, listeners: end.listeners }, { nodes: base.nodes, listeners: base.listeners }, 'DOM nodes and listeners');
      assert.deepEqual(growingEveryCycle(base, middle, end), [], `JS objects that grow with every open and close (${CYCLES} cycles each span)`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
