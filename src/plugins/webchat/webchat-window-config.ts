import { dataProtectionSchema, flag, milliseconds, readSection, seconds, someNumber, text, v, type Log, type SectionOf } from '../../app/section.ts';
import { isRecord } from '../../app/records.ts';
import { formInputs, formSchema } from './form-config.ts';

/**
 * What the WebChat plugin reads of the `webchat` section: the proactive invite, the side chat button and
 * the window (web-chat.md §4 "Proactive invite", "Chat button", "Window", §9). A module of its own, in the
 * plugin's chunk: the plugin loads when idle for the chat button and the invite, and reads these then;
 * the chat service's options (src/plugins/shared/webchat-config.ts) come with the service's chunk, when the
 * window opens, a chat starts or comes back, or an invite shows. A bad option is reported in the console
 * and takes its default.
 */

/* ------------------------------------------------------------------ the proactive invite and the chat button */

/**
 * The chat's proactive-invite settings (`webchat.autoInvite`). This deployment (contact-widgets.md §4,
 * §9): the invite appears after 10 s, times out after 30 s, and the chat button is hidden while it is shown.
 */
export const autoInviteSchema = {
  /** Show a proactive invite at all (default off). */
  enabled: flag(false),
  /** Idle seconds before the invite appears (spec default 5; this deployment 10). */
  timeToInviteSeconds: seconds(5, 1),
  /** Seconds the invite stays before it closes by itself (spec default 30). */
  inviteTimeoutSeconds: seconds(30, 1),
  /** Invite again after a restore timeout. */
  inviteOnRestoreTimeout: flag(false),
};

/**
 * `webchat.proactive`, the older spelling of `autoInvite` (web-chat.md §3): `idleTimer` is
 * timeToInviteSeconds, `cancelTimer` inviteTimeoutSeconds. No defaults here: an option `autoInvite`
 * gives wins, one neither gives takes autoInvite's default.
 */
export const proactiveSchema = {
  enabled: v.optional(v.boolean('must be true or false')),
  idleTimer: someNumber(1, 'seconds'),
  cancelTimer: someNumber(1, 'seconds'),
};

/** proactive's names → autoInvite's. */
const PROACTIVE_NAMES = { enabled: 'enabled', idleTimer: 'timeToInviteSeconds', cancelTimer: 'inviteTimeoutSeconds' } as const;

/** The longest chat button template (characters): a button's content, not a page. */
export const MAX_TEMPLATE = 2000;

export const chatButtonSchema = {
  enabled: flag(true),
  /** Hide the side chat button while an invite is shown (this deployment: true). */
  hideDuringInvite: flag(false),
  openDelay: milliseconds(1000),
  effect: v.optional(v.picklist(['fade', 'slide'], "must be 'fade' or 'slide'"), 'fade'),
  effectDuration: milliseconds(300),
  /**
   * The button's content as HTML (Widgets' `chatButton.template`), drawn through the sanitiser (no
   * scripts, handlers or inline styles); the button keeps its translated label as its accessible name.
   */
  template: text(MAX_TEMPLATE),
};

/** The invite's and chat button's options `WebChat.configure` checks beside the window's. */
export const webChatInviteSchema = { autoInvite: autoInviteSchema, proactive: proactiveSchema, chatButton: chatButtonSchema };

export interface WebChatInviteSettings {
  autoInvite: SectionOf<typeof autoInviteSchema>;
  chatButton: SectionOf<typeof chatButtonSchema>;
  /** What the chat machine's named delays take, in ms. */
  delays: { invite: number; inviteTimeout: number; chatButtonOpen: number; chatButtonEffect: number };
}

/** Reads `webchat.autoInvite` (or its older spelling `webchat.proactive`) and `webchat.chatButton` from the `webchat` section. */
export function readWebChatInvite(section: unknown, log: Log = console.error): WebChatInviteSettings {
  const { autoInvite, proactive, chatButton } = readSection('webchat', section, webChatInviteSchema, log).value;
  const given = isRecord(section) && isRecord(section.autoInvite) ? section.autoInvite : {};
  for (const old of ['enabled', 'idleTimer', 'cancelTimer'] as const) {
    const name = PROACTIVE_NAMES[old];
    if (proactive[old] !== undefined && given[name] === undefined) Object.assign(autoInvite, { [name]: proactive[old] });
  }
  return {
    autoInvite,
    chatButton,
    delays: {
      invite: autoInvite.timeToInviteSeconds * 1000,
      inviteTimeout: autoInvite.inviteTimeoutSeconds * 1000,
      chatButtonOpen: chatButton.openDelay,
      chatButtonEffect: chatButton.effectDuration,
    },
  };
}

/* ------------------------------------------------------------------ the chat window (WebChat) */

/** What the WebChat plugin (the window) reads of the `webchat` section. */
export const webChatWindowSchema = {
  /** The window's title (default: the language pack's 'Live Chat'). */
  title: text(100),
  /** The start form (form-config.ts; default: the spec's generic form). */
  form: formSchema,
  /** Ask before closing a form with typed content (spec default on). */
  confirmFormCloseEnabled: flag(true),
  /** Show the message input's character counter. */
  charCountEnabled: flag(true),
  emojis: flag(true),
  /** 12- or 24-hour times in the transcript (default: main.timeFormat). */
  timeFormat: v.optional(v.picklist([12, 24], 'must be 12 or 24')),
  /** Consecutive messages of one sender within this many ms show their name once (0: no grouping). */
  groupingThreshold: milliseconds(100_000),
  /** Rich-media messages draw their `styles` (colours, borders, weight …); false: the chat's own look only. */
  richMediaStyles: flag(true),
  dataProtection: v.optional(dataProtectionSchema),
};

export type WebChatWindowSettings = SectionOf<typeof webChatWindowSchema>;

/** Reads the window's options of the `webchat` section (bad options reported, defaults kept). */
export function readWebChatWindow(section: unknown, log: Log = console.error): WebChatWindowSettings {
  const value = readSection('webchat', section, webChatWindowSchema, log).value;
  value.form.inputs = formInputs(value.form);
  return value;
}
