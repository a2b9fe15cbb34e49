/**
 * A TIMESTAMP (µs), DATE (ms) or TIMESTAMP_NS (ns) value as seconds since 1970 and the µs within that
 * second (0 to 999,999; nanoseconds rounded down), PostgreSQL's `timestamp` precision. The split is exact
 * for every 64-bit value: beyond 2^53 it reads the vector's exact words (int64-words.ts), where a double
 * of µs would round 9999-12-31T23:59:59.999999 to the next second.
 */
import { TypeTag } from '../../core/data/column-type';
import { Vector } from '../../core/data/vector';
import { divideWords, Int64Words } from './int64-words';

export class TimeSeconds {
  /** Results of the last split(): scratch fields, so no object is made per row. */
  seconds = 0;
  micros = 0;
  private readonly perSecond: number;
  private readonly data: Vector['data'];
  private readonly words: Int64Words | undefined;
  private readonly parts = new Float64Array(2);

  constructor(v: Vector) {
    this.perSecond = v.type.tag === TypeTag.DATE ? 1000 : v.type.tag === TypeTag.TIMESTAMP_NS ? 1_000_000_000 : 1_000_000;
    this.data = v.data;
    this.words = v.exact ? new Int64Words(v.exact) : undefined;
  }

  /** Splits row i (not NULL) into `seconds` and `micros`. */
  split(i: number): void {
    const per = this.perSecond, words = this.words;
    let within: number;
    if (words) {
      divideWords(words.hi(i), words.lo(i), per, this.parts);
      this.seconds = this.parts[0];
      within = this.parts[1];
    } else {
      // Below 2^53 the double is the value, and its quotient by 10^3, 10^6 or 10^9 rounds correctly.
      const x = this.data[i];
      const s = Math.floor(x / per);
      this.seconds = s;
      within = x - s * per;
    }
    this.micros = per === 1_000_000 ? within : per === 1000 ? within * 1000 : Math.floor(within / 1000);
  }
}
