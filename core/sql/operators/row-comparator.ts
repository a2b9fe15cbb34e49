/**
 * Row comparison for ORDER BY over one materialised batch: per key a typed comparison, nulls first
 * ascending. SYMBOL keys compare by string through a rank per dictionary key.
 */
import { TypeTag, isVarSize } from '../../data/column-type';
import { INT_NULL, LONG_NULL } from '../../data/null-values';
import { Vector } from '../../data/vector';
import { compareVarRows } from './var-rows';
import { readValue } from '../vector/sql-value';
import { decimalAt } from '../../data/decimal';

export interface SortKey {
  readonly index: number;
  readonly descending: boolean;
}

type Compare = (a: number, b: number) => number;

function keyComparator(v: Vector): Compare {
  const d = v.data;
  switch (v.type.tag) {
    case TypeTag.DOUBLE: case TypeTag.FLOAT:
      return d instanceof Float64Array ? doubles(d) : d instanceof Float32Array ? floats(d) : numbers(d);
    case TypeTag.SYMBOL: {
      const table = v.symbols;
      const size = table?.size ?? 0;
      const order = Array.from({ length: size }, (_x, k) => k).sort((p, q) => {
        const s = table?.value(p) ?? '', t = table?.value(q) ?? '';
        return s < t ? -1 : s > t ? 1 : 0;
      });
      const rank = new Int32Array(size);
      order.forEach((k, r) => { rank[k] = r; });
      return (a, b) => {
        const x = d[a] < 0 ? -1 : rank[d[a]], y = d[b] < 0 ? -1 : rank[d[b]];
        return x - y;
      };
    }
    case TypeTag.STRING: case TypeTag.VARCHAR: case TypeTag.BINARY:
      return (a, b) => {
        const an = v.nulls !== undefined && v.nulls[a] === 1, bn = v.nulls !== undefined && v.nulls[b] === 1;
        if (an || bn) return an === bn ? 0 : an ? -1 : 1;
        return compareVarRows(v, a, v, b);
      };
    case TypeTag.DECIMAL: {
      // Nulls first, as the other types; values by their unscaled integers (one scale per column).
      const bytes = v.data as Uint8Array;
      return (a, b) => {
        const x = decimalAt(bytes, a), y = decimalAt(bytes, b);
        if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
        return x < y ? -1 : x > y ? 1 : 0;
      };
    }
    case TypeTag.UUID: case TypeTag.LONG256: case TypeTag.IPV4:
      return (a, b) => {
        const x = String(readValue(v, a) ?? ''), y = String(readValue(v, b) ?? '');
        return x < y ? -1 : x > y ? 1 : 0;
      };
    default: {
      if (isVarSize(v.type)) return () => 0;
      // LONG family beyond 2^53: compare the exact values (the doubles may be equal).
      const exact = v.exact;
      if (exact) return (a, b) => (exact[a] < exact[b] ? -1 : exact[a] > exact[b] ? 1 : 0);
      // INT/LONG nulls are the minimum values, so they sort first by themselves.
      void INT_NULL; void LONG_NULL;
      if (d instanceof Float64Array) return float64Difference(d);
      if (d instanceof Int32Array) return int32Difference(d);
      return (a, b) => d[a] - d[b];
    }
  }
}

// One closure literal per typed-array kind: a comparison that has read several kinds of array (every
// ORDER BY of a long-running server goes through here) falls back to V8's slow generic element access.

function doubles(d: Float64Array): Compare {
  return (a, b) => {
    const x = d[a], y = d[b];
    if (x !== x) return y !== y ? 0 : -1;
    if (y !== y) return 1;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function floats(d: Float32Array): Compare {
  return (a, b) => {
    const x = d[a], y = d[b];
    if (x !== x) return y !== y ? 0 : -1;
    if (y !== y) return 1;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function numbers(d: Vector['data']): Compare {
  return (a, b) => {
    const x = Number(d[a]), y = Number(d[b]);
    if (x !== x) return y !== y ? 0 : -1;
    if (y !== y) return 1;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function float64Difference(d: Float64Array): Compare {
  return (a, b) => d[a] - d[b];
}

function int32Difference(d: Int32Array): Compare {
  return (a, b) => d[a] - d[b];
}

/**
 * Whether rows a and b hold the same key in every vector, as ORDER BY compares them: NULL equals NULL (and
 * not ''), a LONG beyond 2^53 by its exact value (window PARTITION BY and peer rows).
 */
export function rowEquality(vectors: readonly Vector[]): (a: number, b: number) => boolean {
  const cmps = vectors.map(keyComparator);
  return (a, b) => {
    for (const c of cmps) if (c(a, b) !== 0) return false;
    return true;
  };
}

export function rowComparator(vectors: readonly Vector[], keys: readonly SortKey[]): Compare {
  const cmps = keys.map((k) => keyComparator(vectors[k.index]));
  const desc = keys.map((k) => k.descending);
  if (cmps.length === 1) {
    const c = cmps[0];
    return desc[0] ? (a, b) => c(b, a) || a - b : (a, b) => c(a, b) || a - b;
  }
  return (a, b) => {
    for (let k = 0; k < cmps.length; k++) {
      const r = cmps[k](a, b);
      if (r !== 0) return desc[k] ? -r : r;
    }
    return a - b;
  };
}
