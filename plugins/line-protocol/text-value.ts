/**
 * An unquoted field value's type, decided by its last byte as QuestDB does (LineTcpParser.ProtoEntity):
 * `i` INTEGER (`0x…i` LONG256), `n`/`t`/`m` TIMESTAMP in ns/µs/ms, `t`/`T`/`f`/`F`/`true`/`false` BOOLEAN,
 * `d` DECIMAL, anything else a FLOAT (`NaN`, `Infinity`, `-Infinity` included, all three NULL; a number past
 * DOUBLE's range is invalid). One instance per parser
 * holds the parsed value, so classifying allocates nothing.
 */
import { NEEDS_BIGINT, parseDouble, parseInteger, PARSE_FAILED } from '../import-delimited/number-parsers';
import { DecimalRead, DecimalReader } from './decimal-reader';
import { IlpType } from './ilp-type';
import { parseMicros, parseMicrosBig, TimeUnit } from './time-unit';

const MAX_SAFE = 9007199254740991;
const MAX_LONG = 9223372036854775807n;
const MIN_LONG = -9223372036854775808n;

export class TextValue {
  type = 0;
  number = 0;
  /** INTEGER and TIMESTAMP beyond ±2^53. */
  big: bigint | undefined;
  /** LONG256 and DECIMAL: the text without its suffix ends here. */
  textEnd = 0;
  /** TIMESTAMP: whether it was given in nanoseconds (`n`), and then the nanoseconds `number` (µs) leaves out, signed. */
  nanos = false;
  sub = 0;
  private readonly decimalReader = new DecimalReader();

  /** Classifies `b[s..e)` (at least one byte); false when it is no value of any type. */
  parse(b: Uint8Array, s: number, e: number): boolean {
    const len = e - s;
    const last = b[e - 1];
    this.big = undefined;
    switch (last) {
      case 0x69: // i
        if (len > 1 && b[s + 1] !== 0x78) return this.integer(b, s, e - 1);
        if (len > 3 && b[s] === 0x30 && (b[s + 1] | 0x20) === 0x78) {
          this.type = IlpType.LONG256;
          this.textEnd = e - 1;
          return true;
        }
        return false;
      case 0x6e: // n
        return len > 1 && this.timestamp(b, s, e - 1, TimeUnit.NANOS);
      case 0x6d: // m
        return len > 1 && this.timestamp(b, s, e - 1, TimeUnit.MILLIS);
      case 0x74: // t
        if (len > 1) return this.timestamp(b, s, e - 1, TimeUnit.MICROS);
        return this.boolean(1);
      case 0x54: // T
        if (len === 1) return this.boolean(1);
        return this.word(b, s, e);
      case 0x66: case 0x46: // f F
        if (len === 1) return this.boolean(0);
        return false;
      case 0x65: case 0x45: // e E: true / false in any case
        return len > 1 && this.word(b, s, e);
      case 0x64: // d
        return this.decimal(b, s, e - 1);
      default: {
        let v = parseDouble(b, s, e);
        if (v !== v) {
          if (!isNaNWord(b, s, e)) return false;
        } else if (v === Infinity || v === -Infinity) {
          // QuestDB: the words `Infinity` and `-Infinity` are DOUBLE's NULL, like `NaN`; a number past
          // DOUBLE's range (`1e400`) is no value at all. parseDouble reads only those words as infinite.
          if (last !== 0x79) return false; // y
          v = NaN;
        }
        this.type = IlpType.FLOAT;
        this.number = v;
        return true;
      }
    }
  }

  private integer(b: Uint8Array, s: number, e: number): boolean {
    const v = parseInteger(b, s, e);
    if (v === PARSE_FAILED) return false;
    this.type = IlpType.INTEGER;
    if (v !== NEEDS_BIGINT) {
      this.number = v;
      return true;
    }
    let text = '';
    for (let k = s; k < e; k++) text += String.fromCharCode(b[k]);
    const big = BigInt(text.startsWith('+') ? text.slice(1) : text);
    if (big > MAX_LONG || big < MIN_LONG) return false;
    this.number = Number(big);
    if (big > BigInt(MAX_SAFE) || big < -BigInt(MAX_SAFE)) this.big = big;
    return true;
  }

  private timestamp(b: Uint8Array, s: number, e: number, unit: TimeUnit): boolean {
    const v = parseMicros(b, s, e, unit);
    if (v !== v) return false;
    this.type = IlpType.TIMESTAMP;
    this.number = v;
    this.nanos = unit === TimeUnit.NANOS;
    this.sub = this.nanos ? subMicros(b, s, e) : 0;
    if (v > MAX_SAFE || v < -MAX_SAFE) {
      const big = parseMicrosBig(b, s, e, unit);
      if (big === undefined || big > MAX_LONG || big < MIN_LONG) return false;
      this.big = big;
    }
    return true;
  }

  private boolean(v: number): boolean {
    this.type = IlpType.BOOLEAN;
    this.number = v;
    return true;
  }

  /** `true` / `false` in any letter case. */
  private word(b: Uint8Array, s: number, e: number): boolean {
    const n = e - s;
    if (n === 4 && (b[s] | 0x20) === 0x74 && (b[s + 1] | 0x20) === 0x72 && (b[s + 2] | 0x20) === 0x75 && (b[s + 3] | 0x20) === 0x65) {
      return this.boolean(1);
    }
    if (n === 5 && (b[s] | 0x20) === 0x66 && (b[s + 1] | 0x20) === 0x61 && (b[s + 2] | 0x20) === 0x6c
      && (b[s + 3] | 0x20) === 0x73 && (b[s + 4] | 0x20) === 0x65) {
      return this.boolean(0);
    }
    return false;
  }

  /** `<number>d`: a decimal of at most 76 digits, in plain or exponent notation (NaN and Infinity are its null). */
  private decimal(b: Uint8Array, s: number, e: number): boolean {
    if (e <= s) return false;
    const r = this.decimalReader.read(b, s, e, -1, -1, true);
    if (r !== DecimalRead.VALUE && r !== DecimalRead.NULL) return false;
    this.type = IlpType.DECIMAL;
    this.textEnd = e;
    return true;
  }
}

/** The last three digits of `[-]digits` at `b[s..e)`, with its sign: the nanoseconds a µs value truncates away. */
function subMicros(b: Uint8Array, s: number, e: number): number {
  const neg = b[s] === 0x2d;
  let n = 0;
  for (let k = Math.max(neg ? s + 1 : s, e - 3); k < e; k++) n = n * 10 + (b[k] - 0x30);
  return neg ? -n : n;
}

function isNaNWord(b: Uint8Array, s: number, e: number): boolean {
  return e - s === 3 && b[s] === 0x4e && b[s + 1] === 0x61 && b[s + 2] === 0x4e;
}
