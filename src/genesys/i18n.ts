// Widgets 9 language packs on our texts: `main.i18n` as a URL (fetched as our loader fetches a pack) or
// inline, keyed by language (`{ en: { webchat: { ChatTitle: '…' } } }`); each Genesys key that names a
// text we have is written under our key (the table below), `<%Agent%>` placeholders as ours (`{name}`),
// Widgets' HTML as text. A key the site does not give keeps our text. The site's own keys stay under
// `genesys.<section>.<Key>`, so `@i18n:webchat.Key` tokens in form labels and placeholders resolve.
import { fetchLanguagePack, normalizePacks, type LanguagePack, type LanguagePacks } from '../app/packs.ts';

/**
 * Genesys key → our key(s), the placeholders our text is given (ours fills only these), and what Widgets
 * appends after its text (it writes 'limit: ' and adds the number; ours has the number in the text).
 * Only keys whose meaning is the same widget's same text; a shared word (Cancel, Close) stays ours.
 */
type Row = readonly [genesys: string, ours: string | readonly string[], params?: readonly string[], append?: string];

const CHANNELS = ['ChannelSelector', 'Search', 'Offers', 'CallUs', 'Callback', 'SendMessage', 'WebChat', 'ClickToCall'] as const;
const CHAT_ERRORS = [
  '102',
  '103',
  '161',
  '201',
  '202',
  '203',
  '204',
  '240',
  '364',
  'ChatUnavailable',
  'CriticalFault',
  'StartFailed',
  'MessageFailed',
  'RestoreFailed',
  'TransferFailed',
  'FileTransferSizeError',
  'InviteFailed',
  'ChatServerWentOffline',
  'RestoredOffline',
  'FileSendFailed',
  'Generic',
] as const;

export const KEY_ROWS: readonly Row[] = [
  // sidebar
  ['sidebar.SidebarTitle', 'sidebar.mobileTitle'],
  ...CHANNELS.flatMap((name): Row[] => [
    [`sidebar.${name}Name`, `sidebar.channel.${name}.name`],
    [`sidebar.${name}Title`, `sidebar.channel.${name}.title`],
  ]),
  // channel selector
  ['channelselector.Title', 'channelselector.title'],
  ['channelselector.SubTitle', 'channelselector.subtitle'],
  ['channelselector.AvailableTitle', 'stats.available'],
  ['channelselector.UnavailableTitle', 'stats.unavailable'],
  // calendar
  ['calendar.CalendarTitle', 'calendar.title'],
  ['calendar.CalendarOkButtonText', 'calendar.ok'],
  ['calendar.CalendarError', 'calendar.error'],
  ['calendar.CalendarLabelMorning', 'calendar.morning'],
  ['calendar.CalendarLabelAfternoon', 'calendar.afternoon'],
  ['calendar.CalendarLabelEvening', 'calendar.evening'],
  // callback
  ['callback.CallbackTitle', 'callback.title'],
  ['callback.CallbackFirstName', 'callback.firstname'],
  ['callback.CallbackLastName', 'callback.lastname'],
  ['callback.CallbackPhoneNumber', 'callback.phonenumber'],
  ['callback.CallbackNotes', 'callback.subject'],
  ['callback.CallbackQuestion', 'callback.schedule'],
  ['callback.CallbackOptionASAP', 'callback.asap'],
  ['callback.CallbackOptionPickDateTime', 'callback.pick'],
  ['callback.CallbackPlaceholderCalendar', 'callback.chooseTime'],
  ['callback.CallbackCloseConfirm', 'callback.closeConfirm'],
  ['callback.Errors.501', 'callback.error.invalidParameters'],
  ['callback.Errors.503', 'callback.error.missingApiKey'],
  ['callback.Errors.1103', 'callback.error.missingApiKey'],
  ['callback.Errors.7030', 'callback.error.invalidPhone'],
  ['callback.Errors.7036', 'callback.error.numberNotPossible'],
  ['callback.Errors.7037', 'callback.error.numberNotAllowed'],
  ['callback.Errors.7040', 'callback.error.invalidService'],
  ['callback.Errors.7041', 'callback.error.tooManyRequests'],
  ['callback.Errors.7042', 'callback.error.officeClosed'],
  ['callback.Errors.unknownError', 'callback.error.unknownError'],
  ['callback.Errors.phoneNumberRequired', 'callback.error.phoneNumberRequired'],
  // webchat
  ['webchat.ChatTitle', 'chat.title'],
  ['webchat.ChatButton', 'chat.button'],
  ['webchat.ChatStarted', 'chat.transcript.chatStarted'],
  ['webchat.ChatEnded', 'chat.transcript.chatEnded'],
  ['webchat.AgentNameDefault', ['chat.agentName', 'chat.transcript.agent']],
  ['webchat.BotNameDefault', 'chat.transcript.bot'],
  ['webchat.SupervisorNameDefault', 'chat.transcript.supervisor'],
  ['webchat.AgentConnected', 'chat.transcript.joined', ['name']],
  ['webchat.AgentDisconnected', 'chat.transcript.left', ['name']],
  ['webchat.AgentTyping', 'chat.transcript.typing', ['name']],
  ['webchat.ChatFormFirstName', 'chat.form.firstname'],
  ['webchat.ChatFormLastName', 'chat.form.lastname'],
  ['webchat.ChatFormEmail', 'chat.form.email'],
  ['webchat.ChatFormSubject', 'chat.form.subject'],
  ['webchat.ChatFormSubmit', 'chat.form.start'],
  ['webchat.ChatInputPlaceholder', 'chat.input.placeholder'],
  ['webchat.ChatEndQuestion', 'chat.endConfirm'],
  ['webchat.ChatEndConfirm', 'chat.endChat'],
  ['webchat.ConfirmCloseWindow', 'chat.closeConfirm'],
  ['webchat.ActionsCobrowseStart', 'chat.input.cobrowseStart'],
  ['webchat.ActionsCobrowseStop', 'chat.input.cobrowseStop'],
  ['webchat.ActionsSendFile', 'chat.input.sendFile'],
  ['webchat.InviteTitle', ['chat.invite.title', 'webchat.invite.title']],
  ['webchat.InviteBody', ['chat.invite.body', 'webchat.invite.body']],
  ['webchat.InviteAccept', ['chat.invite.accept', 'webchat.invite.accept']],
  ['webchat.InviteReject', ['chat.invite.decline', 'webchat.invite.decline']],
  ['webchat.RestoreTimeoutTitle', ['chat.invite.restoreTitle', 'webchat.restoreTimeout.title']],
  ['webchat.RestoreTimeoutBody', 'chat.invite.restoreBody'],
  ['webchat.SurveyOfferQuestion', 'chat.survey.message'],
  ['webchat.DownloadButton', 'chat.transcript.download'],
  ['webchat.Errors.Disconnected', 'chat.transcript.connectionLost'],
  ['webchat.Errors.Reconnected', 'chat.transcript.connectionRestored'],
  ...CHAT_ERRORS.map((code): Row => [`webchat.Errors.${code}`, `chat.error.${code}`]),
  // send message
  ['sendmessage.SendMessageButton', 'sendmessage.sideButton'],
  ['sendmessage.EmailFormFirstName', 'sendmessage.firstName'],
  ['sendmessage.EmailFormFirstname', 'sendmessage.firstName'],
  ['sendmessage.EmailFormLastName', 'sendmessage.lastName'],
  ['sendmessage.EmailFormLastname', 'sendmessage.lastName'],
  ['sendmessage.EmailFormEmail', 'sendmessage.email'],
  ['sendmessage.EmailFormSubject', 'sendmessage.subject'],
  ['sendmessage.EmailFormPlaceholderTypetexthere', 'sendmessage.textPlaceholder'],
  ['sendmessage.EmailFormAttachfiles', 'sendmessage.attach'],
  ['sendmessage.EmailFormSend', 'sendmessage.send'],
  ['sendmessage.ErrorServerNotAvailable', 'sendmessage.connectionError'],
  ['sendmessage.ErrorAttachfileSizeMax', 'sendmessage.attachmentsSize', ['limit'], '{limit}'],
  ['sendmessage.Errors.102', 'sendmessage.firstNameRequired'],
  ['sendmessage.Errors.103', 'sendmessage.lastNameRequired'],
  ['sendmessage.Errors.104', 'sendmessage.subjectRequired'],
  ['sendmessage.Errors.181', 'sendmessage.emailRequired'],
  ['sendmessage.Errors.182', 'sendmessage.textRequired'],
  ['sendmessage.Errors.connectionError', 'sendmessage.connectionError'],
  ['sendmessage.Errors.unknowError', 'sendmessage.unknowError'],
  ['sendmessage.Errors.attachmentsLimit', 'sendmessage.attachmentsLimit', ['limit'], '{limit}'],
  ['sendmessage.Errors.attachmentsSize', 'sendmessage.attachmentsSize', ['limit'], '{limit}'],
  ['sendmessage.Errors.invalidFileType', 'sendmessage.invalidFileType'],
  ['sendmessage.Errors.invalidFromEmail', 'sendmessage.invalidFromEmail'],
  ['sendmessage.Errors.invalidMailbox', 'sendmessage.invalidMailbox'],
];

const ROWS = new Map(KEY_ROWS.map((row) => [row[0], row]));

/** Widgets' placeholders → ours, where ours has the same value (an agent's or a bot's name). */
const PLACEHOLDERS: Readonly<Record<string, string>> = { Agent: 'name', Bot: 'name' };

/** Where the site's own keys are kept, for `@i18n:` tokens: `genesys.webchat.ChatFormPlaceholderDni`. */
export const OWN_PREFIX = 'genesys.';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };

/** A Widgets text as text: `<%Agent%>` → `{name}` (another placeholder stays, as `{Name}`), its HTML as
 * text (ours are drawn as text, never as markup). */
export function toText(text: string): string {
  return text
    .replace(/<%\s*(\w+)\s*%>/g, (_, name: string) => `{${Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name] : name}}`)
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#39|\w+);/g, (entity, name: string) => (Object.hasOwn(ENTITIES, name) ? ENTITIES[name]! : entity))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A Widgets text for one of our keys: `toText`, then `append`; undefined when it uses a placeholder
 * `params` does not have (ours could not fill it, so our own text stays). */
export function convertText(text: string, params: readonly string[] = [], append = ''): string | undefined {
  const plainText = toText(text);
  const out = append && !plainText.includes(append) ? `${plainText} ${append}` : plainText;
  const used = [...out.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return used.every((name) => params.includes(name)) ? out : undefined;
}

/** One language of a Genesys pack (flattened: `webchat.ChatTitle`) as ours, the site's keys kept beside. */
export function mapGenesysPack(pack: LanguagePack): LanguagePack {
  const out: LanguagePack = {};
  for (const [key, text] of Object.entries(pack)) {
    out[OWN_PREFIX + key] = toText(text);
    const row = ROWS.get(key);
    if (!row) continue;
    const [, ours, params = [], append = ''] = row;
    const converted = convertText(text, params, append);
    if (converted === undefined) continue;
    for (const target of typeof ours === 'string' ? [ours] : ours) out[target] = converted;
  }
  return out;
}

/** `main.i18n` given inline (`{ en: { webchat: { … } } }`) as our packs, or null when it is not packs. */
export function mapGenesysPacks(value: unknown): LanguagePacks | null {
  const packs = normalizePacks(value);
  return packs && Object.fromEntries(Object.entries(packs).map(([lang, pack]) => [lang, mapGenesysPack(pack)]));
}

/** `main.i18n` given as a URL, fetched as our loader fetches a pack, as our packs; null on any failure. */
export async function loadGenesysPacks(url: string, fetchImpl?: typeof fetch): Promise<LanguagePacks | null> {
  const packs = await (fetchImpl ? fetchLanguagePack(url, fetchImpl) : fetchLanguagePack(url));
  return packs && mapGenesysPacks(packs);
}

export const TOKEN = '@i18n:';

/**
 * A form label or placeholder: an `@i18n:section.Key` token as its text in the page's language — the
 * site's own text for the key, else ours for the key it maps to (in `pack`, then `fallback`) — or
 * undefined when neither has it. Anything else is returned as it is.
 */
export function resolveToken(value: unknown, pack: LanguagePack, fallback: LanguagePack = {}): unknown {
  if (typeof value !== 'string' || !value.startsWith(TOKEN)) return value;
  const key = value.slice(TOKEN.length).trim();
  const find = (k: string) => (Object.hasOwn(pack, k) ? pack[k] : Object.hasOwn(fallback, k) ? fallback[k] : undefined);
  const own = find(OWN_PREFIX + key);
  if (own !== undefined) return own;
  const row = ROWS.get(key);
  const ours = row && (typeof row[1] === 'string' ? row[1] : row[1][0]);
  return ours === undefined ? undefined : find(ours);
}

/**
 * A Widgets form definition (`{ wrapper, inputs: [{ label, placeholder, … }] }`) with its tokens
 * resolved; a token nothing resolves is left out (the field then shows our own label). A copy: the
 * site's object is not changed.
 */
export function resolveFormTokens<T>(form: T, pack: LanguagePack, fallback: LanguagePack = {}): T {
  if (typeof form !== 'object' || form === null || !Array.isArray((form as { inputs?: unknown }).inputs)) return form;
  const inputs = (form as unknown as { inputs: unknown[] }).inputs.map((input) => {
    if (typeof input !== 'object' || input === null) return input;
    const out: Record<string, unknown> = { ...input };
    for (const key of ['label', 'placeholder'] as const) {
      if (!(key in out)) continue;
      const text = resolveToken(out[key], pack, fallback);
      if (text === undefined) delete out[key];
      else out[key] = text;
    }
    return out;
  });
  return { ...form, inputs };
}
