/**
 * What the boot (src/boot.ts) leaves for the task after it, in a chunk of its own so the loader carries
 * none of it: the idle work (the plugins the page's always-visible parts need, the idle prefetch), the
 * web fonts, and the windows that come back from an earlier page (a chat, the developer console).
 */
import type { App } from './app/app.ts';
import { wasOpenBefore } from './app/restore.ts';
import { CHAT_SESSION_COOKIE, pageKeepsChat } from './app/chat-return.ts';

/** Whether the Sidebar plugin must run before intent: the deployment's availability rule hides channels. */
const sidebarRule = (app: App): boolean => app.section('stats').availability !== undefined && app.section('sidebar').availability !== false;

/** Runs `go` once the page has loaded, `main.pluginLoadDelay` has passed and the browser is idle. */
function whenIdle(app: App, go: () => void): void {
  const { window: win } = app;
  const later = () => win.setTimeout(() => void app.idle(5000).then(go), app.config.main.pluginLoadDelay);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/**
 * After load, when idle: the React runtime (`main.preload: 'idle'`), and the SendMessage or Search plugin
 * when its side button is configured visible (`sendmessage.sideButton.visible`, `search.sideButton.visible`):
 * the plugin renders the button from its view, so the loader carries no button markup.
 */
function scheduleIdleWork(app: App): void {
  // 'idle' fetches the runtime and the likely windows' code without evaluating it (src/preload.ts): no
  // long task before intent. Only the sidebar's availability rule runs, when the deployment has one (it
  // hides the channels that are closed before the visitor aims at them); it evaluates no React.
  if (app.config.main.preload === 'idle') {
    whenIdle(app, () => {
      app.preload();
      if (sidebarRule(app) && app.window.document.querySelector('la-sidebar')) void app.bus.load('Sidebar').catch(() => undefined);
    });
  }
  // Checked by hand (no valibot in the loader); the plugin reads the whole section when it loads.
  // The chat button and the proactive invite need the WebChat plugin: a site with a `webchat` section
  // gets it when idle, unless it turned both off (chatButton.enabled: false, autoInvite — or its older
  // spelling proactive — off; autoInvite's flag wins when both give one).
  // A headless page (`webchat.headless`) draws its own chat: no button, no invite, no window.
  type Flag = { enabled?: unknown };
  const webchat = app.section('webchat') as { transport?: unknown; dataURL?: unknown; chatButton?: Flag; autoInvite?: Flag; proactive?: Flag };
  const chat = webchat.transport !== undefined || webchat.dataURL !== undefined;
  if (chat && !headlessChat(app) && (webchat.chatButton?.enabled !== false || (webchat.autoInvite?.enabled ?? webchat.proactive?.enabled) === true)) {
    whenIdle(app, () => void app.bus.load('WebChat').catch(() => undefined));
  }
  // The web-engagement bridge polls the visit's invites and loads the tracking script: with an endpoint it loads when idle.
  if (typeof app.section('webengagement').endpoint === 'string') whenIdle(app, () => void app.bus.load('WebEngagement').catch(() => undefined));
  // A side button configured visible (send-message's, search's): its plugin renders it, so it loads when idle.
  for (const [section, plugin] of [
    ['sendmessage', 'SendMessage'],
    ['search', 'Search'],
  ] as const) {
    if ((app.section(section).sideButton as { visible?: unknown } | null | undefined)?.visible === true) {
      whenIdle(app, () => void app.bus.load(plugin).catch(() => undefined));
    }
  }
}

/** `webchat.headless: true`: the page draws the chat itself with WebChatService; the window never loads by itself. */
function headlessChat(app: App): boolean {
  try {
    return (app.section('webchat') as { headless?: unknown }).headless === true;
  } catch {
    return false; // a getter of the host's object threw: the plugins read the section and report it
  }
}

/** Whether the site enabled the console; `report` names a value that is not true or false. */
function consoleEnabled(app: App, report = false): boolean {
  const { enabled } = app.section('console');
  // The explanations' module directly: a lazy chunk imports no loader code (rollup.config.mjs), so not `explain`.
  if (report && enabled !== undefined && typeof enabled !== 'boolean')
    void import('./app/config-check.ts').then((check) => check.log([check.bootIssue('consoleEnabled')]));
  return enabled === true;
}

/** Runs once, in the task after the boot. */
export function afterBoot(app: App): void {
  scheduleIdleWork(app);
  if (app.config.main.fonts.enabled) {
    void import('./app/fonts.ts').then((fonts) => fonts.loadWebFonts(app.window.document, app.config.main.fonts));
  }
  // A chat of an earlier page on this host comes back, in its window: the chat plugins load only when
  // the host-only session cookie exists (src/services/chat/session-store.ts) or, for an asynchronous
  // chat, the page's getSessionData may hold one (src/app/chat-return.ts); nothing of the chat loads
  // otherwise. The cookie is read without blocking the page (storage.ts `read`). A headless page gets
  // the service alone, which restores the chat and tells the page (restored, messageReceived).
  const keeps = pageKeepsChat(app);
  void app.cookies.read(CHAT_SESSION_COOKIE, { hostOnly: true }).then((session) => {
    if (session || keeps) void app.bus.load(headlessChat(app) ? 'WebChatService' : 'WebChat').catch(() => undefined);
  });
  // The site's own plugin scripts, modules and extensions (src/app/external.ts): a chunk fetched only where named.
  const { plugins, pluginModules, extensions } = app.config.main;
  if ([...plugins, ...pluginModules, ...Object.keys(extensions)].length) {
    import('./app/external.ts').then((external) => external.loadExternal(app)).catch((error: unknown) => console.error('[live-assist]', error));
  }
  // Reopened only where the site enabled it, from this host's own cookie (src/app/restore.ts).
  if (consoleEnabled(app, true) && wasOpenBefore(app, 'console'))
    void app.bus.command('Console.restore', undefined, { commander: 'App' }).catch(() => undefined);
  // Click-to-call's window comes back open with its number (or the form, once the number expired).
  if (wasOpenBefore(app, 'clicktocall')) void app.bus.command('ClickToCall.open', undefined, { commander: 'App' }).catch(() => undefined);
}
