import { flag, listOf, milliseconds, seconds, text, v } from '../../app/section.ts';

/**
 * The `webengagement` section (plugins-and-infrastructure.md §3, §7, §9), read by the WebEngagement
 * plugin. Each option is checked on its own; a bad one is reported with its path and takes its default.
 */
export const webEngagementSection = {
  /** The engagement server's base URL, absolute http(s): invites, dispositions and the tracking script come from it. */
  endpoint: v.optional(
    v.pipe(
      v.string('must be an http(s) URL'),
      v.maxLength(2000, 'must be at most 2000 characters long'),
      v.check((url) => /^https?:\/\/[^/]/i.test(url), 'must be an absolute http(s) URL'),
    ),
  ),
  /** Refuses an invite (error disposition mediaBusy) while a chat, send-message, callback or call-us window is open. */
  smartInvites: flag(true),
  /** Loads the server's tracking script (GTCJ.min.js) and forwards the tracked bus events to it. */
  tracker: flag(true),
  /** Bus events forwarded besides the default list: exact names (`Sidebar.opened`) or `Plugin.*`. */
  trackedEvents: listOf(v.pipe(v.string('each must be an event name'), v.regex(/^\w+\.(?:\w+|\*)$/, 'each must look like Plugin.event or Plugin.*')), 100),
  /** How often the invites of the visit are asked, in seconds; 0: only when `WebEngagement.invite` asks. */
  pollInterval: seconds(10, 0),
  /** The visitor's alias, sent with the visit ids. */
  alias: text(200),
  /** Each request's timeout. */
  timeout: milliseconds(3000, 100),
};
