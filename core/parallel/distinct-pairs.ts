/**
 * count_distinct(b) GROUP BY a, with a and b SYMBOL columns of a table scan, in the worker pool: the distinct
 * (a, b) pairs are the groups of `GROUP BY a, b`, which the tuple kernels find in a dense 2-D index over both
 * dictionaries on both cores (tuple-aggregate.ts), and a's count is the number of its pairs whose b is not
 * null. The pairs come ranked by their first row, so a group's first pair holds its first row: taking the
 * groups of a in the order their first pair comes gives the main thread's order (first seen first), a group
 * whose b is always null included (count 0). Any shape the tuple kernels decline (a narrowed scan, too few
 * rows, dictionaries past MAX_TUPLE_SLOTS) returns undefined, and the main thread's GroupBy counts with its
 * bit sets (count-distinct.ts).
 */
import { ColumnBatch } from '../data/column-batch';
import { Types, TypeTag } from '../data/column-type';
import { Vector } from '../data/vector';
import { BoundExpr } from '../sql/bound-expression';
import { castVector } from '../sql/vector/cast-vector';
import { GroupByParts } from './aggregate-plan';

const parts = new WeakMap<GroupByParts, GroupByParts | null>();

/**
 * `GROUP BY a, b` without aggregates when every aggregate of `node` counts the distinct values of the one
 * SYMBOL column b and its key is one SYMBOL column a; else undefined.
 */
export function distinctPairsParts(node: GroupByParts): GroupByParts | undefined {
  let p = parts.get(node);
  if (p === undefined) {
    p = analyze(node) ?? null;
    parts.set(node, p);
  }
  return p ?? undefined;
}

function analyze(node: GroupByParts): GroupByParts | undefined {
  if (node.keys.length !== 1 || node.aggregates.length === 0) return undefined;
  const key = node.keys[0];
  if (!isSymbolColumn(key)) return undefined;
  const counted = node.aggregates[0].args[0];
  if (!counted || !isSymbolColumn(counted)) return undefined;
  const same = node.aggregates.every((a) => a.fn.countsDistinct === true && a.args.length === 1
    && a.args[0].kind === 'column' && a.args[0].index === counted.index);
  return same ? { child: node.child, keys: [key, counted], aggregates: [] } : undefined;
}

function isSymbolColumn(e: BoundExpr): e is BoundExpr & { kind: 'column'; index: number } {
  return e.kind === 'column' && e.type.tag === TypeTag.SYMBOL;
}

/**
 * GroupBy's layout (aggregates, then the key) from the pairs (`pairs`: both keys, ranked by first row): each
 * aggregate's column holds the counts.
 */
export function distinctCounts(node: GroupByParts, pairs: ColumnBatch): ColumnBatch {
  const first = pairs.vectors[0], second = pairs.vectors[1];
  const a = first.data as Int32Array, b = second.data as Int32Array, n = pairs.rowCount;
  const groupOf = new Int32Array((first.symbols?.size ?? 0) + 1).fill(-1);
  const counts = new Float64Array(n), keys = new Int32Array(n);
  const groups = countPairs(a, b, n, groupOf, counts, keys);
  const total: Vector = { type: Types.LONG, data: counts.subarray(0, groups) };
  return {
    rowCount: groups,
    vectors: [
      ...node.aggregates.map((agg) => castVector(total, agg.type, groups)),
      { type: node.keys[0].type, data: keys.slice(0, groups), symbols: first.symbols },
    ],
  };
}

/** Numbers each pair's first key by first sight (`groupOf[k + 1]`) and counts its pairs with a second key. */
function countPairs(a: Int32Array, b: Int32Array, n: number, groupOf: Int32Array, counts: Float64Array, keys: Int32Array): number {
  let groups = 0;
  for (let r = 0; r < n; r++) {
    let g = groupOf[a[r] + 1];
    if (g < 0) { g = groupOf[a[r] + 1] = groups++; keys[g] = a[r]; }
    if (b[r] >= 0) counts[g]++;
  }
  return groups;
}
