/**
 * The one rule for a list keyed by a server index (a chat's transcript): ordered by index, each index
 * once, a later copy of an index replacing the one held. Pure; the list passed in is never changed, and
 * comes back as it is when nothing is added.
 */
export function upsertByIndex<T extends { index: number }>(list: readonly T[], incoming: readonly T[]): readonly T[] {
  if (incoming.length === 0) return list;
  const last = list.length ? list[list.length - 1]!.index : -Infinity;
  // The usual batch: new indexes above everything held, already in order, each once.
  if (incoming[0]!.index > last && incoming.every((m, i) => i === 0 || m.index > incoming[i - 1]!.index)) return [...list, ...incoming];
  const byIndex = new Map<number, T>();
  for (const item of list) byIndex.set(item.index, item);
  for (const item of incoming) byIndex.set(item.index, item);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}
