/**
 * Bucket numbering for SAMPLE BY: rows of time-ordered batches get the group of
 * their bucket (and key). Kept out of the operator's async generator so V8 optimises the loops.
 */
import { SampleClock } from '../../time/sample-clock';
import { lowerBound } from '../../data/sorted-search';

/**
 * Numbers rows by bucket (and key). Kept out of the async generator so V8 optimises the loops;
 * state lives in fields and is copied to locals around each loop.
 */
export class BucketAssigner {
  clock: SampleClock | undefined;
  bucketTs = new Float64Array(1024);
  groupKey = new Int32Array(1024);
  count = 0;
  private stamp = new Int32Array(0);
  private slot = new Int32Array(0);
  private ordinal = 0;
  private lo = Infinity;
  private hi = -Infinity;
  private current = -1;
  private readonly from: number;
  private readonly to: number;

  constructor(private readonly makeClock: (first: number) => SampleClock, private readonly origin: number | undefined, to: number | undefined, keyed: boolean) {
    this.from = origin ?? -Infinity;
    this.to = to ?? Infinity;
    if (!keyed) this.groupKey = new Int32Array(0);
  }

  reserveKeys(keys: number): void {
    if (this.stamp.length >= keys) return;
    const grown = Math.max(keys, this.stamp.length * 2);
    const s2 = new Int32Array(grown), l2 = new Int32Array(grown);
    s2.set(this.stamp); l2.set(this.slot);
    this.stamp = s2; this.slot = l2;
  }

  /** Moves to the bucket holding `t`. */
  private enter(t: number): void {
    const clock = (this.clock ??= this.makeClock(this.origin ?? t));
    this.lo = clock.bucketOf(t);
    this.hi = clock.next(this.lo);
    this.ordinal++;
    this.current = -1;
  }

  /** Runs of the last `assign`: rows [runStart[r], runEnd[r]) belong to group runGroup[r]. */
  runStart = new Int32Array(16);
  runEnd = new Int32Array(16);
  runGroup = new Int32Array(16);
  runCount = 0;

  /**
   * Non-keyed: one group per bucket. The input is ordered by time, so each bucket's rows are found by
   * binary search and recorded as runs (and in `groups` when given). Returns true when rows fell outside FROM/TO.
   */
  assign(ts: Float64Array, n: number, groups?: Int32Array): boolean {
    const from = this.from, to = this.to;
    let skipped = false;
    this.runCount = 0;
    for (let i = 0; i < n;) {
      const t = ts[i];
      if (t < from) { const j = Math.max(i + 1, lowerBound(ts, i, n, from)); groups?.fill(-1, i, j); skipped = true; i = j; continue; }
      if (t >= to) { groups?.fill(-1, i, n); skipped = true; break; }
      if (t >= this.hi || t < this.lo) {
        this.enter(t);
        this.current = this.count++;
        if (this.bucketTs.length <= this.current) this.bucketTs = grow64(this.bucketTs);
        this.bucketTs[this.current] = this.lo;
      }
      const end = Math.max(i + 1, lowerBound(ts, i, n, Math.min(this.hi, to)));
      groups?.fill(this.current, i, end);
      this.pushRun(i, end, this.current);
      i = end;
    }
    return skipped;
  }

  private pushRun(a: number, b: number, g: number): void {
    if (this.runCount === this.runStart.length) {
      const m = this.runCount * 2;
      const s2 = new Int32Array(m), e2 = new Int32Array(m), g2 = new Int32Array(m);
      s2.set(this.runStart); e2.set(this.runEnd); g2.set(this.runGroup);
      this.runStart = s2; this.runEnd = e2; this.runGroup = g2;
    }
    this.runStart[this.runCount] = a;
    this.runEnd[this.runCount] = b;
    this.runGroup[this.runCount++] = g;
  }

  /** Keyed: one group per (bucket, key id). */
  assignKeyed(ts: Float64Array, keyIds: Int32Array, n: number, groups: Int32Array): boolean {
    const from = this.from, to = this.to;
    let skipped = false;
    for (let i = 0; i < n;) {
      const t = ts[i];
      if (t < from) { const j = Math.max(i + 1, lowerBound(ts, i, n, from)); groups.fill(-1, i, j); skipped = true; i = j; continue; }
      if (t >= to) { groups.fill(-1, i, n); skipped = true; break; }
      if (t >= this.hi || t < this.lo) this.enter(t);
      const end = Math.max(i + 1, lowerBound(ts, i, n, Math.min(this.hi, to)));
      this.keyRun(keyIds, i, end, groups);
      i = end;
    }
    return skipped;
  }

  /** Rows [a, b) of one bucket: a key's first row in the bucket opens its group. */
  private keyRun(keyIds: Int32Array, a: number, b: number, groups: Int32Array): void {
    const stamp = this.stamp, slot = this.slot, ordinal = this.ordinal;
    for (let i = a; i < b; i++) {
      const k = keyIds[i];
      if (stamp[k] !== ordinal) this.open(k);
      groups[i] = slot[k];
    }
  }

  private open(k: number): void {
    this.stamp[k] = this.ordinal;
    const g = (this.slot[k] = this.count++);
    if (this.groupKey.length <= g) { this.groupKey = grow32(this.groupKey); this.bucketTs = grow64(this.bucketTs); }
    this.groupKey[g] = k;
    this.bucketTs[g] = this.lo;
  }
}

function grow64(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(Math.max(1024, a.length * 2));
  b.set(a);
  return b;
}

function grow32(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(1024, a.length * 2));
  b.set(a);
  return b;
}
