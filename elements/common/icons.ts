/**
 * The channels' outline icons (lucide, ISC licence: node_modules/lucide-static), inlined at build time:
 * each icon is one SVG path `d` on lucide's 24 x 24 grid (its elements as subpaths), drawn with
 * `currentColor` strokes, hidden from assistive technology (the button names the channel).
 * test/elements/icons.test.ts checks every path against the package's icon-nodes.json.
 *
 * Shared by the launchers chunk (the sidebar's strip, the side buttons: mail for send message,
 * message-circle for the chat) and the channel selector's view (neither is in the loader). The views'
 * own icons (window controls) are in window-icons.ts.
 */

/** lucide `phone`: call us. */
export const phone =
  'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384';

/** lucide `phone-incoming`: callback (the centre calls the visitor). */
export const phoneIncoming =
  'M16 2v6h6M22 2l-6 6M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384';

/** lucide `phone-call`: click to call. */
export const phoneCall =
  'M13 2a9 9 0 0 1 9 9M13 6a5 5 0 0 1 5 5M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384';

/** lucide `mail`: send a message. */
export const mail = 'M22 7l-8.991 5.727a2 2 0 0 1-2.009 0L2 7M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2z';

/** lucide `message-circle`: web chat. */
export const messageCircle = 'M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719';

/** lucide `circle-question-mark`: the channel selector (Live Assistance). */
export const circleQuestionMark = 'M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3M12 17h.01';

/** lucide `search`: knowledge search. */
export const search = 'M21 21l-4.34-4.34M3 11a8 8 0 1 0 16 0a8 8 0 1 0 -16 0';

/** lucide `star`: offers. */
export const star =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

/** The icon of each spec channel (`sidebar.channels`, `channelselector.channels` names). */
export const CHANNEL_ICONS: Readonly<Record<string, string>> = {
  CallUs: phone,
  Callback: phoneIncoming,
  ClickToCall: phoneCall,
  SendMessage: mail,
  WebChat: messageCircle,
  ChannelSelector: circleQuestionMark,
  Search: search,
  Offers: star,
};

/** The outline icon (a path `d`) of the channel named `name`, undefined for a channel without one. */
export const channelIcon = (name: string): string | undefined => (Object.hasOwn(CHANNEL_ICONS, name) ? CHANNEL_ICONS[name] : undefined);

/** A channel's icon in a round badge: lucide's 24 x 24 grid with 4 units of room on each side. */
export const BADGE_VIEWBOX = '-4 -4 32 32';
