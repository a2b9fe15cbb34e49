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

/**
 * Bytes of the shared buffers `utf8` copies values into. Each ArrayBuffer costs several hundred bytes of
 * native memory that neither the V8 heap nor `arrayBuffers` counts, so one buffer per value made a
 * dictionary of 130,000 symbols cost ~80 MB of RSS; views into shared chunks cost only their V8 objects.
 */
const UTF8_CHUNK = 65536;
/** A value longer than this (in UTF-16 units) gets a buffer of its own instead of a piece of a chunk. */
const UTF8_OWN = 4096;

/** An in-memory dictionary: computed symbols, and the base of storage's persistent dictionary. */
export class MemorySymbolTable implements SymbolTable {
  // Protected so a persistent dictionary (storage's SymbolDictionary) can add files and rollback on top.
  protected readonly values: string[] = [];
  protected readonly bytes: (Uint8Array | undefined)[] = [];
  protected readonly keys = new Map<string, number>();
  private chunk: Uint8Array | undefined;
  private chunkUsed = 0;

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
      b = this.encode(this.values[key] ?? '');
      this.bytes[key] = b;
    }
    return b;
  }

  /** A value's UTF-8 bytes as a view into the current chunk (a new one when it is full). */
  private encode(value: string): Uint8Array {
    if (value.length > UTF8_OWN) return encoder.encode(value);
    const most = value.length * 3;
    if (this.chunk === undefined || this.chunkUsed + most > this.chunk.length) {
      this.chunk = new Uint8Array(UTF8_CHUNK);
      this.chunkUsed = 0;
    }
    const at = this.chunkUsed;
    const { written } = encoder.encodeInto(value, this.chunk.subarray(at));
    this.chunkUsed = at + written;
    return this.chunk.subarray(at, at + written);
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
