/**
 * A map from names given as UTF-8 bytes to small ints, case-insensitive for ASCII letters (table and column
 * names are case-insensitive). Lookups hash and compare the raw bytes, so the parser never makes a string
 * for a name it has seen before.
 */
export class NameIndex {
  private slots = new Int32Array(64).fill(-1);
  private mask = 63;
  private names: Uint8Array[] = [];
  private hashes: number[] = [];
  private values: number[] = [];

  get size(): number {
    return this.names.length;
  }

  /** The value stored for `b[s..e)`, or -1. */
  get(b: Uint8Array, s: number, e: number): number {
    const h = hashFolded(b, s, e);
    let slot = h & this.mask;
    for (;;) {
      const entry = this.slots[slot];
      if (entry < 0) return -1;
      if (this.hashes[entry] === h && sameFolded(this.names[entry], b, s, e)) return this.values[entry];
      slot = (slot + 1) & this.mask;
    }
  }

  /** Stores `value` for `name` (replacing an entry with the same name). */
  set(name: Uint8Array, value: number): void {
    const h = hashFolded(name, 0, name.length);
    let slot = h & this.mask;
    for (;;) {
      const entry = this.slots[slot];
      if (entry < 0) break;
      if (this.hashes[entry] === h && sameFolded(this.names[entry], name, 0, name.length)) {
        this.values[entry] = value;
        return;
      }
      slot = (slot + 1) & this.mask;
    }
    this.slots[slot] = this.names.length;
    this.names.push(name);
    this.hashes.push(h);
    this.values.push(value);
    if (this.names.length * 2 > this.slots.length) this.rehash();
  }

  private rehash(): void {
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let entry = 0; entry < this.names.length; entry++) {
      let slot = this.hashes[entry] & this.mask;
      while (this.slots[slot] >= 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry;
    }
  }
}

/** ASCII upper-case letters as lower case; every other byte as is. */
export function foldByte(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
}

export function hashFolded(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = s; i < e; i++) h = Math.imul(h ^ foldByte(b[i]), 0x01000193);
  return h;
}

/** Whether `name` equals `b[s..e)` ignoring ASCII case. */
export function sameFolded(name: Uint8Array, b: Uint8Array, s: number, e: number): boolean {
  if (name.length !== e - s) return false;
  for (let k = 0; k < name.length; k++) {
    const x = name[k];
    const y = b[s + k];
    if (x !== y && foldByte(x) !== foldByte(y)) return false;
  }
  return true;
}
