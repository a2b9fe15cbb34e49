/**
 * The fast path of TimestampPattern for patterns where every field has a fixed width, such as the
 * bench's `yyyy-MM-ddTHH:mm:ss.SSSUUUZ`: offsets are known at compile time, so a parse is one length
 * check and digit loops at fixed places. Imports are mostly sorted, so consecutive values share their
 * date and time down to the second: the bytes before the trailing fraction (the prefix) are compared
 * with the last value's, four at a time through a DataView, and when they match only the fraction digits
 * are read; both steps are straight-line code generated for the layout (fixed-layout-code.ts). A value it
 * cannot take returns NaN and the general parser decides.
 */
import { SameWords, sameWordsCode, TailMicros, tailMicrosCode } from './fixed-layout-code';
import { daysFromCivil, daysInMonth } from './iso-timestamp';
import { Field, PatternStep } from './timestamp-pattern-steps';

const MICROS_PER_DAY = 86_400_000_000;
const FIXED_FIELDS = new Set<Field>([
  Field.Year, Field.Year2, Field.Month, Field.Day, Field.Hour, Field.Minute, Field.Second, Field.Milli, Field.Micro, Field.Nano,
]);
/** µs per unit of a fraction field's value (nanoseconds below a microsecond are dropped). */
const FRACTION_MICROS = new Map<Field, number>([[Field.Milli, 1000], [Field.Micro, 1], [Field.Nano, 0]]);

/** Byte offsets and widths of a pattern's numeric fields and literal bytes. */
interface Layout {
  readonly length: number;
  readonly numOffset: number[];
  readonly numWidth: number[];
  readonly numField: Field[];
  readonly litOffset: number[];
  readonly litByte: number[];
}

function layoutOf(steps: readonly PatternStep[]): Layout | undefined {
  const l: Layout = { length: 0, numOffset: [], numWidth: [], numField: [], litOffset: [], litByte: [] };
  let at = 0;
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i];
    if (st.field === Field.Literal && st.literal) {
      st.literal.forEach((byte, k) => { l.litOffset.push(at + k); l.litByte.push(byte); });
      at += st.literal.length;
    } else if (st.field === Field.Zone && i === steps.length - 1) {
      l.litOffset.push(at); l.litByte.push(0x5a); at += 1;
    } else if (FIXED_FIELDS.has(st.field) && st.min === st.max) {
      l.numOffset.push(at); l.numWidth.push(st.min); l.numField.push(st.field); at += st.min;
    } else {
      return undefined;
    }
  }
  return at > 0 ? { ...l, length: at } : undefined;
}

export class FixedLayout {
  private lastDayKey = -1;
  private lastDays = 0;
  /** The last value's prefix bytes and its µs without the fraction; `hasLast` once a value parsed. */
  private hasLast = false;
  private lastBase = 0;
  private readonly lastPrefix: Uint8Array;
  /**
   * The prefix as little-endian int32 words at `wordOffset` (every 4 bytes, the last one overlapping so it
   * ends with the prefix; none for a prefix under 4 bytes, compared bytewise), and the last value's words.
   */
  private readonly wordOffset: Int32Array;
  private readonly lastWords: Int32Array;
  private readonly sameWords: SameWords;
  private readonly tailMicros: TailMicros;
  /** A DataView on the last bytes parsed (one per chunk, not per value). */
  private viewed: Uint8Array | undefined;
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  private readonly scratch = new Float64Array(1);

  private constructor(
    readonly length: number,
    private readonly numOffset: Int32Array,
    private readonly numWidth: Int32Array,
    private readonly numField: Int32Array,
    private readonly litOffset: Int32Array,
    private readonly litByte: Uint8Array,
    /** Bytes before the trailing fraction fields and literals. */
    prefixLength: number,
    /** The tail: one entry per fraction digit (offset, µs per unit), and its literal bytes. */
    tailDigit: readonly number[],
    tailMicros: readonly number[],
    tailLitOffset: readonly number[],
    tailLitByte: readonly number[],
  ) {
    this.lastPrefix = new Uint8Array(prefixLength);
    const offsets: number[] = [];
    if (prefixLength >= 4) {
      for (let o = 0; o + 4 <= prefixLength; o += 4) offsets.push(o);
      if (prefixLength % 4 !== 0) offsets.push(prefixLength - 4);
    }
    this.wordOffset = Int32Array.from(offsets);
    this.lastWords = new Int32Array(offsets.length);
    this.sameWords = sameWordsCode(offsets);
    this.tailMicros = tailMicrosCode(tailLitOffset, tailLitByte, tailDigit, tailMicros);
  }

  /** A layout when every step is fixed-width (a zone only as a final `Z`), else undefined. */
  static of(steps: readonly PatternStep[]): FixedLayout | undefined {
    const l = layoutOf(steps);
    if (!l) return undefined;
    let prefixLength = 0;
    l.numField.forEach((f, i) => { if (!FRACTION_MICROS.has(f)) prefixLength = l.numOffset[i] + l.numWidth[i]; });
    const tailDigit: number[] = []; const tailMicros: number[] = [];
    l.numField.forEach((f, i) => {
      const unit = FRACTION_MICROS.get(f);
      if (unit === undefined) return;
      for (let k = 0, w = l.numWidth[i]; k < w; k++) { tailDigit.push(l.numOffset[i] + k); tailMicros.push(unit * 10 ** (w - 1 - k)); }
    });
    const tail = l.litOffset.map((o, i) => i).filter((i) => l.litOffset[i] >= prefixLength);
    return new FixedLayout(l.length, Int32Array.from(l.numOffset), Int32Array.from(l.numWidth), Int32Array.from(l.numField),
      Int32Array.from(l.litOffset), Uint8Array.from(l.litByte), prefixLength, tailDigit, tailMicros,
      tail.map((i) => l.litOffset[i]), tail.map((i) => l.litByte[i]));
  }

  parse(b: Uint8Array, s: number, e: number): number {
    return this.parseInto(b, s, e, this.scratch, 0) ? this.scratch[0] : NaN;
  }

  /**
   * Stores the value's µs at `out[at]` and returns true, or returns false (NaN for `parse`). The value
   * never leaves this frame as a number: a µs timestamp is no small integer, so returning one from a call
   * that is not inlined allocates a heap number per value (~40 bytes a row of garbage in an import).
   */
  parseInto(b: Uint8Array, s: number, e: number, out: Float64Array, at: number): boolean {
    if (e - s !== this.length) return false;
    if (this.hasLast && this.samePrefix(b, s)) {
      const fraction = this.tailMicros(b, s);
      if (fraction < 0) return false;
      out[at] = this.lastBase + fraction;
      return true;
    }
    const v = this.parseFields(b, s);
    if (v !== v) return false;
    out[at] = v;
    return true;
  }

  /** Compared from the end: sorted values differ first in their seconds, so a miss costs a word. */
  private samePrefix(b: Uint8Array, s: number): boolean {
    const offset = this.wordOffset;
    if (offset.length === 0) {
      const last = this.lastPrefix;
      for (let k = last.length - 1; k >= 0; k--) if (b[s + k] !== last[k]) return false;
      return true;
    }
    return this.sameWords(this.viewOf(b), s, this.lastWords);
  }

  private viewOf(b: Uint8Array): DataView<ArrayBufferLike> {
    if (b !== this.viewed) {
      this.viewed = b;
      this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    }
    return this.view;
  }

  private parseFields(b: Uint8Array, s: number): number {
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
    const base = this.lastDays * MICROS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1_000_000;
    const last = this.lastPrefix;
    for (let k = 0; k < last.length; k++) last[k] = b[s + k];
    const offset = this.wordOffset;
    if (offset.length > 0) {
      const view = this.viewOf(b);
      for (let i = 0; i < offset.length; i++) this.lastWords[i] = view.getInt32(s + offset[i], true);
    }
    this.lastBase = base;
    this.hasLast = true;
    return base + fraction;
  }
}
