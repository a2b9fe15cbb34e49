/**
 * SAMPLE BY FILL: walks every bucket from the first data bucket (or FROM) to the
 * last (or before TO) and emits each key in each bucket; a missing group takes its aggregate's fill —
 * NULL, a constant, PREV (the key's last real value) or LINEAR (between that key's neighbouring real
 * values; before a key's first or after its last value it stays null, where QuestDB 9.4.4 extrapolates).
 * Output size is buckets × keys, so per-row builders are fine here.
 */
import { ColumnBatch } from '../../data/column-batch';
import { ColumnType, Types, TypeTag } from '../../data/column-type';
import { Vector } from '../../data/vector';
import { VectorBuilder } from '../../data/vector-builder';
import { SvcError } from '../../errors';
import { SampleClock } from '../../time/sample-clock';
import { gather } from '../vector/vector-ops';

export interface FillSpec {
  readonly mode: 'none' | 'null' | 'prev' | 'linear' | 'value';
  /** `value`: the constant, one row of the aggregate's type. */
  readonly constant?: Vector;
}

export interface SampledGroups {
  readonly count: number;
  /** Bucket start per group, ascending. */
  readonly bucketTs: Float64Array;
  /** Key id per group (keyed queries). */
  readonly groupKey: Int32Array;
  readonly keyCount: number;
  readonly values: readonly Vector[];
  /** Key values by key id. */
  readonly keyVectors: readonly Vector[];
}

/** Guards against FROM/TO ranges that would emit an absurd number of rows (buckets × keys). */
const MAX_BUCKETS = 10_000_000;

export function fillBuckets(s: SampledGroups, fills: readonly FillSpec[], clock: SampleClock, from: number | undefined, to: number | undefined, types: readonly ColumnType[]): ColumnBatch {
  const keyed = s.keyVectors.length > 0;
  const keys = keyed ? s.keyCount : 1;
  if (s.count === 0 && (from === undefined || to === undefined)) return emptyOutput(s, types);
  const first = from !== undefined ? clock.bucketOf(from) : s.bucketTs[0];
  const last = to !== undefined ? to : clock.next(s.bucketTs[s.count - 1]);
  // src: group per output row, -1 when the bucket has no data for that key.
  const src: number[] = [], outTs: number[] = [], outKey: number[] = [];
  const byKey = new Int32Array(keys);
  let g = 0, buckets = 0;
  for (let b = first; b < last; b = clock.next(b)) {
    if (++buckets > MAX_BUCKETS || src.length > MAX_BUCKETS) throw new SvcError('SAMPLE BY fill range is too large', 400);
    byKey.fill(-1);
    while (g < s.count && s.bucketTs[g] <= b) {
      if (s.bucketTs[g] === b) byKey[keyed ? s.groupKey[g] : 0] = g;
      g++;
    }
    for (let k = 0; k < keys; k++) { src.push(byKey[k]); outTs.push(b); outKey.push(k); }
  }
  const n = src.length;
  const values = s.values.map((v, a) => fillColumn(v, fills[a] ?? fills[fills.length - 1], src, outKey, keys, outTs, types[a]));
  const keyVectors = s.keyVectors.map((v) => gather(v, Int32Array.from(outKey), n));
  return { rowCount: n, vectors: [...values, { type: TIMESTAMP_TYPE, data: Float64Array.from(outTs) }, ...keyVectors] };
}

const TIMESTAMP_TYPE: ColumnType = Types.TIMESTAMP;

function emptyOutput(s: SampledGroups, types: readonly ColumnType[]): ColumnBatch {
  const values = types.map((t) => new VectorBuilder(t, 1).build());
  return { rowCount: 0, vectors: [...values, { type: TIMESTAMP_TYPE, data: new Float64Array(0) }, ...s.keyVectors.map((v) => gather(v, new Int32Array(0), 0))] };
}

function fillColumn(v: Vector, fill: FillSpec, src: readonly number[], outKey: readonly number[], keys: number, outTs: readonly number[], type: ColumnType): Vector {
  const n = src.length;
  const b = new VectorBuilder(type, Math.max(1, n), v.symbols);
  const prev = new Int32Array(keys).fill(-1);
  for (let r = 0; r < n; r++) {
    const g = src[r];
    if (g >= 0) { b.appendFrom(v, g); prev[outKey[r]] = g; continue; }
    switch (fill.mode) {
      case 'prev': if (prev[outKey[r]] >= 0) b.appendFrom(v, prev[outKey[r]]); else b.appendNull(); break;
      case 'value': b.appendFrom(fill.constant as Vector, 0); break;
      case 'linear': { const y = linear(v, src, outTs, r, keys); if (Number.isNaN(y)) b.appendNull(); else b.appendNumber(y); break; }
      default: b.appendNull();
    }
  }
  return b.build();
}

/**
 * The value on the line between the nearest real rows of the same key before and after row r (rows are
 * bucket-major, one per key, so the same key is `keys` rows away); null at the key's edges.
 */
function linear(v: Vector, src: readonly number[], outTs: readonly number[], r: number, keys: number): number {
  let a = r - keys, c = r + keys;
  while (a >= 0 && src[a] < 0) a -= keys;
  while (c < src.length && src[c] < 0) c += keys;
  if (a < 0 || c >= src.length) return NaN;
  const ya = Number(v.data[src[a]]), yc = Number(v.data[src[c]]);
  const y = ya + ((yc - ya) * (outTs[r] - outTs[a])) / (outTs[c] - outTs[a]);
  return isIntegral(v.type) ? Math.round(y) : y;
}

function isIntegral(t: ColumnType): boolean {
  return t.tag === TypeTag.INT || t.tag === TypeTag.LONG || t.tag === TypeTag.SHORT || t.tag === TypeTag.BYTE;
}
