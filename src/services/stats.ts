import { requestJson } from '../http/request.ts';

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
} as const;

const VERSIONS = new Set(['v1', 'v2', 'v3']);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Normalises `'a,b'` or `['a', 'b']`; null when no valid queue name is left. */
export function queueNames(queues: unknown): string[] | null {
  const list = typeof queues === 'string' ? queues.split(',') : queues;
  if (!Array.isArray(list)) return null;
  const names = list.filter((q): q is string => typeof q === 'string').map((q) => q.trim()).filter(Boolean);
  return names.length && names.length === list.length ? names : null;
}

async function get(url: string, options: Parameters<typeof requestJson>[1]): Promise<unknown> {
  let body: unknown;
  try {
    body = await requestJson(url, options);
  } catch {
    throw new Error(statsMessages.failed);
  }
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) {
    throw new Error(statsMessages.empty);
  }
  return body;
}

/** GET the estimated waits of `queues` with the configured API version. */
export async function fetchQueueWaits(config: StatsConfig, queues: unknown): Promise<QueueWait[]> {
  const version = config.apiVersion ?? 'v1';
  if (!config.dataURL || typeof config.dataURL !== 'string' || !VERSIONS.has(version)) {
    throw new Error(statsMessages.invalidConfiguration);
  }
  const names = queueNames(queues);
  if (!names) throw new Error(statsMessages.invalidQueues);
  const list = names.join(',');
  const mode = config.mode ?? 'mode1';
  const url = version === 'v2' ? `${config.dataURL.replace(/\/$/, '')}/${encodeURIComponent(mode)}` : config.dataURL;
  const query =
    version === 'v1' ? { name: list, aqt: config.aqt } : version === 'v2' ? { vq: list } : { 'virtual-queues': list, mode };
  const headers = { [version === 'v3' ? 'x-api-key' : 'apikey']: config.apikey };
  const body = (await get(url, { query, headers, timeoutMs: config.timeout ?? 3000 })) as { data?: unknown };
  if (!Array.isArray(body.data)) throw new Error(statsMessages.failed);
  if (body.data.length === 0) throw new Error(statsMessages.empty);
  return body.data.map((entry: { virtualQueue?: unknown; estimatedWaitTime?: unknown; ewt?: unknown }) => {
    const ewt = isNumber(entry?.estimatedWaitTime) ? entry.estimatedWaitTime : entry?.ewt;
    if (typeof entry?.virtualQueue !== 'string' || !isNumber(ewt)) throw new Error(statsMessages.failed);
    return { virtualQueue: entry.virtualQueue, ewt };
  });
}

/** The deployment's group-EWT request for one queue (or group): `{ ewt, time }`. */
export async function fetchGroupWait(config: StatsConfig, queue?: unknown): Promise<GroupWait> {
  const group = config.groupEWT;
  if (!group || typeof group.url !== 'string' || group.url === '') throw new Error(statsMessages.invalidConfiguration);
  const names = queueNames(queue ?? group.queue);
  if (!names) throw new Error(statsMessages.invalidQueues);
  const body = (await get(group.url, { query: { name: names.join(',') }, timeoutMs: group.timeout ?? config.timeout ?? 3000 })) as Partial<GroupWait>;
  if (!isNumber(body.ewt) || !isNumber(body.time)) throw new Error(statsMessages.failed);
  return { ewt: body.ewt, time: body.time };
}
