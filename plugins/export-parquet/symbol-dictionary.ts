/**
 * The dictionary of a SYMBOL column chunk: symbol keys of the storage's table map to dense indices in
 * first-seen order, reset per row group. Several SymbolTables (e.g. one per batch source) share it
 * through the value text.
 */
import { SymbolTable } from '../../core/data/symbol-table';

export class SymbolDictionary {
  readonly entries: Uint8Array[] = [];
  private readonly byText = new Map<string, number>();
  private readonly byTable = new Map<SymbolTable, Int32Array>();

  index(table: SymbolTable, key: number): number {
    let map = this.byTable.get(table);
    if (!map || map.length < table.size) {
      const next = new Int32Array(Math.max(table.size, 16)).fill(-1);
      if (map) next.set(map);
      map = next;
      this.byTable.set(table, map);
    }
    const cached = map[key];
    if (cached >= 0) return cached;
    const text = table.value(key) ?? '';
    let idx = this.byText.get(text);
    if (idx === undefined) {
      idx = this.entries.length;
      this.entries.push(table.utf8(key));
      this.byText.set(text, idx);
    }
    map[key] = idx;
    return idx;
  }

  get size(): number {
    return this.entries.length;
  }

  reset(): void {
    this.entries.length = 0;
    this.byText.clear();
    this.byTable.clear();
  }
}
