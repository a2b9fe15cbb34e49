/**
 * A SYMBOL column as Arrow `dictionary<int32, utf8>` across a streamed export. Keys are renumbered in
 * the order symbols first appear, so the dictionary holds only the symbols the result uses (a filter over
 * a table with 100,000 symbols sends the few it returns) and batches whose vectors come from different
 * dictionaries (a UNION of two tables) share one. Each batch's new symbols are one more chunk of the
 * dictionary vector; apache-arrow's writer sends such a chunk as a delta dictionary batch, so earlier
 * ones are never resent.
 */
import { Data, Dictionary, Int32, makeData, Utf8, Vector as ArrowVector } from 'apache-arrow';
import { SYMBOL_NULL } from '../../core/data/null-values';
import { SymbolTable } from '../../core/data/symbol-table';
import { Vector } from '../../core/data/vector';
import { sentinelValidity } from './validity';

export class SymbolDictionary {
  /** Per source dictionary: export id + 1 by source key (0 = not sent yet). */
  private readonly remaps = new Map<SymbolTable, Int32Array>();
  private readonly chunks: Data<Utf8>[] = [];
  private size = 0;

  constructor(readonly type: Dictionary<Utf8, Int32>) {}

  /** The batch's keys as export ids, with the dictionary including every symbol they use. */
  column(v: Vector, n: number): Data<Dictionary<Utf8, Int32>> {
    const keys = v.data as Int32Array;
    const table = v.symbols;
    const ids = new Int32Array(n);
    const pending: Uint8Array[] = [];
    if (table) {
      const remap = this.remapFor(table);
      const nullKey = SYMBOL_NULL;
      for (let i = 0; i < n; i++) {
        const k = keys[i];
        if (k === nullKey) { ids[i] = nullKey; continue; }
        const id = remap[k];
        if (id !== 0) { ids[i] = id - 1; continue; }
        ids[i] = this.firstUse(remap, k, table, pending);
      }
    } else {
      ids.fill(SYMBOL_NULL);
    }
    if (pending.length > 0 || this.chunks.length === 0) this.addChunk(pending);
    const validity = sentinelValidity(ids, n, SYMBOL_NULL);
    return makeData({
      type: this.type, length: n, nullCount: validity.nullCount, nullBitmap: validity.bitmap, data: ids,
      dictionary: new ArrowVector(this.chunks.slice()),
    });
  }

  /** A symbol's first use in the export: its id, and its text for this batch's dictionary chunk. */
  private firstUse(remap: Int32Array, key: number, table: SymbolTable, pending: Uint8Array[]): number {
    const id = this.size + pending.length;
    remap[key] = id + 1;
    pending.push(table.utf8(key));
    return id;
  }

  private remapFor(table: SymbolTable): Int32Array {
    let remap = this.remaps.get(table);
    if (!remap || remap.length < table.size) {
      const grown = new Int32Array(Math.max(table.size, 16));
      if (remap) grown.set(remap);
      remap = grown;
      this.remaps.set(table, remap);
    }
    return remap;
  }

  private addChunk(symbols: readonly Uint8Array[]): void {
    const offsets = new Int32Array(symbols.length + 1);
    let bytes = 0;
    for (let i = 0; i < symbols.length; i++) { bytes += symbols[i].length; offsets[i + 1] = bytes; }
    const values = new Uint8Array(bytes);
    for (let i = 0; i < symbols.length; i++) values.set(symbols[i], offsets[i]);
    this.chunks.push(makeData({ type: new Utf8(), length: symbols.length, nullCount: 0, valueOffsets: offsets, data: values }));
    this.size += symbols.length;
  }
}
