import { HttpError, requestJson } from '../http/request.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from './answer.ts';

/**
 * Wait-time statistics (contact-widgets.md §7, web-chat.md §7): the generic v1 / v2 / v3 requests and
 * the deployment's group-EWT request. Waits are seconds; -1 means unknown.
 */
export interface StatsConfig {
  apiVersion?: 'v1' | 'v2' | 'v3';
  dataURL?: string;
  apikey?: string;
  /** v2 path segment and v3 query (default `mode1`). */
  mode?: string;
  /** v1 `aqt` query (seconds). */
  aqt?: number;
  timeout?: number;
  /** The deployment's group-EWT request: `GET {url}?name={queue}` answering `{ ewt, time }`. */
  groupEWT?: { url?: string; queue?: string; timeout?: number; refreshInterval?: number };
}

export interface QueueWait {
  virtualQueue: string;
  ewt: number;
}

/** The group-EWT answer: the wait in seconds and the server time in seconds since the epoch. */
export interface GroupWait {
  ewt: number;
  time: number;
}

export const statsMessages = {
  invalidConfiguration: 'Invalid EWT configuration',
  invalidQueues: 'Invalid Stats vqname configuration',
  failed: 'EWT request failed due to unknown reason',
  empty: 'The EWT response was empty',
  malformed: 'The EWT response',
} as const;

/**
 * Why a statistics request was refused or failed: a bad configuration or queue list (before any
 * request), the request failed (timeout, network, error status: the spec's message), the answer was
 * empty, or it was malformed (the message names where: `The EWT response is malformed at data[0].ewt: …`).
 */
export type StatsFailure = 'configuration' | 'queues' | 'failed' | 'empty' | 'malformed';

export class StatsError extends Error {
  constructor(
    readonly kind: StatsFailure,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}

const VERSIONS = new Set(['v1', 'v2', 'v3']);
const seconds = v.pipe(v.number('must be a number of seconds'), v.finite('must be a number of seconds'));

/** One queue of a v1/v2/v3 answer: its name and `estimatedWaitTime` (or `ewt`) in seconds. */
const queueWaitSchema = v.pipe(
  v.object({ virtualQueue: v.string('must be a string'), estimatedWaitTime: v.optional(seconds), ewt: v.optional(seconds) }, objectMessage),
  v.check((entry) => entry.estimatedWaitTime !== undefined || entry.ewt !== undefined, 'must have estimatedWaitTime or ewt in seconds'),
  v.transform((entry): QueueWait => ({ virtualQueue: entry.virtualQueue, ewt: entry.estimatedWaitTime ?? entry.ewt ?? -1 })),
);
const queueWaitsSchema = v.object({ data: v.array(queueWaitSchema, 'must be a list') }, objectMessage);
const groupWaitSchema = v.object(
  { ewt: seconds, time: v.pipe(v.number('must be seconds since the epoch'), v.finite('must be seconds since the epoch')) },
  objectMessage,
);

/** Normalises `'a,b'` or `['a', 'b']`; null when no valid queue name is left. */
export function queueNames(queues: unknown): string[] | null {
  const list = typeof queues === 'string' ? queues.split(',') : queues;
  if (!Array.isArray(list)) return null;
  const names = list
    .filter((q): q is string => typeof q === 'string')
    .map((q) => q.trim())
    .filter(Boolean);
  return names.length && names.length === list.length ? names : null;
}

/** GET and read the answer with `schema`; every failure is a StatsError. */
async function get<S extends v.GenericSchema>(url: string, options: Parameters<typeof requestJson>[1], schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await requestJson(url, options);
  } catch (error) {
    // (A failure status with a non-JSON body is a failed request, not a malformed answer.)
    if (error instanceof HttpError && error.kind === 'malformed' && (error.status ?? 200) < 300) {
      throw new StatsError('malformed', `${statsMessages.malformed} is not JSON`);
    }
    throw new StatsError('failed', statsMessages.failed);
  }
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new StatsError('empty', statsMessages.empty);
  }
  try {
    return readAnswer(statsMessages.malformed, body, schema);
  } catch (error) {
    throw error instanceof MalformedAnswer ? new StatsError('malformed', error.message) : error;
  }
}

/** GET the estimated waits of `queues` with the configured API version. */
export async function fetchQueueWaits(config: StatsConfig, queues: unknown): Promise<QueueWait[]> {
  const version = config.apiVersion ?? 'v1';
  if (!config.dataURL || typeof config.dataURL !== 'string' || !VERSIONS.has(version)) {
    throw new StatsError('configuration', statsMessages.invalidConfiguration);
  }
  const names = queueNames(queues);
  if (!names) throw new StatsError('queues', statsMessages.invalidQueues);
  const list = names.join(',');
  const mode = config.mode ?? 'mode1';
  const url = version === 'v2' ? `${config.dataURL.replace(/\/$/, '')}/${encodeURIComponent(mode)}` : config.dataURL;
  const query = version === 'v1' ? { name: list, aqt: config.aqt } : version === 'v2' ? { vq: list } : { 'virtual-queues': list, mode };
  const headers = { [version === 'v3' ? 'x-api-key' : 'apikey']: config.apikey };
  const { data } = await get(url, { query, headers, timeoutMs: config.timeout ?? 3000 }, queueWaitsSchema);
  if (data.length === 0) throw new StatsError('empty', statsMessages.empty);
  return data;
}

/** The deployment's group-EWT request for one queue (or group): `{ ewt, time }`. */
export async function fetchGroupWait(config: StatsConfig, queue?: unknown): Promise<GroupWait> {
  const group = config.groupEWT;
  if (!group || typeof group.url !== 'string' || group.url === '') throw new StatsError('configuration', statsMessages.invalidConfiguration);
  const names = queueNames(queue ?? group.queue);
  if (!names) throw new StatsError('queues', statsMessages.invalidQueues);
  return get(group.url, { query: { name: names.join(',') }, timeoutMs: group.timeout ?? config.timeout ?? 3000 }, groupWaitSchema);
}
