// docs/configuration.md against the configuration schemas: every option a section schema declares (and
// every key of `main`) is named on the page, in its section's part. Run with TypeScript support:
//   node --import tsx --test test/docs/configuration.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');

/** Every configuration section with its schema, as the plugins read it. */
async function sections() {
  const load = (file) => import(join(ROOT, 'src', file));
  const [sidebar, selector, stats, callUs, callback, calendar, sendMessage, webchat, webchatWindow, config, knowledge, search, deflection, engagement] =
    await Promise.all([
      load('plugins/sidebar/sidebar.ts'),
      load('plugins/channel-selector/channel-selector.ts'),
      load('plugins/shared/stats-config.ts'),
      load('plugins/shared/call-us-config.ts'),
      load('plugins/callback/callback-config.ts'),
      load('plugins/calendar/calendar.ts'),
      load('plugins/send-message/send-message.ts'),
      load('plugins/shared/webchat-config.ts'),
      load('plugins/webchat/webchat-window-config.ts'),
      load('app/config.ts'),
      load('plugins/knowledge/knowledge-config.ts'),
      load('plugins/search/search-config.ts'),
      load('plugins/chat-deflection/chat-deflection-config.ts'),
      load('plugins/web-engagement/web-engagement-config.ts'),
    ]);
  const clickToCall = await load('plugins/click-to-call/click-to-call-config.ts');
  return {
    main: Object.fromEntries(Object.keys(config.defaultMainConfig()).map((key) => [key, null])),
    sidebar: sidebar.sidebarSection,
    channelselector: selector.channelSelectorSection,
    stats: stats.statsSection,
    callus: callUs.callUsSection,
    callback: callback.callbackSection,
    calendar: calendar.calendarSection(),
    sendmessage: sendMessage.sendMessageSection,
    knowledgecenter: knowledge.knowledgeSection,
    search: search.searchSection,
    chatdeflection: deflection.chatDeflectionSection,
    webengagement: engagement.webEngagementSection,
    clicktocall: clickToCall.clickToCallSection,
    webchat: {
      ...webchat.webChatServiceSchema(),
      ...webchatWindow.webChatWindowSchema,
      autoInvite: webchatWindow.autoInviteSchema,
      chatButton: webchatWindow.chatButtonSchema,
    },
  };
}

const isSchema = (entry) => entry !== null && typeof entry === 'object' && entry.kind === 'schema';
/** The object schema an option holds (through optional / pipe / list wrappers), if any. */
function objectEntries(entry) {
  let schema = entry;
  for (let i = 0; i < 5 && schema; i++) {
    if (schema.entries) return schema.entries;
    const list = Object.getOwnPropertySymbols(schema)
      .map((s) => schema[s])
      .find(isSchema);
    schema = schema.wrapped ?? schema.pipe?.[0] ?? list;
  }
  return undefined;
}

/** Option paths of a section: its keys, nested sections' keys, and the fields of object and list options. */
function options(section, prefix = '') {
  const out = [];
  for (const [key, entry] of Object.entries(section)) {
    const path = `${prefix}${key}`;
    out.push(path);
    if (entry && typeof entry === 'object' && !isSchema(entry) && !Object.getOwnPropertySymbols(entry).length) {
      out.push(...options(entry, `${path}.`));
    } else if (entry) {
      const fields = objectEntries(entry);
      if (fields) out.push(...Object.keys(fields).map((field) => `${path}.${field}`));
    }
  }
  return out;
}

/** The page's part for one section: from its `## \`name\`` heading to the next `## `. */
function part(name, doc = DOC) {
  const start = doc.search(new RegExp(`^## \`${name}\``, 'm'));
  if (start < 0) return '';
  const next = doc.slice(start + 3).search(/^## /m);
  return next < 0 ? doc.slice(start) : doc.slice(start, start + 3 + next);
}

/** Words inside code spans: an option is "named" when it is written as code. */
const codeWords = (text) => new Set([...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].flatMap((m) => m[1].match(/[A-Za-z_][\w]*/g) ?? []));

/** Options of each section that the page does not name: the top level in its own part, fields anywhere as code. */
function undocumented(all, doc = DOC) {
  const everywhere = codeWords(doc);
  const missing = [];
  for (const [name, section] of Object.entries(all)) {
    const own = part(name, doc);
    const ownWords = codeWords(own);
    for (const path of options(section)) {
      const [top, ...rest] = path.split('.');
      const named = rest.length === 0 ? own.includes(`\`${top}\``) || own.includes(`\`${top}.`) : ownWords.has(top) && everywhere.has(rest.at(-1));
      if (!named) missing.push(`${name}.${path}`);
    }
  }
  return missing;
}

test('every section a plugin reads has a schema here and a part on the page', async () => {
  const all = await sections();
  const read = new Set();
  const files = readdirSync(join(ROOT, 'src', 'plugins'), { recursive: true }).filter((file) => /\.ts$/.test(file));
  for (const file of files) {
    const source = readFileSync(join(ROOT, 'src', 'plugins', file), 'utf8');
    for (const m of source.matchAll(/(?:readSection|sectionReader)\(\s*'([a-z][\w]*)/g)) read.add(m[1]);
  }
  assert.ok(read.size > 0, 'the plugins read sections');
  for (const name of read) {
    assert.ok(name in all, `section ${name} is read by a plugin but not checked by this test`);
  }
  for (const name of Object.keys(all)) assert.notEqual(part(name), '', `docs/configuration.md has a part for ${name}`);
});

test('every option of every section is named in docs/configuration.md', async () => {
  assert.deepEqual(undocumented(await sections()), []);
});

test('an option left out of the page is reported', async () => {
  const all = await sections();
  assert.ok(options(all.stats).includes('groupEWT.refreshInterval'), 'nested fields are listed');
  const row = '| `ewtRefreshInterval` |';
  assert.ok(DOC.includes(row));
  const missing = undocumented({ channelselector: all.channelselector }, DOC.replace(row, '| refresh |'));
  assert.deepEqual(missing, ['channelselector.ewtRefreshInterval']);
});
