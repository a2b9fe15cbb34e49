/**
 * A SYMBOL column's dictionary (`<column>.sym`: entries of int32 length + UTF-8 bytes, append-only).
 * The table's writer interns into it; readers see a snapshot of the first `committed` keys, which never
 * change, so keys stay valid across commits. Rollback forgets the keys added since the last commit.
 */
import { MemorySymbolTable, SymbolTable } from '../../core/data/symbol-table';
import { decodeUtf8 } from '../../core/data/utf8';
import { readBytes } from './atomic-file';

export class SymbolDictionary extends MemorySymbolTable {
  committed = 0;
  committedBytes = 0;

  /** Reads the first `count` entries (`bytes` bytes) of a `.sym` file. */
  static load(path: string, count: number, bytes: number): SymbolDictionary {
    const d = new SymbolDictionary();
    if (count === 0) return d;
    const b = readBytes(path, 0, bytes);
    const dv = new DataView(b.buffer, b.byteOffset, b.length);
    let p = 0;
    for (let k = 0; k < count; k++) {
      const len = dv.getInt32(p, true);
      p += 4;
      d.intern(decodeUtf8(b, p, p + len));
      p += len;
    }
    d.committed = count;
    d.committedBytes = bytes;
    return d;
  }

  /** The `.sym` bytes of the keys added since the last commit. */
  pendingEntries(): Uint8Array {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (let k = this.committed; k < this.values.length; k++) {
      const b = this.utf8(k);
      parts.push(b);
      total += 4 + b.length;
    }
    const out = new Uint8Array(total);
    const dv = new DataView(out.buffer);
    let p = 0;
    for (const b of parts) {
      dv.setInt32(p, b.length, true);
      out.set(b, p + 4);
      p += 4 + b.length;
    }
    return out;
  }

  markCommitted(bytes: number): void {
    this.committed = this.values.length;
    this.committedBytes = bytes;
  }

  rollback(): void {
    for (let k = this.values.length - 1; k >= this.committed; k--) {
      this.keys.delete(this.values[k]);
      this.values.pop();
      this.bytes.length = Math.min(this.bytes.length, k);
    }
  }

  /** A reader's view: keys below `size` only. */
  snapshot(size = this.committed): SymbolTable {
    return new SymbolSnapshot(this, size);
  }
}

export class SymbolSnapshot implements SymbolTable {
  constructor(readonly dictionary: SymbolDictionary, readonly size: number) {}

  value(key: number): string | null {
    return key < 0 || key >= this.size ? null : this.dictionary.value(key);
  }

  utf8(key: number): Uint8Array {
    return this.dictionary.utf8(key);
  }

  keyOf(value: string): number {
    const k = this.dictionary.keyOf(value);
    return k < this.size ? k : -1;
  }
}
