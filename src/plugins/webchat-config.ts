import { flag, milliseconds, readSection, seconds, v, type Log, type SectionOf } from '../app/section.ts';

/**
 * The chat's proactive-invite and chat-button settings (`webchat.autoInvite`, `webchat.chatButton`), read
 * and validated in the shape the WebChat plugin will use (web-chat.md §4 "Proactive invite" and "Chat
 * button", §9). The chat widget is not built yet; its plugin reads these with `readWebChatInvite` and
 * hands `delays` to its machine. A bad option is reported in the console and takes its default.
 *
 * This deployment (contact-widgets.md §4, §9): the invite appears after 10 s, times out after 30 s, and
 * the chat button is hidden while it is shown.
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

export const chatButtonSchema = {
  enabled: flag(true),
  /** Hide the side chat button while an invite is shown (this deployment: true). */
  hideDuringInvite: flag(false),
  openDelay: milliseconds(1000),
  effect: v.optional(v.picklist(['fade', 'slide'], "must be 'fade' or 'slide'"), 'fade'),
  effectDuration: milliseconds(300),
};

export interface WebChatInviteSettings {
  autoInvite: SectionOf<typeof autoInviteSchema>;
  chatButton: SectionOf<typeof chatButtonSchema>;
  /** What the chat machine's named delays take, in ms. */
  delays: { invite: number; inviteTimeout: number; chatButtonOpen: number; chatButtonEffect: number };
}

/** Reads `webchat.autoInvite` and `webchat.chatButton` from the `webchat` section. */
export function readWebChatInvite(section: unknown, log: Log = console.error): WebChatInviteSettings {
  const { autoInvite, chatButton } = readSection('webchat', section, { autoInvite: autoInviteSchema, chatButton: chatButtonSchema }, log).value;
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
