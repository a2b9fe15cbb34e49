/**
 * count_distinct of a SYMBOL per group as bit sets over its dictionary: group g's set is `stride` words
 * from word g × stride, key k its bit k. A row costs one word read (and a write for a key new to its group),
 * instead of a (group, value) pair encoded into a hash table. One dictionary only (a table scan's column
 * has one); another dictionary, or more than MAX_BITS bits, and the state leaves the bits for its hash
 * table (count-distinct.ts replays them there).
 */
import { SymbolTable } from '../../../core/data/symbol-table';
import { QueryMemory } from '../../../core/sql/query-memory';

/** 2^28 bits: 32 MiB of sets (1,000 groups of a 250,000-key dictionary). */
export const MAX_BITS = 2 ** 28;
const WHAT = 'count_distinct values';

export class SymbolDistinctBits {
  private words = new Uint32Array(0);
  /** Words per group, and the groups and dictionary keys the layout holds. */
  private stride = 0;
  private groups = 0;
  private keys = 0;

  constructor(readonly table: SymbolTable | undefined, private readonly memory: QueryMemory) {}

  /** Makes room for `groups` groups over `table` as it is now; false for another dictionary or past MAX_BITS. */
  accepts(table: SymbolTable | undefined, groups: number): boolean {
    if (table !== this.table) return false;
    const keys = table?.size ?? 0;
    if (keys <= this.keys && groups <= this.groups) return true;
    const stride = Math.max(1, Math.ceil(Math.max(keys, this.keys) / 32));
    if (groups * stride * 32 > MAX_BITS) return false;
    const room = Math.min(Math.max(groups, this.groups * 2, 16), Math.floor(MAX_BITS / (stride * 32)));
    const words = new Uint32Array(room * stride);
    this.memory.grow(words.byteLength - this.words.byteLength, WHAT);
    for (let g = 0; g < this.groups; g++) words.set(this.words.subarray(g * this.stride, (g + 1) * this.stride), g * stride);
    this.words = words;
    this.stride = stride;
    this.groups = room;
    this.keys = stride * 32;
    return true;
  }

  /** Sets each row's key in its group's set; a key new to its group adds one to that group's count. Null keys (-1) are not values. */
  add(keys: Int32Array, groups: Int32Array, n: number, counts: Float64Array): void {
    const w = this.words, stride = this.stride;
    for (let i = 0; i < n; i++) {
      const k = keys[i];
      if (k < 0) continue;
      const g = groups[i], at = g * stride + (k >>> 5), bit = 1 << (k & 31);
      const word = w[at];
      if ((word & bit) === 0) { w[at] = word | bit; counts[g]++; }
    }
  }

  /** Sets key `k` in group `g`; true when it was not set (the caller counts it). */
  set(g: number, k: number): boolean {
    const at = g * this.stride + (k >>> 5), bit = 1 << (k & 31);
    if ((this.words[at] & bit) !== 0) return false;
    this.words[at] |= bit;
    return true;
  }

  /** The keys of group `g`'s set, in key order. */
  keysOf(g: number): number[] {
    const out: number[] = [];
    if (g >= this.groups) return out;
    for (let j = 0; j < this.stride; j++) {
      let word = this.words[g * this.stride + j];
      while (word !== 0) {
        const low = word & -word;
        out.push(j * 32 + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return out;
  }

  /** Groups the layout holds (every group below has a set, maybe empty). */
  get groupCount(): number {
    return this.groups;
  }

  release(): void {
    this.memory.grow(-this.words.byteLength, WHAT);
    this.words = new Uint32Array(0);
    this.groups = 0;
  }
}
