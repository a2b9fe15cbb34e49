/**
 * The query's hash-memory budget (`cairo.sql.hash.max.memory`) shared with its worker tasks: an Int32Array
 * on a SharedArrayBuffer holding [KiB used, KiB limit], raised with Atomics so every worker's tables
 * count against the one limit. KiB units keep a 4 GiB limit inside 32 bits.
 */
import { HASH_MEMORY_KEY, QueryMemory } from '../sql/query-memory';

const UNLIMITED_KIB = 0x7fffffff;

/** A shared budget starting from what the query already holds, limited by the query's limit. */
export function sharedBudget(memory: QueryMemory): Int32Array {
  const budget = new Int32Array(new SharedArrayBuffer(8));
  budget[0] = Math.ceil(memory.usedBytes / 1024);
  budget[1] = Number.isFinite(memory.limit) ? Math.min(UNLIMITED_KIB, Math.floor(memory.limit / 1024)) : UNLIMITED_KIB;
  return budget;
}

/** Thrown inside a kernel when its tables would pass the budget; the main thread turns it into the query's 400. */
export class BudgetExceeded extends Error {
  constructor(readonly what: string, readonly limitBytes: number) {
    super(`query memory limit exceeded [what=${what}, limit=${limitBytes} bytes (${HASH_MEMORY_KEY})]`);
    this.name = 'BudgetExceeded';
  }
}

/** Accounts `bytes` more against the shared budget; throws BudgetExceeded past the limit. */
export function growShared(budget: Int32Array, bytes: number, what: string): void {
  const kib = Math.ceil(bytes / 1024);
  const after = Atomics.add(budget, 0, kib) + kib;
  if (after > budget[1]) {
    Atomics.sub(budget, 0, kib);
    throw new BudgetExceeded(what, budget[1] * 1024);
  }
}

/** Gives back `bytes` accounted with `growShared` (memory a kernel no longer holds). */
export function releaseShared(budget: Int32Array, bytes: number): void {
  Atomics.sub(budget, 0, Math.ceil(bytes / 1024));
}

/** KiB the tasks added on top of `start` (to be accounted by the query once they are done). */
export function usedSince(budget: Int32Array, startKib: number): number {
  return Math.max(0, Atomics.load(budget, 0) - startKib) * 1024;
}
