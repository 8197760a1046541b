// End-to-end: the chat's side button without React (issue 17, TBT +0 in 'idle' mode). A deployment that
// shows the chat button loads the WebChat plugin when the page is idle; the button is drawn by the
// launchers chunk from the plugin's actor, and neither the React runtime nor the chat's view is fetched
// until intent (pointer or keyboard focus on the button: both fetched, the view's chunk evaluated, nothing
// mounted) or the window opening. Then the keyboard: the
// button is reached with Tab, Enter opens the window with focus in it, and focus never falls to <body>.
// Against the demo server and its simulator (the chat's API), on a page of the test's own (routed):
// nothing on it but a link, the config, the loader and a paragraph. Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { holdBack, pastIdlePreload, useDemo } from './browser.mjs';
import { waitFor } from '../helpers/wait.mjs';

const demo = useDemo();

const config = {
  main: { lang: 'en', deploymentID: 'e2e-chat-button', preload: 'intent', pluginLoadDelay: 100 },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    autoInvite: { enabled: false },
    chatButton: { enabled: true, openDelay: 0, effect: 'fade', effectDuration: 0 },
    form: { fields: [{ name: 'firstname', required: true, maxlength: 100 }] },
  },
};
const hostHtml = (body = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script>window.liveAssistConfig = ${JSON.stringify(config)};</script>
<script type="module" src="/dist/live-assist.js"></script></head>
<body><main><h1>Host page</h1><a href="#top">A link before the widgets</a><p>Text.</p></main>${body}</body></html>`;

/** A fresh context on the routed page (`body` after its content; `before` prepares the page); records the /dist/ files it requests and its errors. */
async function visit(body, before) {
  const PAGE = hostHtml(body);
  const context = await demo.browser.newContext({ bypassCSP: true }); // bypassCSP: only to inject axe-core
  const page = await context.newPage();
  await before?.(page);
  page.setDefaultTimeout(8000);
  await page.route(`${demo.url}/chat-button`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE }));
  const files = [];
  const problems = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/dist/')) files.push(path.slice(6));
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(`${demo.url}/chat-button`, { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  return { page, context, files, problems };
}

/** The built file holding `module` (dist/bundle-manifest.json). */
const fileOf = (module) => {
  const chunk = JSON.parse(readFileSync('dist/bundle-manifest.json', 'utf8')).chunks.find((c) => c.modules.includes(module));
  assert.ok(chunk, `no chunk holds ${module}`);
  return chunk.file;
};
const runtime = (files) => files.filter((f) => f === fileOf('src/runtime.ts'));
/** The chat's view and the shared view code (window chrome …). */
const chatView = (files) => files.filter((f) => f === fileOf('elements/chat/chat.view.tsx') || f === fileOf('elements/common/chrome.tsx'));
const button = (page) => page.locator('la-chat').getByRole('button', { name: 'Chat with us' });

/** The focused element through shadow roots: its tag (and part), or BODY. */
const focused = (page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el === document.body || !el
      ? 'BODY'
      : `${el.tagName}${el.getAttribute('part') ? `[${el.getAttribute('part')}]` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`;
  });

test("'intent' mode: the chat button shows with the WebChat plugin alone — no runtime, no chat view — and a click opens the chat", async () => {
  const { page, context, files, problems } = await visit();
  try {
    await button(page).waitFor({ state: 'visible' });
    await pastIdlePreload(page);
    // The plugin and the launchers chunk, nothing of React: nor a modulepreload of them.
    assert.ok(
      files.some((f) => /^webchat-/.test(f)),
      `the WebChat plugin: ${files.join(', ')}`,
    );
    assert.ok(
      files.some((f) => /^launchers-/.test(f)),
      files.join(', '),
    );
    assert.deepEqual(runtime(files), [], `fetched before intent: ${files.join(', ')}`);
    assert.deepEqual(chatView(files), [], `fetched before intent: ${files.join(', ')}`);
    assert.equal(await page.evaluate(() => customElements.get('la-chat-view')), undefined, 'no view element defined');
    assert.equal(await page.locator('la-chat').getByRole('dialog').count(), 0);
    // The button is the spec's: its part, icon and name; visible and in the tab order.
    const state = await page.evaluate(() => {
      const root = document.querySelector('la-chat').shadowRoot;
      const b = root.querySelector('[part=side-button]');
      return {
        cls: b.className,
        hidden: b.getAttribute('aria-hidden'),
        tabIndex: b.tabIndex,
        icon: !!b.querySelector('svg[aria-hidden=true] path'),
        style: !!root.querySelector('[style], style'),
      };
    });
    // Our classes, then Genesys Widgets' names for the same button (docs/genesys/styling.md).
    assert.deepEqual(
      {
        ...state,
        cls: state.cls
          .split(' ')
          .filter((c) => c.startsWith('la-'))
          .join(' '),
      },
      { cls: 'la-side-button la-side-button--fade la-side-button--visible', hidden: null, tabIndex: 0, icon: true, style: false },
    );
    assert.ok(state.cls.split(' ').includes('cx-webchat-chat-button'), state.cls);
    // Intent (the pointer on the button) fetches the runtime and the chat's view before the click.
    await button(page).hover();
    for (const file of [fileOf('src/runtime.ts'), fileOf('elements/chat/chat.view.tsx')]) {
      await page.waitForFunction((f) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/dist/${f}`)), file);
    }
    // … and evaluates the view's chunk (its element defined), so the click only renders; nothing mounted yet.
    await page.waitForFunction(() => customElements.get('la-chat-view') !== undefined);
    assert.equal(await page.evaluate(() => document.querySelector('la-chat').shadowRoot.querySelector('la-chat-view')), null);
    await button(page).click();
    await page.locator('la-chat').getByRole('dialog').getByLabel('First name').waitFor();
    assert.ok(runtime(files).length > 0 && chatView(files).length > 0, files.join(', '));
    // The button steps aside while the window is open.
    await page.waitForFunction(() => document.querySelector('la-chat').shadowRoot.querySelector('[part=side-button]').getAttribute('aria-hidden') === 'true');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// With a sidebar offering the chat, as on the demo: closing the window gives focus to its launcher (the
// chat button is stepping aside then, not focusable until it comes back).
const SIDEBAR = `<la-sidebar channels='[{"name":"WebChat","clickCommand":"WebChat.open"}]'></la-sidebar>`;

test('keyboard: Tab reaches the chat button, Enter opens the window with focus in it, Escape closes it; focus never on <body>; no axe violations', async () => {
  const { page, context, problems } = await visit(SIDEBAR);
  try {
    await button(page).waitFor({ state: 'visible' });
    // The button is accessible as drawn (before any React).
    await page.addScriptTag({ path: new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
    const violations = () =>
      page.evaluate(async () =>
        (await window.axe.run(document.querySelector('la-chat'), { resultTypes: ['violations'] })).violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      );
    assert.deepEqual(await violations(), []);
    // Tab from the top of the page: the link, the sidebar's channel, then the chat button (the plugin
    // appended its element after the sidebar).
    const path = [];
    for (let i = 0; i < 5 && path.at(-1) !== 'BUTTON[side-button]'; i++) {
      await page.keyboard.press('Tab');
      path.push(await focused(page));
    }
    assert.deepEqual(path, ['A', 'BUTTON[channel]', 'BUTTON[side-button]']);
    await page.keyboard.press('Enter');
    await page.locator('la-chat').getByRole('dialog').waitFor();
    // Focus goes into the window (its first field), never through <body>.
    for (let i = 0; i < 50 && (await focused(page)) !== 'INPUT[name=firstname]'; i++) {
      assert.notEqual(await focused(page), 'BODY', 'focus fell to <body> while the window opened');
      await page.waitForTimeout(20);
    }
    assert.equal(await focused(page), 'INPUT[name=firstname]');
    assert.deepEqual(await violations(), []);
    await page.keyboard.press('Escape');
    await page.locator('la-chat').getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await focused(page), 'BUTTON[channel]', 'focus goes to the launcher when the window closes');
    // The button comes back (openDelay 0) and takes Enter again.
    await page.waitForFunction(() =>
      document.querySelector('la-chat').shadowRoot.querySelector('[part=side-button]').classList.contains('la-side-button--visible'),
    );
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// Without a sidebar (a page with the chat button alone): closing the window gives focus back to the chat
// button, shown again at once for it (the built library: its chunks and adopted sheets), never <body>.
for (const how of ['Escape', 'the Close button']) {
  test(`keyboard, no sidebar: Tab to the chat button, Enter, then ${how} — focus goes back to the chat button, never <body>`, async () => {
    const { page, context, problems } = await visit();
    try {
      await button(page).waitFor({ state: 'visible' });
      const path = [];
      for (let i = 0; i < 4 && path.at(-1) !== 'BUTTON[side-button]'; i++) {
        await page.keyboard.press('Tab');
        path.push(await focused(page));
      }
      assert.deepEqual(path, ['A', 'BUTTON[side-button]']);
      await page.keyboard.press('Enter');
      const dialog = page.locator('la-chat').getByRole('dialog');
      await dialog.getByLabel('First name').waitFor();
      for (let i = 0; i < 50 && (await focused(page)) !== 'INPUT[name=firstname]'; i++) await page.waitForTimeout(20);
      assert.equal(await focused(page), 'INPUT[name=firstname]');
      if (how === 'Escape') await page.keyboard.press('Escape');
      else {
        // Shift+Tab from the first field to the title bar's Close, then Enter.
        for (
          let i = 0;
          i < 4 &&
          !(await page.evaluate(() => {
            let el = document.activeElement;
            while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
            return el?.getAttribute('aria-label')?.startsWith('Close') ?? false;
          }));
          i++
        )
          await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Enter');
      }
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await focused(page), 'BUTTON[side-button]', 'focus goes back to the chat button when the window closes');
      const state = await page.evaluate(() => {
        const b = document.querySelector('la-chat').shadowRoot.querySelector('[part=side-button]');
        return { visible: b.classList.contains('la-side-button--visible'), hidden: b.getAttribute('aria-hidden'), visibility: getComputedStyle(b).visibility };
      });
      assert.deepEqual(state, { visible: true, hidden: null, visibility: 'visible' });
      // Enter opens the window again.
      await page.keyboard.press('Enter');
      await dialog.getByLabel('First name').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test("a page's own command opening the chat, with no intent first, fetches the chat's view and the runtime beside its plugin, not after it", async () => {
  // No chat button here: nothing of the chat is loaded when the page asks for its window.
  const saved = config.webchat.chatButton;
  config.webchat.chatButton = { ...saved, enabled: false };
  const { page, context, files, problems } = await visit(undefined, async (page) => {
    // When the runtime module is evaluated: a statement appended to its body runs as it does.
    await page.route(new RegExp(`/dist/${fileOf('src/runtime.ts').replace('.', '\\.')}$`), async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n;globalThis.__runtimeAt = performance.now();` });
    });
    // The chat plugin's chunk comes 600 ms late, so the window cannot open before the runtime, evaluated
    // beside the plugin's load, has had its time (the runtime is large; on a fast machine the plugin's
    // path could otherwise win the race). Without the change the runtime waits for the open whatever the delay.
    await page.route(new RegExp(`/dist/${fileOf('src/plugins/webchat/webchat.ts').replace('.', '\\.')}$`), async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fulfill({ response });
    });
  });
  config.webchat.chatButton = saved;
  try {
    assert.deepEqual(
      files.filter((f) => f === fileOf('src/plugins/webchat/webchat.ts')),
      [],
      'the chat plugin is not loaded before the command',
    );
    // When the window opened, and when the view's and the plugin's files were asked for (resource timing).
    await page.evaluate(() => {
      window.__opened = new Promise((resolve) => window.LiveAssist.subscribe('WebChat.opened', () => resolve(performance.now())));
      void window.LiveAssist.command('WebChat.open').catch(() => undefined);
    });
    await page.locator('la-chat').getByRole('dialog').waitFor();
    const [opened, view, plugin, runtimeAt] = await page.evaluate(
      ([viewFile, pluginFile]) =>
        Promise.all([
          window.__opened,
          ...[viewFile, pluginFile].map((f) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/dist/${f}`))?.startTime ?? null),
          globalThis.__runtimeAt,
        ]),
      [fileOf('elements/chat/chat.view.tsx'), fileOf('src/plugins/webchat/webchat.ts')],
    );
    assert.ok(view !== null && plugin !== null, 'both fetched');
    // Asked for with the plugin (one preload), well before the window opened; without it, when it opened.
    assert.ok(view < opened - 1, `the view was asked for at ${view} ms, the window opened at ${opened} ms`);
    // And the runtime evaluated beside the plugin's load, as intent does, not at the view's mount after the open.
    assert.ok(runtimeAt < opened, `the runtime was evaluated at ${runtimeAt} ms, the window opened at ${opened} ms`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/* ---------------------------------------------------------------- the plugin's idle start: small, in tasks of its own */

const serviceFile = () => fileOf('src/plugins/webchat-service/webchat-service.ts');
const deflectionFile = () => fileOf('src/plugins/chat-deflection/chat-deflection.ts');
/** When a chunk is evaluated: a statement appended to its body runs as it does (`globalThis[name]`, ms). */
const markEvaluation = (page, file, name) =>
  page.route(new RegExp(`/dist/${file.replace('.', '\\.')}$`), async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;globalThis.${name} = performance.now();` });
  });

test('the chat button needs neither the chat service nor chat deflection: their chunks come with the window, the service once idle after its open', async () => {
  // Deflection on (off by default): before, the plugin loaded it with the button.
  config.chatdeflection = { enabled: true };
  const { page, context, files, problems } = await visit(undefined, (page) => markEvaluation(page, serviceFile(), '__serviceAt'));
  delete config.chatdeflection;
  try {
    assert.notEqual(serviceFile(), fileOf('src/plugins/webchat/webchat.ts'), 'the service is a chunk of its own');
    assert.equal(
      fileOf('src/plugins/webchat/webchat-window-config.ts'),
      fileOf('src/plugins/webchat/webchat.ts'),
      "the button's and the invite's options are read with the plugin",
    );
    await button(page).waitFor({ state: 'visible' });
    await pastIdlePreload(page);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => globalThis.__serviceAt), undefined, 'the chat service is not evaluated for the button');
    assert.deepEqual(
      files.filter((f) => f === deflectionFile()),
      [],
      'chat deflection is not fetched for the button',
    );
    await button(page).click();
    await page.locator('la-chat').getByRole('dialog').getByLabel('First name').waitFor();
    // No chat to come back to: the service starts once idle after the open (src/plugins/webchat/window.ts openWindow).
    await page.waitForFunction(() => globalThis.__serviceAt, null, { timeout: 5000 });
    await page.waitForFunction((f) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/dist/${f}`)), deflectionFile());
    assert.deepEqual(await page.evaluate(() => window.LiveAssist.command('ChatDeflection.getState').then((s) => s.enabled)), true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("with no chat to come back to, the window opens on its form without the chat service's chunk; commands run at once, and a chat started waits for the service", async () => {
  let hold;
  const { page, context, problems } = await visit(undefined, async (page) => {
    hold = await holdBack(page, new RegExp(`/dist/${serviceFile().replace('.', '\\.')}$`));
  });
  const { asked, release } = hold;
  try {
    await button(page).waitFor({ state: 'visible' });
    const chat = page.locator('la-chat');
    const dialog = chat.getByRole('dialog');
    // The service's chunk is held back: the commands that need no service run at once, the window opens
    // on its form as they left it, and the form is usable.
    const answers = await page.evaluate(async () => {
      const outcome = (p) =>
        p.then(
          () => 'ok',
          (e) => e.message,
        );
      return {
        configure: await outcome(window.LiveAssist.command('WebChat.configure', { title: 'Chat with the test team' })),
        hideChatButton: await outcome(window.LiveAssist.command('WebChat.hideChatButton')),
        open: await outcome(window.LiveAssist.command('WebChat.open')),
        again: await outcome(window.LiveAssist.command('WebChat.open')),
      };
    });
    assert.deepEqual(answers, { configure: 'ok', hideChatButton: 'ok', open: 'ok', again: 'The chat window is already open' });
    await chat.locator('[part=titlebar]').getByText('Chat with the test team').waitFor();
    await dialog.getByLabel('First name').fill('Ala');
    // Its service starts once idle after the open: its chunk is asked for, and held.
    for (let i = 0; i < 50 && asked.length === 0; i++) await page.waitForTimeout(100);
    assert.equal(asked.length, 1, "the service's chunk is asked for once idle after the open");
    // A chat started now waits for the service: the form stays, with what the visitor typed.
    await chat.getByRole('button', { name: 'Start chat' }).click();
    await page.waitForTimeout(300);
    assert.equal(await chat.getByRole('log').count(), 0, 'no chat before the service');
    assert.equal(await dialog.getByLabel('First name').inputValue(), 'Ala');
    release();
    await chat.getByRole('log').waitFor();
    // Closed, the window leaves the button hidden, as the page asked.
    await page.evaluate(() => window.LiveAssist.command('WebChat.endChat').catch(() => undefined));
    await page.evaluate(() => window.LiveAssist.command('WebChat.close', { confirmed: true }).catch(() => undefined));
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(200);
    assert.equal(
      await page.evaluate(() => document.querySelector('la-chat').shadowRoot.querySelector('[part=side-button]').classList.contains('la-side-button--visible')),
      false,
    );
    assert.deepEqual(problems, []);
  } finally {
    release();
    await context.close();
  }
});

test('a chat started on this page comes back on the next one: the restore cookie loads the service, which reopens the window with its transcript', async () => {
  const { page, context, problems } = await visit();
  try {
    await button(page).waitFor({ state: 'visible' });
    await button(page).click();
    const chat = page.locator('la-chat');
    await chat.getByRole('dialog').getByLabel('First name').fill('Ala');
    await chat.getByRole('button', { name: 'Start chat' }).click();
    const log = chat.getByRole('log');
    await log.waitFor();
    await chat.locator('textarea').fill('Is anyone there?');
    await chat.locator('textarea').press('Enter');
    await log.getByText('Is anyone there?').waitFor();
    await page.waitForFunction(() => document.cookie.includes('e2e-chat-button_webchat_session='));
    await page.reload({ waitUntil: 'load' });
    // The window comes back on its own, in the chat (no form), with the visitor's message; the button stays aside.
    await chat.getByRole('log').getByText('Is anyone there?').waitFor({ timeout: 15_000 });
    assert.equal(await chat.locator('[name=firstname]').count(), 0);
    await page.waitForFunction(() => document.querySelector('la-chat').shadowRoot.querySelector('[part=side-button]')?.getAttribute('aria-hidden') === 'true');
    await page.evaluate(() => window.LiveAssist.command('WebChat.endChat').catch(() => undefined));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a page's command queued while the plugin loads when idle opens the window; the button, shown in the plugin's second task, steps aside until it closes", async () => {
  let hold;
  const { page, context, problems } = await visit(undefined, async (page) => {
    hold = await holdBack(page, new RegExp(`/dist/${fileOf('src/plugins/webchat/webchat.ts').replace('.', '\\.')}$`));
  });
  const { asked, release } = hold;
  try {
    // The idle load has asked for the plugin's chunk (held there): the page's command waits for the plugin.
    await waitFor(() => asked.length > 0, { what: "the plugin's chunk asked for when idle" });
    await page.evaluate(() => {
      window.__events = [];
      window.LiveAssist.subscribe('WebChat.*', (event) => window.__events.push(event.name));
      window.__open = window.LiveAssist.command('WebChat.open').then(
        () => 'ok',
        (e) => e.message,
      );
    });
    release();
    const dialog = page.locator('la-chat').getByRole('dialog');
    await dialog.getByLabel('First name').waitFor();
    assert.equal(await page.evaluate(() => window.__open), 'ok');
    await page.waitForTimeout(200);
    const side = () =>
      page.evaluate(() => document.querySelector('la-chat').shadowRoot.querySelector('[part=side-button]')?.getAttribute('aria-hidden') ?? 'none');
    assert.equal(await side(), 'true', 'the button is aside while the window is open');
    await page.evaluate(() => window.LiveAssist.command('WebChat.close', { confirmed: true }));
    await dialog.waitFor({ state: 'detached' });
    await button(page).waitFor({ state: 'visible' });
    const events = await page.evaluate(() => window.__events);
    assert.ok(events.indexOf('WebChat.opened') >= 0 && events.indexOf('WebChat.closed') > events.indexOf('WebChat.opened'), events.join(', '));
    assert.ok(events.includes('WebChat.ready') && events.includes('WebChat.chatButtonDisplayed'), events.join(', '));
    assert.deepEqual(problems, []);
  } finally {
    release();
    await context.close();
  }
});

test("a proactive invite fetches the chat's window (its view, not the service where no chat may come back, nor another window's), and accepting it opens the form", async () => {
  config.webchat.autoInvite = { enabled: true, timeToInviteSeconds: 1, inviteTimeoutSeconds: 30 };
  config.sidebar = {
    channels: [
      { name: 'Callback', clickCommand: 'Callback.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
    ],
  };
  config.callback = { dataURL: '/api/callback' };
  const { page, context, problems } = await visit('<la-sidebar></la-sidebar>');
  config.webchat.autoInvite = { enabled: false };
  delete config.sidebar;
  delete config.callback;
  try {
    const toaster = page.locator('la-toaster');
    await toaster.getByText('Need help?').waitFor({ timeout: 10_000 });
    const linked = () => page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname.slice(6)));
    await page.waitForFunction(
      (file) => [...document.querySelectorAll('link[rel=modulepreload]')].some((l) => l.href.endsWith(`/dist/${file}`)),
      fileOf('elements/chat/chat.view.tsx'),
    );
    await page.waitForTimeout(300);
    const files = await linked();
    assert.ok(!files.includes(fileOf('src/plugins/callback/callback.ts')), `another window's code is not linked: ${files.join(', ')}`);
    assert.ok(!files.includes(serviceFile()), `no chat to come back to: the service is not linked: ${files.join(', ')}`);
    await toaster.getByRole('button', { name: 'Start chat' }).click();
    await page.locator('la-chat').getByRole('dialog').getByLabel('First name').waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
