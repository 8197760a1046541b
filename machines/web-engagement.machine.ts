import { assertEvent, assign, emit, setup } from 'xstate';
import type { Disposition, DispositionResult, EngagementInvite } from '../src/services/web-engagement.ts';

export type { Disposition, DispositionResult, EngagementInvite };

/** The spec's messages (§5, §8). */
export const engagementMessages = {
  forbidden: 'Forbidden: Access Denied',
  invalidConfiguration: 'Invalid configuration',
  invalidPush: 'Attempted to push invalid data. Expected an array of values.',
  notAvailable: 'GWE is not available',
  alreadyOpen: 'Already open',
  noInvite: 'No invite is shown',
  mediaBusy: 'Invite refused (mediaBusy): a chat, send message, callback or call us window is open',
} as const;

/** §9: the invite's countdown when it gives none, in seconds. */
export const DEFAULT_INVITE_SECONDS = 30;
/** The windows whose being open makes a smart invite `mediaBusy` (§4). */
export const BUSY_PLUGINS = ['WebChat', 'SendMessage', 'Callback', 'CallUs'] as const;

/** The invite's countdown in seconds: its timeout in ms divided by 1000 (§9), 30 s when it gives none. */
export function inviteSeconds(invite: EngagementInvite | null): number {
  const ms = invite?.inviteTimeout ?? invite?.timeout;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 1000 ? ms / 1000 : DEFAULT_INVITE_SECONDS;
}

/** The disposition of `result` for `invite`: its ids, media (chat by default) and the code its rule gives. */
export function dispositionOf(invite: EngagementInvite | null, result: DispositionResult, code?: string): Disposition {
  const rule = result === 'error' || result === 'videoViewed' ? undefined : invite?.dispositions?.[result];
  const chosen = code ?? rule?.code;
  return {
    actionID: invite?.actionID ?? '',
    engagementID: invite?.engagementID ?? '',
    media: invite?.media ?? 'chat',
    result,
    ...(chosen !== undefined ? { code: chosen } : {}),
  };
}

/** Why `configure` is refused (null: accepted): only the plugin itself or the App, with an http(s) endpoint (§5, §6). */
export function configureRefusal(commander: string, data: unknown): string | null {
  if (commander !== 'WebEngagement' && commander !== 'App') return engagementMessages.forbidden;
  const endpoint = typeof data === 'object' && data !== null ? (data as { endpoint?: unknown }).endpoint : undefined;
  return isEndpoint(endpoint) ? null : engagementMessages.invalidConfiguration;
}

/** An absolute http or https URL. */
export function isEndpoint(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Why `push` is refused (null: accepted): it takes a non-empty array (§5). */
export const pushRefusal = (data: unknown): string | null => (Array.isArray(data) && data.length > 0 ? null : engagementMessages.invalidPush);

/** The bus events forwarded to the tracker by default (§7): the contact widgets' lifecycle, not their messages. */
export const DEFAULT_TRACKED_EVENTS: readonly string[] = [
  'WebChat.opened',
  'WebChat.submitted',
  'WebChat.started',
  'WebChat.completed',
  'WebChat.cancelled',
  'WebChat.closed',
  'WebChatService.started',
  'WebChatService.agentConnected',
  'WebChatService.ended',
  'SendMessage.opened',
  'SendMessage.submitted',
  'SendMessage.completed',
  'SendMessage.cancelled',
  'SendMessage.closed',
  'Callback.opened',
  'Callback.submitted',
  'Callback.completed',
  'Callback.cancelled',
  'Callback.closed',
  'CallUs.opened',
  'CallUs.closed',
  'ChannelSelector.opened',
  'ChannelSelector.closed',
  'Cobrowse.started',
  'Cobrowse.stopped',
  'KnowledgeCenterService.searched',
  'KnowledgeCenterService.visited',
  'KnowledgeCenterService.voted',
  'Search.opened',
  'Search.searched',
  'Search.documentOpened',
  'Search.closed',
  'ChatDeflection.started',
  'ChatDeflection.articleOpened',
  'ChatDeflection.ended',
];

/** Whether event `name` is forwarded: in the default list or the configured one (exact names or `Plugin.*`). */
export function isTracked(name: string, extra: readonly string[] = []): boolean {
  if (DEFAULT_TRACKED_EVENTS.includes(name)) return true;
  return extra.some((pattern) => pattern === name || (pattern.endsWith('.*') && name.startsWith(pattern.slice(0, -1))));
}

export interface EngagementContext {
  invite: EngagementInvite | null;
  /** The busy windows now open (BUSY_PLUGINS). */
  open: string[];
  smartInvites: boolean;
}

export type EngagementEvent =
  | { type: 'invite'; invite: EngagementInvite }
  | { type: 'accept' }
  | { type: 'cancel' }
  | { type: 'pageExit' }
  | { type: 'video.viewed' }
  | { type: 'media.opened'; name: string }
  | { type: 'media.closed'; name: string }
  | { type: 'configure'; smartInvites: boolean };

export type EngagementEmitted =
  | { type: 'disposition'; disposition: Disposition }
  | { type: 'shown'; invite: EngagementInvite; seconds: number }
  | { type: 'ended'; invite: EngagementInvite; result: DispositionResult };

/** Whether an invite now would be refused mediaBusy: smart invites on and a chat, send-message, callback or call-us window open. */
export const mediaBusy = (context: EngagementContext): boolean => context.smartInvites && context.open.length > 0;

const ends = (result: 'accept' | 'cancel' | 'timeout' | 'pageExit') => ({
  target: 'idle' as const,
  actions: [{ type: 'dispose' as const, params: { result } }, { type: 'end' as const, params: { result } }, 'clear' as const],
});

/**
 * One engagement invite at a time (§4): idle, then shown until accepted, cancelled, timed out (its
 * countdown: 30 s by default) or the page is left. Each end emits its disposition; an invite while a busy
 * window is open with smart invites on is refused with the error disposition `mediaBusy`.
 */
export const webEngagementMachine = setup({
  types: {
    context: {} as EngagementContext,
    events: {} as EngagementEvent,
    emitted: {} as EngagementEmitted,
    input: {} as { smartInvites?: boolean } | undefined,
  },
  delays: { inviteTimeout: ({ context }) => inviteSeconds(context.invite) * 1000 },
  guards: { busy: ({ context }) => mediaBusy(context) },
  actions: {
    show: assign(({ event }) => {
      assertEvent(event, 'invite');
      return { invite: event.invite };
    }),
    clear: assign({ invite: null }),
    refuseBusy: emit(({ event }) => {
      assertEvent(event, 'invite');
      return { type: 'disposition' as const, disposition: dispositionOf(event.invite, 'error', 'mediaBusy') };
    }),
    announce: emit(({ context }) => ({ type: 'shown' as const, invite: context.invite!, seconds: inviteSeconds(context.invite) })),
    dispose: emit(({ context }, params: { result: DispositionResult }) => ({
      type: 'disposition' as const,
      disposition: dispositionOf(context.invite, params.result),
    })),
    end: emit(({ context }, params: { result: DispositionResult }) => ({ type: 'ended' as const, invite: context.invite!, result: params.result })),
    opened: assign(({ context, event }) => {
      assertEvent(event, 'media.opened');
      return { open: context.open.includes(event.name) ? context.open : [...context.open, event.name] };
    }),
    closed: assign(({ context, event }) => {
      assertEvent(event, 'media.closed');
      return { open: context.open.filter((name) => name !== event.name) };
    }),
    configure: assign(({ event }) => {
      assertEvent(event, 'configure');
      return { smartInvites: event.smartInvites };
    }),
  },
}).createMachine({
  id: 'webEngagement',
  context: ({ input }) => ({ invite: null, open: [], smartInvites: input?.smartInvites ?? true }),
  initial: 'idle',
  on: {
    'media.opened': { actions: 'opened' },
    'media.closed': { actions: 'closed' },
    configure: { actions: 'configure' },
  },
  states: {
    idle: {
      on: {
        invite: [
          { guard: 'busy', actions: 'refuseBusy' },
          { target: 'shown', actions: 'show' },
        ],
      },
    },
    shown: {
      tags: ['inviting'],
      entry: 'announce',
      after: { inviteTimeout: ends('timeout') },
      on: {
        accept: ends('accept'),
        cancel: ends('cancel'),
        pageExit: ends('pageExit'),
        'video.viewed': { actions: { type: 'dispose', params: { result: 'videoViewed' } } },
      },
    },
  },
});
