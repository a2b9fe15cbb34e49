/**
 * The ASOF / LT merge cursor of asof-join.ts when either side's timestamp is a TIMESTAMP_NS: both sides
 * are keyed by (µs, ns within the µs) (core/data/nanos-split.ts; a TIMESTAMP row has 0 ns within), so a
 * nanosecond table joins a microsecond one in one unit and nanoseconds beyond 2^53 compare exactly.
 */
import { ColumnType, TypeTag } from '../../data/column-type';
import { splitNanosVector } from '../../data/nanos-split';
import { Vector } from '../../data/vector';

/** µs keys and ns within of `n` rows of a TIMESTAMP or TIMESTAMP_NS vector. */
export interface NanosKeys {
  readonly micros: Float64Array;
  readonly sub: Uint16Array;
}

export function nanosKeys(v: Vector, n: number): NanosKeys {
  if (v.type.tag !== TypeTag.TIMESTAMP_NS) return { micros: v.data as Float64Array, sub: new Uint16Array(n) };
  const micros = new Float64Array(n);
  const sub = new Uint16Array(n);
  splitNanosVector(v, 0, n, micros, sub, 0);
  return { micros, sub };
}

export function isNanos(t: ColumnType): boolean {
  return t.tag === TypeTag.TIMESTAMP_NS;
}

export class AsofNanosCursor {
  private p = 0;
  private lastAny = -1;
  private last: Int32Array;
  /** TOLERANCE in ns. */
  private readonly toleranceNs: number;

  constructor(private readonly right: NanosKeys, private readonly rn: number, private readonly rkeys: Int32Array | undefined,
    private readonly strict: boolean, toleranceMicros: number, keys: number) {
    this.last = new Int32Array(Math.max(16, keys)).fill(-1);
    this.toleranceNs = toleranceMicros * 1000;
  }

  reserveKeys(keys: number): void {
    if (this.last.length >= keys) return;
    const l = new Int32Array(keys * 2).fill(-1);
    l.set(this.last);
    this.last = l;
  }

  /** Unkeyed (`lkeys` undefined) or keyed matches of `n` left rows into `out` (-1: none). */
  match(left: NanosKeys, lkeys: Int32Array | undefined, n: number, out: Int32Array): void {
    const { micros: rts, sub: rsub } = this.right;
    const rkeys = this.rkeys, last = this.last, rn = this.rn, strict = this.strict;
    let p = this.p, lastAny = this.lastAny;
    for (let i = 0; i < n; i++) {
      const t = left.micros[i], s = left.sub[i];
      while (p < rn && (rts[p] < t || (rts[p] === t && (strict ? rsub[p] < s : rsub[p] <= s)))) {
        if (rkeys) last[rkeys[p]] = p;
        p++;
      }
      lastAny = p - 1;
      const m = lkeys ? last[lkeys[i]] : lastAny;
      out[i] = m >= 0 && (t - rts[m]) * 1000 + (s - rsub[m]) <= this.toleranceNs ? m : -1;
    }
    this.p = p;
    this.lastAny = lastAny;
  }
}
