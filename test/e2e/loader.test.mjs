// The built bundle in a real page: the load architecture (no React before intent), the public API,
// bad configuration and a strict Content-Security-Policy. Needs `npm run build` first (npm test does it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { launchChromium, serve, hostPage, pastIdlePreload } from './browser.mjs';
import { tableOf } from '../../scripts/registry.mjs';

// A configured command may only open or show a widget (src/bus/channel-commands.ts).
const channels = [{ name: 'CallUs', clickCommand: 'CallUs.open' }];
const callus = { contacts: [{ number: '+48 22 100 20 30' }] };
let browser;

before(async () => {
  assert.ok(existsSync('dist/live-assist.js'), 'dist/live-assist.js is missing: run `npm run build` first');
  browser = await launchChromium();
});
after(() => browser?.close());

/** Opens a host page and records its requests, console messages, page errors and CSP violations. */
async function open(config, body) {
  const server = await serve(hostPage(config, body));
  const page = await browser.newPage();
  page.setDefaultTimeout(8000);
  const requests = [];
  const console = [];
  const errors = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + '/', { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  const runtimeRequested = () => requests.some((p) => /\/dist\/runtime-[\w-]+\.js$/.test(p));
  return {
    page,
    requests,
    console,
    errors,
    runtimeRequested,
    close: async () => {
      await page.close();
      await server.close();
    },
  };
}

/**
 * The paths of the page's `<link rel=…>` once the preloader has stopped adding them: it links in slices
 * (a task or an idle period each, src/preload.ts), so the list is read when it has been the same, and
 * not empty, for half a second.
 */
async function linkedOnceSettled(page, rel) {
  const read = () => page.evaluate((r) => [...document.querySelectorAll(`link[rel=${r}]`)].map((l) => new URL(l.href).pathname), rel);
  let last = await read();
  for (let same = 0, tries = 0; same < 5 && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await read();
    same = now.length === last.length && now.length > 0 ? same + 1 : 0;
    last = now;
  }
  return last;
}

test('the sidebar appears without React; pointer entering it fetches the runtime', async () => {
  const host = await open({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels } });
  try {
    const button = host.page.locator('la-sidebar').getByRole('button', { name: 'Call Us' });
    await button.waitFor();
    await pastIdlePreload(host.page); // where preload: 'idle' would have fetched it (next test)
    assert.equal(host.runtimeRequested(), false, `requests before intent: ${host.requests.join(', ')}`);
    assert.ok(host.requests.every((p) => !/runtime|console/.test(p)));
    // A configuration the loader accepts as given needs no explanation: src/app/config-check.ts is not fetched.
    assert.ok(
      host.requests.every((p) => !/config-check/.test(p)),
      host.requests.join(', '),
    );
    await button.hover();
    await host.page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /runtime-/.test(e.name)));
    assert.equal(host.runtimeRequested(), true);
    assert.deepEqual(host.errors, []);
  } finally {
    await host.close();
  }
});

test('keyboard focus entering the sidebar fetches the runtime', async () => {
  const host = await open({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels } });
  try {
    await host.page.locator('la-sidebar').getByRole('button').waitFor();
    const before = host.requests.length;
    await host.page.keyboard.press('Tab'); // the host page's link
    await host.page.waitForFunction(() => document.activeElement?.getAttribute('href') === '#top');
    await pastIdlePreload(host.page);
    assert.equal(host.runtimeRequested(), false);
    assert.deepEqual(host.requests.slice(before), [], 'focus outside the sidebar loads nothing');
    await host.page.keyboard.press('Tab'); // into the sidebar's shadow root
    await host.page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /runtime-/.test(e.name)));
  } finally {
    await host.close();
  }
});

test('with the default preload the runtime is fetched once the page is idle after load', async () => {
  const host = await open({ main: { lang: 'en' }, sidebar: { channels } });
  try {
    await host.page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /runtime-/.test(e.name)), null, { timeout: 10000 });
    assert.ok(
      host.requests.every((p) => !/console/.test(p)),
      'no widget chunk is preloaded',
    );
  } finally {
    await host.close();
  }
});

test("preload 'idle' fetches the runtime and the channels' windows without evaluating them; intent evaluates", async () => {
  const host = await open({ main: { lang: 'pl' }, sidebar: { channels }, callus });
  try {
    const events = [];
    await host.page.exposeFunction('recordEvent', (name) => events.push(name));
    await host.page.evaluate(() => window.LiveAssist.subscribe('*', (event) => window.recordEvent(event.name)));
    await host.page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /runtime-/.test(e.name)), null, { timeout: 10000 });
    await pastIdlePreload(host.page);
    // Idle prefetches into the HTTP cache only (nothing parsed); intent links modulepreload.
    assert.equal(await host.page.evaluate(() => document.querySelectorAll('link[rel=modulepreload]').length), 0);
    const preloaded = await linkedOnceSettled(host.page, 'prefetch');
    assert.ok(
      preloaded.some((p) => /\/dist\/runtime-[\w-]+\.js$/.test(p)),
      preloaded.join(', '),
    );
    assert.ok(
      preloaded.some((p) => /\/dist\/call-us-[\w-]+\.js$/.test(p)),
      preloaded.join(', '),
    );
    assert.ok(
      host.requests.some((p) => /\/dist\/call-us-[\w-]+\.js$/.test(p)),
      'the window is fetched',
    );
    // Fetched, not evaluated: no view element is defined and no plugin has published anything.
    assert.equal(await host.page.evaluate(() => customElements.get('la-call-us-view')), undefined);
    assert.equal(await host.page.evaluate(() => customElements.get('la-overlay-view')), undefined);
    assert.deepEqual(events, [], 'no plugin ran before intent');
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Zadzwoń', exact: true }).click();
    await host.page.locator('la-overlay').getByRole('heading', { name: 'Zadzwoń do nas' }).waitFor();
    assert.ok(events.includes('CallUs.opened'), events.join(', '));
    assert.deepEqual(host.errors, []);
    assert.deepEqual(
      host.console.filter((m) => /Content Security Policy|Refused|preload/i.test(m)),
      [],
    );
  } finally {
    await host.close();
  }
});

test("with preload 'intent', intent fetches a channel's window, its companions and the runtime in one go, before the click", async () => {
  const host = await open({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels }, callus });
  try {
    const button = host.page.locator('la-sidebar').getByRole('button', { name: 'Call Us' });
    await button.waitFor();
    await pastIdlePreload(host.page);
    const links = () => host.page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname));
    assert.deepEqual(await links(), [], 'nothing before intent');
    assert.ok(!host.requests.some((p) => /load-graph/.test(p)), `the load graph is fetched on intent: ${host.requests.join(', ')}`);
    await button.hover();
    const preloaded = await linkedOnceSettled(host.page, 'modulepreload');
    for (const chunk of ['runtime', 'call-us', 'overlay', 'views', 'xstate']) {
      assert.ok(
        preloaded.some((p) => new RegExp(`/dist/${chunk}-[\\w-]+\\.js$`).test(p)),
        `${chunk} in ${preloaded.join(', ')}`,
      );
    }
    assert.equal(new Set(preloaded).size, preloaded.length, 'each file once');
  } finally {
    await host.close();
  }
});

test("intent on the callback links its form's files, not its country picker's, its calendar's nor its number check's (intl-tel-input, the calendar with luxon and libphonenumber-js are imported when idle after the window's first frame), nor the load graph's own", async () => {
  const host = await open({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels: [{ name: 'Callback', clickCommand: 'Callback.open' }] } });
  try {
    const button = host.page.locator('la-sidebar').getByRole('button', { name: 'Callback', exact: true });
    await button.waitFor();
    await pastIdlePreload(host.page);
    await button.hover();
    const preloaded = await linkedOnceSettled(host.page, 'modulepreload');
    for (const chunk of ['runtime', 'callback', 'views', 'xstate']) {
      assert.ok(
        preloaded.some((p) => new RegExp(`/dist/${chunk}-[\\w-]+\\.js$`).test(p)),
        `${chunk} in ${preloaded.join(', ')}`,
      );
    }
    for (const later of ['intl-tel-input', 'calendar', 'luxon', 'libphonenumber-js']) {
      assert.ok(!preloaded.some((p) => new RegExp(`/dist/${later}-`).test(p)), `no ${later} in ${preloaded.join(', ')}`);
      assert.ok(!host.requests.some((p) => new RegExp(`/dist/${later}-`).test(p)), `nor ${later} fetched`);
    }
    // Nor what is evaluated before the graph is read: the graph's own chunk (with the window manager, a
    // companion of every window) and what it imports (after-boot).
    for (const loaded of ['load-graph', 'after-boot']) {
      assert.ok(!preloaded.some((p) => new RegExp(`/dist/${loaded}-`).test(p)), `no ${loaded} in ${preloaded.join(', ')}`);
    }
  } finally {
    await host.close();
  }
});

for (const running of [false, true]) {
  test(`intent on the chat preloads ${running ? "its service and the configured transport's module, not the others, where a chat may come back" : 'its window without the service or a transport when no chat may come back'}`, async () => {
    const webchat = { transport: { type: 'ngrest', dataURL: '/api/ngrest/x' }, chatButton: { enabled: false } };
    const host = await open({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels: [{ name: 'WebChat', clickCommand: 'WebChat.open' }] }, webchat });
    try {
      const button = host.page.locator('la-sidebar').getByRole('button', { name: 'Live Chat' });
      await button.waitFor();
      await pastIdlePreload(host.page);
      // The running chat's session cookie (src/services/chat/session-store.ts; host-only, 'la' the default deployment's prefix).
      if (running)
        await host.page.evaluate(() => {
          document.cookie = 'la_webchat_session=' + encodeURIComponent(JSON.stringify({ type: 'ngrest', chatId: 'c-1', started: Date.now() })) + '; path=/';
        });
      await button.hover();
      const preloaded = await linkedOnceSettled(host.page, 'modulepreload');
      const has = (chunk) => preloaded.some((p) => new RegExp(`/dist/${chunk}-[\\w-]+\\.js$`).test(p));
      for (const chunk of ['runtime', 'chat', 'webchat', ...(running ? ['chat-service', 'ngrest'] : [])])
        assert.ok(has(chunk), `${chunk} in ${preloaded.join(', ')}`);
      for (const other of ['legacy-rest', 'cometd', 'cloud', ...(running ? [] : ['chat-service', 'ngrest'])])
        assert.ok(!has(other), `${other} not in ${preloaded.join(', ')}`);
      assert.deepEqual(host.errors, []);
    } finally {
      await host.close();
    }
  });
}

test("each window's companions (src/widgets.ts: companions, preloaded with it, and afterOpen, loaded after its first frame) are plugins its code commands", () => {
  const afterOpen = Object.entries(tableOf('afterOpen'));
  assert.deepEqual(afterOpen.map(([plugin]) => plugin).sort(), ['Callback', 'WebChat'], JSON.stringify(afterOpen));
  const companions = Object.entries(tableOf('companions'));
  assert.ok(companions.length >= 7, JSON.stringify(companions));
  const entries = [...companions, ...afterOpen];
  const registry = readFileSync('src/plugins/index.ts', 'utf8');
  for (const [plugin, companions] of entries) {
    const file = new RegExp(`\\b${plugin}: \\(\\) => import\\('\\./([\\w./-]+)'\\)`).exec(registry)?.[1];
    assert.ok(file, `${plugin} is in src/plugins/index.ts`);
    // A plugin in a folder of its own is every module there (src/plugins/webchat/: window.ts, commands.ts …).
    const folder = file.includes('/') ? `src/plugins/${file.slice(0, file.lastIndexOf('/'))}` : undefined;
    const source = folder
      ? readdirSync(folder)
          .filter((name) => name.endsWith('.ts'))
          .map((name) => readFileSync(`${folder}/${name}`, 'utf8'))
          .join('\n')
      : readFileSync(`src/plugins/${file}`, 'utf8');
    for (const companion of companions) {
      assert.ok(registry.includes(`${companion}: () =>`), `${companion} is a lazy plugin`);
      assert.ok(source.includes(`'${companion}.`), `${plugin} (${folder ?? `src/plugins/${file}`}) commands ${companion}`);
    }
  }
});

test('a click on a channel runs its command, opening a React window under a strict CSP', async () => {
  const host = await open({ main: { lang: 'pl', preload: 'intent' }, sidebar: { channels }, callus });
  try {
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Zadzwoń', exact: true }).click();
    const title = host.page.locator('la-overlay').getByRole('heading', { name: 'Zadzwoń do nas' });
    await title.waitFor();
    assert.deepEqual(host.errors, []);
    const violations = host.console.filter((m) => /Content Security Policy|Refused/.test(m));
    assert.deepEqual(violations, []);
  } finally {
    await host.close();
  }
});

test("a Polish page fetches the Polish launchers' texts up front, the whole Polish pack with the first window, and no English", async () => {
  const host = await open({ main: { lang: 'pl', preload: 'intent' }, sidebar: { channels }, callus });
  try {
    const call = host.page.locator('la-sidebar').getByRole('button', { name: 'Zadzwoń', exact: true });
    await call.waitFor();
    await pastIdlePreload(host.page);
    const fetched = (name) => host.requests.some((p) => new RegExp(`/dist/${name}-[\\w-]{8}\\.js$`).test(p));
    assert.ok(fetched('launcher-texts-pl'), host.requests.join(', '));
    assert.ok(
      !fetched('pl') && !fetched('en') && !fetched('launcher-texts-en'),
      `only the launchers' texts before any interaction: ${host.requests.join(', ')}`,
    );
    await call.click();
    await host.page.getByRole('heading', { name: 'Zadzwoń do nas' }).waitFor();
    assert.ok(fetched('pl'), `the whole pack with the window: ${host.requests.join(', ')}`);
    assert.ok(!fetched('en'), host.requests.join(', '));
    const text = await host.page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => el.localName.startsWith('la-'))
        .map((el) => el.shadowRoot?.textContent ?? '')
        .join(' '),
    );
    assert.doesNotMatch(text, /\b(callus|common|overlay)\.[a-zA-Z]+/, 'no text shows its key');
  } finally {
    await host.close();
  }
});

test("before any interaction an 'intent' page with a sidebar fetches six files: the loader, the launchers' texts, the translator, after-boot, the elements' parts and the sidebar's strip", async () => {
  const host = await open({ main: { lang: 'pl', preload: 'intent' }, sidebar: { channels } });
  try {
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Zadzwoń', exact: true }).waitFor();
    await pastIdlePreload(host.page);
    const files = host.requests.filter((p) => p.startsWith('/dist/')).map((p) => p.slice(6).replace(/-[\w-]{8}\.js$/, ''));
    // One file each: a module placed beside after-boot in its own manual chunk once made it two.
    assert.deepEqual(files.sort(), ['after-boot', 'i18n', 'launcher-texts-pl', 'launchers', 'live-assist.js', 'parts'], host.requests.join(', '));
  } finally {
    await host.close();
  }
});

test('LiveAssist.command(\'Nope.open\') rejects with "Command does not exist"', async () => {
  const host = await open({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels } });
  try {
    const message = await host.page.evaluate(() =>
      window.LiveAssist.command('Nope.open').then(
        () => 'resolved',
        (e) => e.message,
      ),
    );
    assert.equal(message, 'Command does not exist');
  } finally {
    await host.close();
  }
});

test('a malformed configuration logs the spec messages, throws nothing, and the sidebar still shows', async () => {
  const host = await open({ main: { theme: 'blue', lang: 'xx', timeFormat: 13 }, sidebar: { channels }, console: { enabled: 'yes' } });
  try {
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Call Us' }).waitFor();
    assert.ok(
      host.console.some((m) => m.startsWith('error:') && m.includes('Invalid theme specified')),
      host.console.join('\n'),
    );
    assert.ok(host.console.some((m) => m.includes('No matching language code found in language pack')));
    assert.ok(host.console.some((m) => m.includes('Invalid time format')));
    // The boot's own message comes from the same explanations chunk, logged as it arrives (App.ready does not wait for it).
    const consoleLine = 'error: [live-assist] console.enabled: must be true or false';
    for (let i = 0; i < 100 && !host.console.includes(consoleLine); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(host.console.includes(consoleLine), host.console.join('\n'));
    // The explanations come from their own chunk, fetched because the loader found values it did not accept.
    assert.ok(
      host.requests.some((p) => /\/dist\/config-check-[\w-]+\.js$/.test(p)),
      host.requests.join(', '),
    );
    assert.deepEqual(host.errors, []);
  } finally {
    await host.close();
  }
});

test('a liveAssistConfig getter that throws is reported, word for word, and the sidebar still shows with defaults', async () => {
  const server = await serve({
    ...hostPage(null, '<la-sidebar channels=\'[{"name":"WebChat"}]\'></la-sidebar>'),
    '/config.js': { body: "Object.defineProperty(window, 'liveAssistConfig', { get() { throw new Error('boom'); } });" },
  });
  const page = await browser.newPage();
  const lines = [];
  const errors = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(server.url + '/', { waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    await page.locator('la-sidebar').getByRole('button', { name: 'Live Chat' }).waitFor();
    const unreadable = lines.indexOf(
      'error: [live-assist] window.liveAssistConfig could not be read (its getter threw): starting with the default configuration',
    );
    assert.ok(unreadable >= 0, lines.join('\n'));
    assert.ok(lines.indexOf('error: [live-assist] No configuration provided') > unreadable, lines.join('\n'));
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await server.close();
  }
});

test('a configuration that is not an object still boots, with "No configuration provided"', async () => {
  const host = await open('oops', '<la-sidebar channels=\'[{"name":"WebChat"}]\'></la-sidebar>');
  try {
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Live Chat' }).waitFor();
    assert.ok(host.console.some((m) => m.includes('No configuration provided')));
    assert.deepEqual(host.errors, []);
  } finally {
    await host.close();
  }
});

test('a bad attribute shows a clear error inside the element, never a blank one', async () => {
  const host = await open({ main: { lang: 'en' } }, '<la-sidebar channels="[oops"></la-sidebar>');
  try {
    const alert = host.page.locator('la-sidebar').getByRole('alert');
    await alert.first().waitFor();
    assert.match(await alert.first().textContent(), /attribute "channels" must be valid JSON/);
    assert.deepEqual(host.errors, []);
  } finally {
    await host.close();
  }
});

test('LiveAssist.ready resolves when the language pack URL cannot be fetched', async () => {
  const host = await open({ main: { lang: 'pl', i18n: '/missing-pack.json', preload: 'intent' }, sidebar: { channels } });
  try {
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Zadzwoń', exact: true }).waitFor();
    assert.deepEqual(host.errors, []);
  } finally {
    await host.close();
  }
});

test('the loader is one self-contained file: no lazy chunk imports it, so it may be loaded with a query string', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const chunks = readdirSync('dist').filter((f) => f.endsWith('.js') && f !== 'live-assist.js');
  assert.ok(chunks.length > 10, 'the build has its lazy chunks');
  const importers = chunks.filter((f) => /(?:from\s*|import\s*\(?\s*)["']\.\/live-assist\.js["']/.test(readFileSync(`dist/${f}`, 'utf8')));
  assert.deepEqual(importers, [], 'chunks importing ./live-assist.js (loader code reached from a lazy chunk)');
  const loader = readFileSync('dist/live-assist.js', 'utf8');
  assert.ok(loader.length > 20000, 'live-assist.js is the loader itself, not a facade that loads it');
});

test("a window's chunks import no other window's code (shared modules live in shared chunks), so opening one never loads another's", () => {
  const manifest = JSON.parse(readFileSync('dist/bundle-manifest.json', 'utf8'));
  const name = (file) => file.replace(/-[\w-]{8}\.js$/, '');
  const windows = [
    'callback',
    'send-message',
    'search',
    'chat',
    'webchat',
    'chat-service',
    'call-us',
    'channel-selector',
    'overlay',
    'toaster',
    'console',
    'sidebar',
    'knowledge-center-service',
  ];
  // What a window's chunk may import of another's: the chat's view its own plugin's chunk, and the channel
  // selector the call-us panel it opens in place (its "Call us" entry). The side-button machine of the
  // windows that have a side button is in XState's chunk.
  const allowed = { chat: ['webchat'], 'channel-selector': ['call-us'] };
  for (const chunk of manifest.chunks.filter((c) => windows.includes(c.name))) {
    const others = chunk.imports.map(name).filter((n) => windows.includes(n));
    assert.deepEqual(
      others.filter((n) => !(allowed[chunk.name] ?? []).includes(n)),
      [],
      `${chunk.name} imports ${chunk.imports.join(', ')}`,
    );
  }
});

test("lazy chunks start with V8's compile hint (their functions compiled while they stream), the loader and the unhinted libraries do not, and the maps follow the extra line", async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { COMPILE_HINT, UNHINTED } = await import('../../rollup.config.mjs');
  const chunks = readdirSync('dist').filter((f) => f.endsWith('.js') && f !== 'live-assist.js');
  assert.ok(chunks.length > 10, 'the build has its lazy chunks');
  const name = (/** @type {string} */ f) => f.replace(/-[\w-]{8}\.js$/, '');
  const hinted = chunks.filter((f) => readFileSync(`dist/${f}`, 'utf8').startsWith(COMPILE_HINT)).map(name);
  assert.deepEqual(
    chunks
      .map(name)
      .filter((n) => !UNHINTED.has(n))
      .sort(),
    hinted.sort(),
    'every chunk but the unhinted has the hint',
  );
  for (const n of ['runtime', 'xstate', 'valibot', 'views', 'callback', 'send-message', 'search', 'chat', 'intl-tel-input'])
    assert.ok(hinted.includes(n), `${n} is hinted`);
  for (const n of ['luxon', 'libphonenumber-js', 'en', 'pl'])
    assert.ok(!hinted.includes(n) && chunks.some((f) => name(f) === n), `${n} is built and not hinted`);
  assert.ok(!readFileSync('dist/live-assist.js', 'utf8').includes('allFunctionsCalledOnLoad'), 'the loader has no hint');
  for (const f of chunks.filter((c) => hinted.includes(name(c)))) {
    // The hint's line maps to nothing; the chunk's code, now on line 2, keeps its mappings.
    const { mappings } = JSON.parse(readFileSync(`dist/${f}.map`, 'utf8'));
    assert.match(mappings, /^;[A-Za-z0-9+/]/, `${f}.map: line 1 (the hint) unmapped, line 2 mapped`);
  }
});

test("the sidebar's strip is a chunk of its own, fetched only where a sidebar connects; when it cannot load, the element says so", async () => {
  // A page with no sidebar: the launchers' chunk (DOM helpers, icons, the strip's sheet) is never fetched.
  const bare = await open({ main: { lang: 'en', preload: 'intent' }, callus }, '<p>An article.</p>');
  try {
    await bare.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    assert.ok(!bare.requests.some((p) => /\/dist\/launchers-[\w-]+\.js$/.test(p)), bare.requests.join(', '));
  } finally {
    await bare.close();
  }
  // A sidebar whose chunk fails: an alert in the element, in the page's language, not a blank strip.
  await sidebarWithout(/\/dist\/launchers-[\w-]+\.js$/, async (page, alert) => {
    assert.match(await alert.textContent(), /could not be loaded|load/i);
    assert.equal(await page.locator('la-sidebar').getByRole('button').count(), 0);
  });
});

/** An English page with a sidebar whose chunk matching `blocked` cannot load: `check` gets the page and the element's alert, once it shows; no page error. */
async function sidebarWithout(blocked, check) {
  const server = await serve(hostPage({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels }, callus }, '<la-sidebar></la-sidebar>'));
  const page = await browser.newPage();
  page.setDefaultTimeout(8000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.route(blocked, (route) => route.abort());
    await page.goto(server.url + '/', { waitUntil: 'load' });
    const alert = page.locator('la-sidebar').getByRole('alert');
    await alert.waitFor();
    await check(page, alert);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await server.close();
  }
}

test('an element whose parts chunk (sheets, attribute parsing) cannot load says so inside it, never a blank element', async () => {
  await sidebarWithout(/\/dist\/parts-[\w-]+\.js$/, async (page, alert) => {
    assert.match(await alert.textContent(), /could not be loaded/);
    // The strip is there all the same (unstyled): the channels still work.
    await page.locator('la-sidebar').getByRole('button', { name: 'Call Us', exact: true }).waitFor();
  });
});
