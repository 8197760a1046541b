import { requestJson } from '../http/request.ts';
import { objectMessage, readAnswer, v } from './answer.ts';

/**
 * The web-engagement server (plugins-and-infrastructure.md §7 "Web engagement"): the invites of a visit,
 * the dispositions of the invites shown, and where its tracking script is. Every call carries the
 * visitor's cookies (`credentials: 'include'`): the server knows the visit by them as well as by its ids.
 */

/** What a disposition of one invite result runs (§3 "Web-engagement invite"). */
export interface DispositionRule {
  code?: string;
  /** A widget's open command (the channel-command allow-list), run with `data` when the result happens. */
  command?: string;
  data?: Record<string, unknown>;
}

/** The invite's chat options: accepting opens the chat with them. */
export interface InviteChatOptions {
  /** false: the chat starts with `userData` without its registration form; otherwise the form shows, filled in. */
  registration?: boolean;
  userData?: Record<string, string>;
}

/** A web-engagement invite (§3), from the engagement server or `WebEngagement.invite`. */
export interface EngagementInvite {
  subject?: string;
  message?: string;
  acceptBtnCaption?: string;
  cancelBtnCaption?: string;
  /** How long the invite shows, in milliseconds (§9: divided by 1000 for the countdown); `timeout` is its other spelling. */
  inviteTimeout?: number;
  timeout?: number;
  chatOptions?: InviteChatOptions;
  actionID?: string;
  engagementID?: string;
  media?: string;
  /** A custom invite container: HTML, sanitised by the toaster (`content` is its other spelling). */
  container?: string;
  content?: string;
  dispositions?: Partial<Record<'accept' | 'cancel' | 'timeout' | 'pageExit', DispositionRule>>;
  /** An offer shown instead of the toast, through `Offers.open`. */
  offer?: Record<string, unknown>;
}

export type DispositionResult = 'accept' | 'cancel' | 'timeout' | 'pageExit' | 'videoViewed' | 'error';

/** §3 "Disposition": what the engagement server is told of an invite. */
export interface Disposition {
  actionID: string;
  engagementID: string;
  media: string;
  result: DispositionResult;
  code?: string;
}

/** §3 "Visit IDs". */
export interface VisitIds {
  visitID: string;
  pageID: string;
  alias: string;
}

export interface EngagementServiceOptions {
  /** The engagement server's base URL (http or https). */
  endpoint: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** `navigator.sendBeacon`, for the disposition sent as the page goes away. */
  sendBeacon?: (url: string, data: string) => boolean;
}

const text = (max: number) => v.optional(v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters long`)));
const id = text(200);
const rule = v.optional(v.object({ code: id, command: text(100), data: v.optional(v.record(v.string(), v.unknown(), 'must be an object')) }, objectMessage));
const milliseconds = v.optional(
  v.pipe(v.number('must be a number of milliseconds'), v.finite('must be a number of milliseconds'), v.minValue(0, 'must not be negative')),
);

/** One invite as the server sends it: every field optional, each checked. */
export const inviteSchema = v.object(
  {
    subject: text(200),
    message: text(2000),
    acceptBtnCaption: text(100),
    cancelBtnCaption: text(100),
    inviteTimeout: milliseconds,
    timeout: milliseconds,
    chatOptions: v.optional(
      v.object(
        {
          registration: v.optional(v.boolean('must be true or false')),
          userData: v.optional(
            v.record(v.string(), v.pipe(v.string('must be a string'), v.maxLength(1000, 'must be at most 1000 characters long')), 'must be an object'),
          ),
        },
        objectMessage,
      ),
    ),
    actionID: id,
    engagementID: id,
    media: text(50),
    container: text(20000),
    content: text(20000),
    dispositions: v.optional(v.object({ accept: rule, cancel: rule, timeout: rule, pageExit: rule }, objectMessage)),
    offer: v.optional(v.record(v.string(), v.unknown(), 'must be an object')),
  },
  objectMessage,
);

const invitesAnswer = v.object({ invites: v.pipe(v.array(inviteSchema, 'must be a list'), v.maxLength(20, 'must have at most 20 invites')) }, objectMessage);

/** The server's base without a trailing slash. */
const baseOf = (endpoint: string) => endpoint.replace(/\/+$/, '');

/** The tracking script of an engagement server (§7). */
export const trackerUrl = (endpoint: string): string => `${baseOf(endpoint)}/server/resources/js/build/GTCJ.min.js`;

export interface EngagementService {
  /** The invites waiting for this visit and page, or the one of `engagementID`. */
  invites(ids: VisitIds, engagementID?: string): Promise<EngagementInvite[]>;
  /** Tells the server an invite's outcome. */
  sendDisposition(disposition: Disposition, ids: VisitIds): Promise<void>;
  /** The same as the page goes away: a beacon, which outlives the page; false when the browser refused it. */
  beaconDisposition(disposition: Disposition, ids: VisitIds): boolean;
}

export function createEngagementService({ endpoint, timeoutMs, fetch: fetchImpl, sendBeacon }: EngagementServiceOptions): EngagementService {
  const base = baseOf(endpoint);
  const dispositions = `${base}/server/data/dispositions`;
  return {
    async invites(ids, engagementID) {
      const body = await requestJson(`${base}/server/data/invites`, {
        query: { result: engagementID ? 'invite' : 'pending', media: 'chat', ...ids, engagementID: engagementID ?? '', webengagement: 'true' },
        credentials: 'include',
        timeoutMs,
        fetch: fetchImpl,
      });
      return readAnswer('The invites answer', body, invitesAnswer).invites as EngagementInvite[];
    },
    async sendDisposition(disposition, ids) {
      await requestJson(dispositions, { method: 'POST', body: { ...disposition, ...ids }, credentials: 'include', timeoutMs, fetch: fetchImpl });
    },
    beaconDisposition(disposition, ids) {
      // A string body goes as text/plain, which needs no preflight: a beacon cannot wait for one.
      return sendBeacon?.(dispositions, JSON.stringify({ ...disposition, ...ids })) ?? false;
    },
  };
}
