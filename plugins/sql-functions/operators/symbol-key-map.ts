/**
 * Translates the keys of `from`'s dictionary into `to`'s: result[k] is the key in `to` of the string
 * of key k, or -2 when `to` lacks it. Identity when both share one dictionary. Cached per dictionary pair
 * and size, since a batch stream reuses its dictionaries.
 */
import { SymbolTable } from '../../../core/data/symbol-table';
import { Vector } from '../../../core/data/vector';

const cache = new WeakMap<SymbolTable, WeakMap<SymbolTable, Int32Array>>();

export function symbolKeyMap(from: Vector, to: Vector): Int32Array {
  const f = from.symbols, t = to.symbols;
  if (!f || !t) return new Int32Array(0);
  let inner = cache.get(f);
  const hit = inner?.get(t);
  if (hit && hit.length === f.size) return hit;
  const map = new Int32Array(f.size);
  for (let k = 0; k < f.size; k++) {
    if (f === t) { map[k] = k; continue; }
    const s = f.value(k);
    const key = s === null ? -1 : t.keyOf(s);
    map[k] = key < 0 ? -2 : key;
  }
  if (!inner) { inner = new WeakMap(); cache.set(f, inner); }
  inner.set(t, map);
  return map;
}
