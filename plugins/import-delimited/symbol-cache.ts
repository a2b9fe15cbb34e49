/**
 * SYMBOL values straight from bytes: an open-addressing hash of the raw UTF-8 bytes to the key the
 * writer's dictionary gave. Only a value seen for the first time becomes a JS string (to intern it),
 * so a 10M-row column with 1000 distinct hosts decodes 1000 strings, not 10M.
 */
import { decodeUtf8 } from '../../core/data/utf8';

export type Interner = (value: string) => number;

export class SymbolCache {
  private slots = new Int32Array(1024).fill(-1);
  private mask = 1023;
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  private keys = new Int32Array(256);
  private hashes = new Int32Array(256);
  private bytes = new Uint8Array(4096);
  private used = 0;
  private count = 0;

  /** Where the value keyOfUntil read ends. */
  end = 0;

  constructor(private readonly intern: Interner) {}

  /** The dictionary key of `b[s..e)`. */
  keyOf(b: Uint8Array, s: number, e: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = s; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
    return this.lookup(b, s, e, h);
  }

  /**
   * The key of the bytes from `s` up to the first byte with `stops[byte]` 1 (that position in `end`), hashed
   * as they are found; -1 when the bytes end first.
   */
  keyOfUntil(b: Uint8Array, s: number, end: number, stops: Uint8Array): number {
    let h = 0x811c9dc5 | 0;
    let i = s;
    for (; i < end; i++) {
      const c = b[i];
      if (stops[c] === 1) break;
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (i >= end) return -1;
    this.end = i;
    return this.lookup(b, s, i, h);
  }

  private lookup(b: Uint8Array, s: number, e: number, h: number): number {
    const len = e - s;
    let slot = h & this.mask;
    for (;;) {
      const entry = this.slots[slot];
      if (entry < 0) break;
      if (this.hashes[entry] === h && this.lengths[entry] === len && this.same(entry, b, s, len)) return this.keys[entry];
      slot = (slot + 1) & this.mask;
    }
    const key = this.intern(decodeUtf8(b, s, e));
    this.add(slot, h, b, s, len, key);
    return key;
  }

  private same(entry: number, b: Uint8Array, s: number, len: number): boolean {
    const o = this.starts[entry];
    const stored = this.bytes;
    for (let k = 0; k < len; k++) if (stored[o + k] !== b[s + k]) return false;
    return true;
  }

  private add(slot: number, h: number, b: Uint8Array, s: number, len: number, key: number): void {
    if (this.count === this.keys.length) {
      const n = this.count * 2;
      const grow = (a: Int32Array): Int32Array<ArrayBuffer> => { const x = new Int32Array(n); x.set(a); return x; };
      this.starts = grow(this.starts); this.lengths = grow(this.lengths); this.keys = grow(this.keys); this.hashes = grow(this.hashes);
    }
    if (this.used + len > this.bytes.length) {
      const x = new Uint8Array(Math.max(this.bytes.length * 2, this.used + len));
      x.set(this.bytes);
      this.bytes = x;
    }
    const entry = this.count++;
    this.bytes.set(b.subarray(s, s + len), this.used);
    this.starts[entry] = this.used;
    this.lengths[entry] = len;
    this.keys[entry] = key;
    this.hashes[entry] = h;
    this.used += len;
    this.slots[slot] = entry;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private rehash(): void {
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.hashes[entry] & this.mask;
      while (this.slots[slot] >= 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry;
    }
  }
}
