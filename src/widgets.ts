/**
 * The registry: one row per widget or service, the one place a widget is named. Every other list is
 * derived from it or checked against it:
 * - the plugin names the loader knows (src/plugins/names.ts) and the plugin table's type (src/plugins/index.ts);
 * - the element classes the loader defines (elements/index.ts, a record keyed by these tags);
 * - the load graph's companions, after-open plugins and likely windows (src/load-graph.ts);
 * - the build's widget chunks and side-button chunk (rollup.config.mjs, through scripts/registry.mjs);
 * - the bench's windows and budget rows (test/bench/), the docs pages and the README's element table
 *   (test/docs/registry.test.mjs).
 * Pure data that imports nothing: the loader reads it, and the Node tools read it with esbuild.
 */
export interface WidgetRow {
  /**
   * The widget's folder name: elements/<name>/, src/plugins/<name>/ (a large plugin may have a folder of
   * its own, as the chat's webchat/ and webchat-service/), styles/<name>.css, its locale keys' prefix
   * (without hyphens) and its row in test/bench/budgets.json.
   */
  readonly name: string;
  /** Its bus plugins; the first is the one a visitor's command opens. */
  readonly plugins: readonly string[];
  /** Its public elements (tags), defined by the loader; each has a page in docs/elements/. */
  readonly elements?: readonly string[];
  /** A window a visitor opens (`<first plugin>.open`): the bench times its open. */
  readonly window?: boolean;
  /** The plugins its first plugin commands as it opens: fetched with it, in the same round trip. */
  readonly companions?: readonly string[];
  /** The plugins it loads once idle after its first frame: the idle prefetch caches them, intent does not fetch them. */
  readonly afterOpen?: readonly string[];
  /**
   * When a page is likely to open it (so the idle prefetch and the first intent fetch it): its element is
   * in the page, or the configuration section `section` has `option` (a dotted path) set to true or to an
   * object; without `option`, when the section is not empty.
   */
  readonly likely?: { readonly section: string; readonly option?: string };
  /** It draws a side button without React (elements/<name>/launcher.ts, the side-buttons chunk). */
  readonly sideButton?: boolean;
  /** The build's chunks of its own: chunk name → the base names (plugin, machine, view folder, sheet) merged into it. */
  readonly chunks?: Readonly<Record<string, readonly string[]>>;
  /**
   * The locale keys its launcher (the sidebar's strip, a side button) draws before any of its code loads,
   * a prefix where one ends in '.': they make the launchers' part of the language pack, the only texts
   * fetched up front (locales/launchers/, written by scripts/launcher-texts.mjs).
   */
  readonly launcherTexts?: readonly string[];
}

/** The texts every element's shell may draw before its plugin loads (elements/common/host.ts). */
export const SHELL_TEXTS = ['common.loadError'] as const;

export const WIDGETS = [
  {
    name: 'sidebar',
    plugins: ['Sidebar'],
    elements: ['la-sidebar'],
    companions: ['StatsService'],
    likely: { section: 'sidebar' },
    launcherTexts: ['sidebar.', 'common.poweredBy'],
  },
  {
    name: 'callback',
    plugins: ['Callback', 'CallbackService'],
    elements: ['la-callback'],
    window: true,
    companions: ['CallbackService', 'WindowManager'],
    afterOpen: ['Calendar'],
    chunks: { callback: ['callback', 'callback-config', 'callback-service'] },
  },
  {
    name: 'calendar',
    plugins: ['Calendar'],
    elements: ['la-calendar'],
    chunks: { calendar: ['calendar'] },
  },
  {
    name: 'send-message',
    plugins: ['SendMessage', 'SendMessageService'],
    elements: ['la-send-message'],
    window: true,
    companions: ['SendMessageService', 'WindowManager'],
    likely: { section: 'sendmessage', option: 'sideButton.visible' },
    sideButton: true,
    launcherTexts: ['sendmessage.sideButton'],
    chunks: { 'send-message': ['send-message'] },
  },
  {
    name: 'chat',
    plugins: ['WebChat', 'WebChatService'],
    elements: ['la-chat'],
    window: true,
    companions: ['WindowManager'],
    afterOpen: ['WebChatService'],
    likely: { section: 'webchat', option: 'transport' },
    sideButton: true,
    launcherTexts: ['chat.button'],
    // The view apart from the window's plugin (which loads when idle to draw the chat button), and the
    // session apart from both (loaded with the window only where a chat may come back).
    chunks: { chat: ['chat', 'chat-knowledge'], webchat: ['webchat', 'chat-window'], 'chat-service': ['webchat-service', 'chat-session'] },
  },
  {
    name: 'search',
    plugins: ['Search'],
    elements: ['la-search'],
    window: true,
    companions: ['KnowledgeCenterService', 'WindowManager'],
    likely: { section: 'search', option: 'sideButton.visible' },
    sideButton: true,
    launcherTexts: ['search.sideButton'],
    chunks: { search: ['search', 'search-config'] },
  },
  {
    name: 'call-us',
    plugins: ['CallUs'],
    elements: ['la-call-us'],
    window: true,
    companions: ['Overlay'],
    chunks: { 'call-us': ['call-us', 'call-us-config'] },
  },
  {
    name: 'channel-selector',
    plugins: ['ChannelSelector'],
    elements: ['la-channel-selector'],
    window: true,
    companions: ['Overlay', 'StatsService'],
    chunks: { 'channel-selector': ['channel-selector'] },
  },
  {
    name: 'click-to-call',
    plugins: ['ClickToCall'],
    elements: ['la-click-to-call'],
    window: true,
    companions: ['WindowManager', 'StatsService'],
    chunks: { 'click-to-call': ['click-to-call', 'click-to-call-config'] },
  },
  { name: 'overlay', plugins: ['Overlay'], elements: ['la-overlay'], chunks: { overlay: ['overlay'] } },
  { name: 'toaster', plugins: ['Toaster'], elements: ['la-toaster'], chunks: { toaster: ['toaster'] } },
  { name: 'console', plugins: ['Console'], elements: ['la-console'], window: true, chunks: { console: ['console'] } },
  // Shown inside the toaster (docked, and on a phone) or the overlay: both are fetched with it.
  { name: 'offers', plugins: ['Offers'], elements: ['la-offer'], companions: ['Toaster', 'Overlay'], chunks: { offers: ['offers'] } },
  { name: 'chat-deflection', plugins: ['ChatDeflection'] },
  { name: 'knowledge', plugins: ['KnowledgeCenterService'] },
  { name: 'stats', plugins: ['StatsService'] },
  { name: 'watchman', plugins: ['Watchman'] },
  { name: 'window-manager', plugins: ['WindowManager'] },
  { name: 'messaging-client', plugins: ['MessagingClient'] },
  {
    name: 'web-engagement',
    plugins: ['WebEngagement', 'Engage'],
    companions: ['Toaster'],
    chunks: { 'web-engagement': ['web-engagement', 'web-engagement-config'] },
  },
  // The recorder (rrweb) is a chunk of its own, loaded only when a session starts (rollup.config.mjs).
  { name: 'cobrowse', plugins: ['Cobrowse'], elements: ['la-cobrowse'], chunks: { cobrowse: ['cobrowse'] } },
  { name: 'remote', plugins: ['Remote'], chunks: { remote: ['remote', 'remote-runner'] } },
  { name: 'test-runner', plugins: ['TestRunner'], chunks: { 'test-runner': ['test-runner'] } },
] as const satisfies readonly WidgetRow[];

type Row = (typeof WIDGETS)[number];

/** Every plugin's name, as the bus knows it. */
export type PluginName = Row['plugins'][number];

/** Every public element's tag. */
export type ElementTag = Extract<Row, { elements: readonly string[] }>['elements'][number];

/** Widens the registry's literal rows to the row shape, for code that reads the optional fields. */
export const rows: readonly WidgetRow[] = WIDGETS;
