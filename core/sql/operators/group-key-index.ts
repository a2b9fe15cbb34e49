/**
 * Maps the key values of each row to a dense group id. A single SYMBOL key uses a direct array
 * indexed by the symbol key (no hashing); a single number-like key uses a Map<number, id>; anything
 * else a Map over a composed string key. New groups record their key values into builders.
 */
import { TypeTag, isVarSize } from '../../data/column-type';
import { SymbolTable } from '../../data/symbol-table';
import { VectorBuilder } from '../../data/vector-builder';
import { Vector } from '../../data/vector';
import { readValue } from '../vector/sql-value';
import { NumberHashIndex } from './number-hash-index';

export class GroupKeyIndex {
  count = 0;
  private readonly direct = new Map<SymbolTable | undefined, Int32Array>();
  private readonly numbers = new NumberHashIndex();
  private readonly strings = new Map<string, number>();

  constructor(readonly builders: readonly VectorBuilder[]) {}

  /** Fills `groups[0..n)` with the group id of each row. */
  assign(keys: readonly Vector[], n: number, groups: Int32Array): void {
    if (keys.length === 1 && keys[0].type.tag === TypeTag.SYMBOL) { this.assignSymbol(keys[0], n, groups); return; }
    if (keys.length === 1 && !isVarSize(keys[0].type) && keys[0].data.length === n && !keys[0].exact && keys[0].type.tag !== TypeTag.UUID && keys[0].type.tag !== TypeTag.LONG256) {
      this.assignNumber(keys[0], n, groups);
      return;
    }
    this.assignComposite(keys, n, groups);
  }

  private newGroup(keys: readonly Vector[], row: number): number {
    for (let k = 0; k < keys.length; k++) this.builders[k].appendFrom(keys[k], row);
    return this.count++;
  }

  private assignSymbol(v: Vector, n: number, groups: Int32Array): void {
    const table = v.symbols;
    let map = this.direct.get(table);
    const size = (table?.size ?? 0) + 1;
    if (!map || map.length < size) {
      const grown = new Int32Array(Math.max(size, 16)).fill(-1);
      if (map) grown.set(map);
      map = grown;
      this.direct.set(table, map);
    }
    const d = v.data as Int32Array;
    for (let i = 0; i < n; i++) {
      const slot = d[i] + 1;
      let g = map[slot];
      if (g < 0) {
        // The same string may already have a group from another dictionary (computed symbols).
        const s = readValue(v, i);
        const key = s === null ? '\u0000null' : `s${String(s)}`;
        const existing = this.strings.get(key);
        g = existing ?? this.newGroup([v], i);
        if (existing === undefined) this.strings.set(key, g);
        map[slot] = g;
      }
      groups[i] = g;
    }
  }

  private assignNumber(v: Vector, n: number, groups: Int32Array): void {
    const one = [v];
    this.numbers.assign(v.data, n, groups, (row) => this.newGroup(one, row));
  }

  private assignComposite(keys: readonly Vector[], n: number, groups: Int32Array): void {
    for (let i = 0; i < n; i++) {
      let key = '';
      for (const v of keys) {
        const x = readValue(v, i);
        key += x === null ? '\u0001' : x instanceof Uint8Array ? Buffer.from(x).toString('hex') : `${typeof x}:${String(x)}`;
        key += '\u0000';
      }
      let g = this.strings.get(key);
      if (g === undefined) { g = this.newGroup(keys, i); this.strings.set(key, g); }
      groups[i] = g;
    }
  }
}
