/**
 * A SYMBOL column's dictionary: int keys 0..size-1 to strings. A reader's table is a snapshot:
 * `size` never grows under it.
 */
export interface SymbolTable {
  readonly size: number;
  /** The string of a key; null for SYMBOL_NULL (-1). */
  value(key: number): string | null;
  /** UTF-8 bytes of a key's string (cached; do not modify). */
  utf8(key: number): Uint8Array;
  /** The key of a string, or -1 when the dictionary does not hold it. */
  keyOf(value: string): number;
}

const encoder = new TextEncoder();

/** An in-memory dictionary: computed symbols, and the base of storage's persistent dictionary. */
export class MemorySymbolTable implements SymbolTable {
  // Protected so a persistent dictionary (storage's SymbolDictionary) can add files and rollback on top.
  protected readonly values: string[] = [];
  protected readonly bytes: (Uint8Array | undefined)[] = [];
  protected readonly keys = new Map<string, number>();

  constructor(initial: Iterable<string> = []) {
    for (const v of initial) this.intern(v);
  }

  get size(): number {
    return this.values.length;
  }

  value(key: number): string | null {
    return key < 0 || key >= this.values.length ? null : this.values[key];
  }

  utf8(key: number): Uint8Array {
    let b = this.bytes[key];
    if (b === undefined) {
      b = encoder.encode(this.values[key] ?? '');
      this.bytes[key] = b;
    }
    return b;
  }

  keyOf(value: string): number {
    return this.keys.get(value) ?? -1;
  }

  /** Adds a value if new; returns its key. */
  intern(value: string): number {
    let k = this.keys.get(value);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(value);
      this.keys.set(value, k);
    }
    return k;
  }
}
