import { assertEvent, assign, emit, setup } from 'xstate';

/**
 * Offers (plugins-and-infrastructure.md §2–§5, §9): a promotion shown in the shared toaster or overlay,
 * closed by its close control, its timeout, its call to action or the App's closeAll. The machine holds
 * the rules (timeout floor, video only from YouTube or Vimeo, the overlay's phone fallback, the layout's
 * default), the countdown and the metadata every event carries.
 */

export const OFFER_LAYOUTS = ['leftText', 'rightText', 'stacked', 'minimal'] as const;
export type OfferLayout = (typeof OFFER_LAYOUTS)[number];
export type OfferMode = 'toaster' | 'overlay';
export const OFFER_POSITIONS = ['left', 'right', 'top', 'bottom'] as const;

/** §9: a shorter timeout is raised to this. */
export const OFFER_MIN_TIMEOUT_MS = 10000;
/** §9: the countdown turns to its warning style at this many ms left. */
export const OFFER_COUNTDOWN_WARNING_MS = 10000;
/** §4: closing after a video waits this long before `closed` (the player's last report comes in). */
export const OFFER_VIDEO_CLOSE_MS = 1000;

export const offersMessages = {
  alreadyOpen: 'Already open',
  alreadyClosed: 'already closed',
  invalidConfiguration: 'Invalid configuration.',
  noData: 'No offer data provided',
  cannotRender: 'Could not render offer with data provided.',
  couldNotOpen: 'Could not open',
} as const;

/** The offer as a page or configuration gives it (§3 "Offer config"). */
export interface OfferInput {
  mode?: unknown;
  layout?: unknown;
  title?: unknown;
  headline?: unknown;
  body?: unknown;
  button?: unknown;
  video?: unknown;
  image?: unknown;
  timeout?: unknown;
  autoplay?: unknown;
  modal?: unknown;
  cta?: unknown;
  position?: unknown;
  countdownText?: unknown;
  styles?: unknown;
  actionID?: unknown;
  media?: unknown;
}

export interface OfferVideo {
  provider: 'youtube' | 'vimeo';
  id: string;
}

export interface OfferCta {
  /** A command under the channel-command allow-list (src/bus/channel-commands.ts), run when clicked. */
  command?: string;
  commandOptions?: unknown;
  /** An http(s) or relative address, opened in `target`. */
  url?: string;
  target: string;
}

/** The colours an offer may set (`styles`), each a CSS colour; drawn through an adopted sheet. */
export const OFFER_STYLE_KEYS = ['background', 'color', 'headlineColor', 'buttonBackground', 'buttonColor'] as const;
export type OfferStyles = Partial<Record<(typeof OFFER_STYLE_KEYS)[number], string>>;

/** An offer after the rules of §5: what the view draws. */
export interface Offer {
  mode: OfferMode;
  layout: OfferLayout;
  title?: string;
  headline?: string;
  body?: string;
  button?: string;
  image?: string;
  video?: OfferVideo;
  /** No timeout: the offer stays until closed. */
  timeoutMs?: number;
  autoplay: boolean;
  modal: boolean;
  cta?: OfferCta;
  position?: (typeof OFFER_POSITIONS)[number];
  countdownText?: string;
  styles: OfferStyles;
  actionID?: string;
}

/** §3 "Offer metadata published with events": times are epoch ms, durations ms. */
export interface OfferMetadata {
  opened: number;
  dismissed: boolean;
  timedOut: boolean;
  triggeredCTA: boolean;
  /** From open to the call to action. */
  timeBeforeCTA: number | null;
  /** When the pointer first entered the offer. */
  timeFirstHover: number | null;
  /** From open to the first hover. */
  timeBeforeHover: number | null;
  /** Time the pointer spent over the offer, in all. */
  timeElapsedHover: number;
  videoPlayed: boolean;
  /** Time the video played, in all. */
  videoWatchTime: number;
  /** The last part clicked: headline, body, image, video or cta. */
  elementClicked: string | null;
  closed: number | null;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** An address the offer may load or open: http(s), or relative to the page (no other scheme). */
export const safeUrl = (value: unknown): string | undefined => {
  const url = text(value)?.trim();
  if (!url) return undefined;
  const scheme = /^([a-z][\w+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' ? url : undefined;
};

/**
 * A YouTube or Vimeo link (watch, short, embed or player form) as its provider and id; anything else is
 * null (§5: other video sites are removed).
 */
export function parseVideo(value: unknown): OfferVideo | null {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const path = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = path[0] === 'watch' ? url.searchParams.get('v') : path[0] === 'embed' || path[0] === 'shorts' ? path[1] : undefined;
    return id && /^[\w-]{6,20}$/.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'youtu.be') return path[0] && /^[\w-]{6,20}$/.test(path[0]) ? { provider: 'youtube', id: path[0] } : null;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    id = (host === 'vimeo.com' ? path : path.slice(1)).find((p) => /^\d+$/.test(p));
    return id ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** The privacy-enhanced player's address: no cookies before play, its postMessage API on. */
export function videoSrc(video: OfferVideo, origin: string, autoplay: boolean): string {
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}?enablejsapi=1&playsinline=1&rel=0&origin=${encodeURIComponent(origin)}${autoplay ? '&autoplay=1&mute=1' : ''}`
    : `https://player.vimeo.com/video/${video.id}?dnt=1&api=1${autoplay ? '&autoplay=1&muted=1' : ''}`;
}

// A CSS colour without anything that could end the declaration or load a resource.
const COLOUR = /^(#[\da-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\))$/i;

function readStyles(value: unknown, warn: (message: string) => void): OfferStyles {
  const styles: OfferStyles = {};
  if (typeof value !== 'object' || value === null) return styles;
  for (const [key, colour] of Object.entries(value)) {
    if ((OFFER_STYLE_KEYS as readonly string[]).includes(key) && typeof colour === 'string' && COLOUR.test(colour.trim())) {
      styles[key as keyof OfferStyles] = colour.trim();
    } else warn(`[live-assist] Offers: styles.${key} is not one of ${OFFER_STYLE_KEYS.join(', ')} with a CSS colour; ignored`);
  }
  return styles;
}

function readCta(value: unknown): OfferCta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const cta = value as Record<string, unknown>;
  const command = text(cta.command);
  const url = safeUrl(cta.url);
  if (!command && !url) return undefined;
  return { command, commandOptions: cta.commandOptions, url: command ? undefined : url, target: text(cta.target) ?? '_blank' };
}

/**
 * An offer after §5's rules, or the message it is refused with: the video kept only from YouTube or
 * Vimeo (else removed with a warning), the timeout raised to 10000 ms, the overlay shown as a toaster on
 * a phone, the layout leftText unless known. Nothing to show (no headline, body, image or video) is
 * refused 'Could not render offer with data provided.'.
 */
export function readOffer(input: OfferInput, mobile: boolean, warn: (message: string) => void): Offer | string {
  let video: OfferVideo | undefined;
  if (input.video !== undefined && input.video !== '') {
    video = parseVideo(input.video) ?? undefined;
    if (!video) warn(`[live-assist] Offers: video ${String(input.video)} is not a YouTube or Vimeo link; removed`);
  }
  let image = safeUrl(input.image);
  if (input.image !== undefined && !image) warn(`[live-assist] Offers: image ${String(input.image)} is not an http(s) address; removed`);
  // Both given: `media` picks one (the video unless it says image).
  if (video && image) {
    if (input.media === 'image') video = undefined;
    else image = undefined;
  }
  const timeout = Number(input.timeout);
  const offer: Offer = {
    mode: input.mode === 'overlay' && !mobile ? 'overlay' : 'toaster',
    layout: OFFER_LAYOUTS.includes(input.layout as OfferLayout) ? (input.layout as OfferLayout) : 'leftText',
    title: text(input.title),
    headline: text(input.headline),
    body: text(input.body),
    button: text(input.button),
    image,
    video,
    timeoutMs: input.timeout === undefined || input.timeout === null || !(timeout > 0) ? undefined : Math.max(OFFER_MIN_TIMEOUT_MS, timeout),
    autoplay: input.autoplay === true,
    modal: input.modal !== false,
    cta: readCta(input.cta),
    position: OFFER_POSITIONS.includes(input.position as 'left') ? (input.position as Offer['position']) : undefined,
    countdownText: text(input.countdownText),
    styles: readStyles(input.styles, warn),
    actionID: text(input.actionID) ?? (typeof input.actionID === 'number' ? String(input.actionID) : undefined),
  };
  if (offer.layout === 'minimal') offer.image = offer.video = undefined;
  return offer.headline || offer.body || offer.image || offer.video || offer.title ? offer : offersMessages.cannotRender;
}

export type OfferCloseReason = 'dismiss' | 'cta' | 'closeAll';

export interface OffersContext {
  offer: Offer | null;
  metadata: OfferMetadata | null;
  /** What the countdown shows; counts down in whole seconds while the timeout runs. */
  remainingMs: number | null;
  hoverSince: number | null;
  playingSince: number | null;
}

export type OffersEvent =
  | { type: 'open'; offer: Offer; at: number }
  | { type: 'close'; reason: OfferCloseReason; at: number }
  | { type: 'video.play'; at: number }
  | { type: 'video.pause'; at: number }
  | { type: 'pointer.enter'; at: number }
  | { type: 'pointer.leave'; at: number }
  | { type: 'element.click'; element: string };

/** Every event the plugin publishes carries the offer's action id and metadata (§3). */
export interface OfferEventData {
  actionID?: string;
  metadata: OfferMetadata;
}

export type OffersEmitted =
  | ({ type: 'opened' } & OfferEventData)
  | ({ type: 'dismissed' } & OfferEventData)
  | ({ type: 'timeout' } & OfferEventData)
  | ({ type: 'accepted' } & OfferEventData)
  | ({ type: 'videoPlayed' } & OfferEventData)
  | ({ type: 'closed' } & OfferEventData);

const newMetadata = (at: number): OfferMetadata => ({
  opened: at,
  dismissed: false,
  timedOut: false,
  triggeredCTA: false,
  timeBeforeCTA: null,
  timeFirstHover: null,
  timeBeforeHover: null,
  timeElapsedHover: 0,
  videoPlayed: false,
  videoWatchTime: 0,
  elementClicked: null,
  closed: null,
});

/** Hover and play time up to `at`, closed off as the offer closes. */
const settle = (context: OffersContext, at: number): OfferMetadata => {
  const m = context.metadata!;
  return {
    ...m,
    timeElapsedHover: m.timeElapsedHover + (context.hoverSince === null ? 0 : at - context.hoverSince),
    videoWatchTime: m.videoWatchTime + (context.playingSince === null ? 0 : at - context.playingSince),
    closed: at,
  };
};

export const offersMachine = setup({
  types: { context: {} as OffersContext, events: {} as OffersEvent, emitted: {} as OffersEmitted },
  delays: {
    // Whole seconds left after the first tick, so the countdown shows round numbers.
    tick: ({ context }) => context.remainingMs! % 1000 || 1000,
    videoClose: OFFER_VIDEO_CLOSE_MS,
  },
  guards: {
    timed: ({ context }) => context.remainingMs !== null,
    lastTick: ({ context }) => context.remainingMs! <= 1000,
    firstPlay: ({ context }) => !context.metadata!.videoPlayed,
    noVideoPlayed: ({ context }) => !context.metadata!.videoPlayed,
    closedBy: ({ event }, params: { reason: OfferCloseReason }) => event.type === 'close' && event.reason === params.reason,
  },
  actions: {
    show: assign(({ event }) => {
      assertEvent(event, 'open');
      return { offer: event.offer, metadata: newMetadata(event.at), remainingMs: event.offer.timeoutMs ?? null, hoverSince: null, playingSince: null };
    }),
    countDown: assign({ remainingMs: ({ context }) => context.remainingMs! - (context.remainingMs! % 1000 || 1000) }),
    stopCountdown: assign({ remainingMs: null }),
    timedOut: assign({
      metadata: ({ context }) => ({ ...settle(context, context.metadata!.opened + context.offer!.timeoutMs!), timedOut: true }),
      remainingMs: 0,
      hoverSince: null,
      playingSince: null,
    }),
    finish: assign(({ context, event }) => {
      assertEvent(event, 'close');
      const metadata = settle(context, event.at);
      if (event.reason === 'dismiss') metadata.dismissed = true;
      if (event.reason === 'cta') {
        metadata.triggeredCTA = true;
        metadata.timeBeforeCTA = event.at - metadata.opened;
        metadata.elementClicked = 'cta';
      }
      return { metadata, hoverSince: null, playingSince: null };
    }),
    play: assign(({ context, event }) => {
      assertEvent(event, 'video.play');
      return { playingSince: context.playingSince ?? event.at, metadata: { ...context.metadata!, videoPlayed: true } };
    }),
    pause: assign(({ context, event }) => {
      assertEvent(event, 'video.pause');
      if (context.playingSince === null) return {};
      return { playingSince: null, metadata: { ...context.metadata!, videoWatchTime: context.metadata!.videoWatchTime + event.at - context.playingSince } };
    }),
    enter: assign(({ context, event }) => {
      assertEvent(event, 'pointer.enter');
      if (context.hoverSince !== null) return {};
      const m = context.metadata!;
      return {
        hoverSince: event.at,
        metadata: m.timeFirstHover === null ? { ...m, timeFirstHover: event.at, timeBeforeHover: event.at - m.opened } : m,
      };
    }),
    leave: assign(({ context, event }) => {
      assertEvent(event, 'pointer.leave');
      if (context.hoverSince === null) return {};
      return { hoverSince: null, metadata: { ...context.metadata!, timeElapsedHover: context.metadata!.timeElapsedHover + event.at - context.hoverSince } };
    }),
    clicked: assign(({ context, event }) => {
      assertEvent(event, 'element.click');
      return { metadata: { ...context.metadata!, elementClicked: event.element } };
    }),
    clear: assign({ offer: null, remainingMs: null }),
    publish: emit(({ context }, params: { type: OffersEmitted['type'] }) => ({
      type: params.type,
      actionID: context.offer?.actionID,
      metadata: context.metadata!,
    })),
  },
}).createMachine({
  id: 'offers',
  context: { offer: null, metadata: null, remainingMs: null, hoverSince: null, playingSince: null },
  initial: 'closed',
  states: {
    closed: {
      on: { open: { target: 'open', actions: ['show', { type: 'publish', params: { type: 'opened' } }] } },
    },
    open: {
      tags: 'shown',
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'timed', target: 'counting' }, { target: 'untimed' }] },
        counting: {
          after: {
            tick: [
              { guard: 'lastTick', target: '#offers.closing', actions: ['timedOut', { type: 'publish', params: { type: 'timeout' } }] },
              { target: 'counting', reenter: true, actions: 'countDown' },
            ],
          },
        },
        untimed: {},
      },
      on: {
        close: [
          { guard: { type: 'closedBy', params: { reason: 'cta' } }, target: 'closing', actions: ['finish', { type: 'publish', params: { type: 'accepted' } }] },
          {
            guard: { type: 'closedBy', params: { reason: 'dismiss' } },
            target: 'closing',
            actions: ['finish', { type: 'publish', params: { type: 'dismissed' } }],
          },
          { target: 'closing', actions: 'finish' },
        ],
        // A video play stops the timeout for good (§4).
        'video.play': [
          {
            guard: 'firstPlay',
            target: '.untimed',
            actions: ['stopCountdown', 'play', { type: 'publish', params: { type: 'videoPlayed' } }],
          },
          { actions: 'play' },
        ],
        'video.pause': { actions: 'pause' },
        'pointer.enter': { actions: 'enter' },
        'pointer.leave': { actions: 'leave' },
        'element.click': { actions: 'clicked' },
      },
    },
    closing: {
      always: { guard: 'noVideoPlayed', target: 'closed', actions: [{ type: 'publish', params: { type: 'closed' } }, 'clear'] },
      after: { videoClose: { target: 'closed', actions: [{ type: 'publish', params: { type: 'closed' } }, 'clear'] } },
    },
  },
});
