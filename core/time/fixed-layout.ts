/**
 * The fast path of TimestampPattern for patterns where every field has a fixed width, such as the
 * bench's `yyyy-MM-ddTHH:mm:ss.SSSUUUZ`: offsets are known at compile time, so a parse is one length
 * check, digit loops at fixed places and a cached day number (imports are mostly sorted, so consecutive
 * values share their day). A value it cannot take returns NaN and the general parser decides.
 */
import { daysFromCivil, daysInMonth } from './iso-timestamp';
import { Field, PatternStep } from './timestamp-pattern-steps';

const MICROS_PER_DAY = 86_400_000_000;
const FIXED_FIELDS = new Set<Field>([
  Field.Year, Field.Year2, Field.Month, Field.Day, Field.Hour, Field.Minute, Field.Second, Field.Milli, Field.Micro, Field.Nano,
]);

export class FixedLayout {
  private lastDayKey = -1;
  private lastDays = 0;

  private constructor(
    readonly length: number,
    private readonly numOffset: Int32Array,
    private readonly numWidth: Int32Array,
    private readonly numField: Int32Array,
    private readonly litOffset: Int32Array,
    private readonly litByte: Uint8Array,
  ) {}

  /** A layout when every step is fixed-width (a zone only as a final `Z`), else undefined. */
  static of(steps: readonly PatternStep[]): FixedLayout | undefined {
    const numOffset: number[] = []; const numWidth: number[] = []; const numField: number[] = [];
    const litOffset: number[] = []; const litByte: number[] = [];
    let at = 0;
    steps.forEach((st, i) => {
      if (st.field === Field.Literal && st.literal) {
        st.literal.forEach((byte, k) => { litOffset.push(at + k); litByte.push(byte); });
        at += st.literal.length;
      } else if (st.field === Field.Zone && i === steps.length - 1) {
        litOffset.push(at); litByte.push(0x5a); at += 1;
      } else if (FIXED_FIELDS.has(st.field) && st.min === st.max) {
        numOffset.push(at); numWidth.push(st.min); numField.push(st.field); at += st.min;
      } else {
        at = -1e9;
      }
    });
    if (at <= 0) return undefined;
    return new FixedLayout(at, Int32Array.from(numOffset), Int32Array.from(numWidth), Int32Array.from(numField),
      Int32Array.from(litOffset), Uint8Array.from(litByte));
  }

  parse(b: Uint8Array, s: number, e: number): number {
    if (e - s !== this.length) return NaN;
    const litOffset = this.litOffset;
    for (let i = 0; i < litOffset.length; i++) if (b[s + litOffset[i]] !== this.litByte[i]) return NaN;
    let year = 1970; let month = 1; let day = 1; let hour = 0; let minute = 0; let second = 0; let fraction = 0;
    const numOffset = this.numOffset;
    for (let i = 0; i < numOffset.length; i++) {
      let n = 0;
      const o = s + numOffset[i];
      for (let k = 0, w = this.numWidth[i]; k < w; k++) {
        const d = b[o + k] - 48;
        if (d < 0 || d > 9) return NaN;
        n = n * 10 + d;
      }
      switch (this.numField[i]) {
        case Field.Year: year = n; break;
        case Field.Year2: year = 2000 + n; break;
        case Field.Month: month = n; break;
        case Field.Day: day = n; break;
        case Field.Hour: hour = n; break;
        case Field.Minute: minute = n; break;
        case Field.Second: second = n; break;
        case Field.Milli: fraction += n * 1000; break;
        case Field.Micro: fraction += n; break;
        default: break;
      }
    }
    const key = (year * 16 + month) * 32 + day;
    if (key !== this.lastDayKey) {
      if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
      this.lastDays = daysFromCivil(year, month, day);
      this.lastDayKey = key;
    }
    if (hour > 23 || minute > 59 || second > 59) return NaN;
    return this.lastDays * MICROS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1_000_000 + fraction;
  }
}
