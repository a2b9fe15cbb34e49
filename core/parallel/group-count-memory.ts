/**
 * Per thread, the number of groups each hash kernel (by its source) ended with last time: the next run of
 * the same shape starts its table at that size instead of growing to it from 4,096 slots by doubling and
 * re-inserting (six rounds for 100,000 keys, a quarter of such a query's time). Different data under the
 * same shape only costs a larger or smaller first table; the memory budget still decides.
 */
const lastGroups = new Map<string, number>();
const MAX_SHAPES = 256;

/** Groups the last run of `source` on this thread produced, 0 when none ran yet. */
export function expectedGroups(source: string): number {
  return lastGroups.get(source) ?? 0;
}

export function rememberGroups(source: string, groups: number): void {
  if (!lastGroups.has(source) && lastGroups.size >= MAX_SHAPES) lastGroups.clear();
  lastGroups.set(source, groups);
}
