/**
 * Random cell values for the SQL fuzzer's tables, as QuestDB stores them. A column has a profile: `edge`
 * columns mix the extremes of their type (min and max, the null sentinel's neighbour, NaN, ±Infinity,
 * −0.0, the smallest subnormal, values 1e-10 apart, the first and last representable timestamps,
 * non-BMP text) into ordinary values; `small` columns keep to a narrow range so that arithmetic and
 * equality between them meet often; `pool` columns draw from a few distinct values (group keys, join keys).
 */
import { Prng } from '../prng';
import { DECIMAL_PRECISION, DECIMAL_SCALE, FuzzTypeName, notNullable, Value } from './fuzz-types';

export type Profile = 'edge' | 'small' | 'pool';

const INT_EDGES = [-2147483647, 2147483647, 0, -1, 1, 2147483646, -2147483646, 65536, -65536];
const LONG_EDGES = [-9223372036854775807n, 9223372036854775807n, 0n, -1n, 1n, 9007199254740993n, -9007199254740993n,
  4294967296n, 2147483648n, -2147483648n];
const DOUBLE_EDGES = [NaN, Infinity, -Infinity, -0, 0, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE,
  2.2250738585072014e-308, 1e-10, 2e-10, 0.1, 0.30000000000000004, 1e15 + 0.3, 9007199254740993, -1.5, 2.5, 1e300, -1e-300];
const FLOAT_EDGES = [NaN, Infinity, -Infinity, -0, 0, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45,
  1.1754943508222875e-38, 0.1, 16777217, -2.5, 0.5, 1e-10];
const TEXT_EDGES = ['', ' ', 'a', 'A', 'Z', 'zz', 'ab\'c', 'x"y', 'a,b', 'line\nbreak', 'tab\tin', 'Жук', 'жук', 'é', '日本語',
  '😀', 'a😀b', '𝄞music', '%_%', '\\', 'null', 'NaN', '  padded  ', 'abcabcabc'];
const TEXT_CHARS = ['a', 'b', 'c', 'x', 'A', 'B', ' ', '0', '1', '_', '%', 'é', 'Ж', 'ж', '日', '😀', '𝄞', '-', '.'];
const UUID_EDGES = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '80000000-0000-0000-8000-000000000001', '7fffffff-ffff-ffff-7fff-ffffffffffff', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'];
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999Z in µs, with 1970's neighbours. */
const MICROS_EDGES = [-62135596800000000n, 253402300799999999n, 0n, -1n, 1n, 946684800000000n, 951782400000000n];
const NANOS_EDGES = [-9223372036854775000n, 9223372036854775000n, -9223372036854775807n + 1000n, 0n, -1n, 1n, 1000n, -1000n];
const DEC_MAX = 10n ** BigInt(DECIMAL_PRECISION) - 1n;

export class ValueGenerator {
  constructor(private readonly rnd: Prng) {}

  /** One stored value: QuestDB keeps NULL in a BYTE, SHORT or BOOLEAN column as 0 / false. */
  value(type: FuzzTypeName, profile: Profile, nullRate: number, pool: readonly Value[]): Value {
    if (this.rnd.chance(nullRate)) return notNullable(type) ? (type === 'BOOLEAN' ? false : 0) : null;
    if (profile === 'pool' && pool.length > 0) return this.rnd.pick(pool);
    const edge = profile === 'edge' && this.rnd.chance(0.35);
    return this.fresh(type, edge, profile === 'small' || profile === 'pool');
  }

  /** A value never drawn from a pool (pools are made of these). */
  fresh(type: FuzzTypeName, edge: boolean, small: boolean): Value {
    const r = this.rnd;
    switch (type) {
      case 'BOOLEAN': return r.chance(0.5);
      case 'BYTE': return edge ? r.pick([-128, 127, 0, -1]) : r.int(small ? -5 : -128, small ? 5 : 127);
      case 'SHORT': return edge ? r.pick([-32768, 32767, 0, -1]) : r.int(small ? -20 : -32768, small ? 20 : 32767);
      case 'INT': return edge ? r.pick(INT_EDGES) : small ? r.int(-20, 20) : r.int(-2147483647, 2147483647);
      case 'LONG': return edge ? r.pick(LONG_EDGES) : small ? BigInt(r.int(-50, 50)) : BigInt.asIntN(64, r.bits64()) || 1n;
      case 'DOUBLE': return edge ? r.pick(DOUBLE_EDGES) : small ? r.int(-40, 40) / 4 : this.double();
      case 'FLOAT': return Math.fround(edge ? r.pick(FLOAT_EDGES) : small ? r.int(-40, 40) / 4 : this.double() / 1e280);
      case 'SYMBOL': case 'VARCHAR': case 'STRING': return edge && r.chance(0.7) ? r.pick(TEXT_EDGES) : this.text(small ? 2 : edge ? 300 : 12);
      case 'CHAR': return r.pick(TEXT_CHARS.filter((c) => c.length === 1));
      case 'UUID': return edge ? r.pick(UUID_EDGES) : this.uuid();
      case 'TIMESTAMP': return this.micros(edge, small);
      case 'DATE': return this.micros(edge, small) / 1000n;
      case 'TIMESTAMP_NS': {
        // Nanoseconds since 1970 in a LONG reach 1677-09-21 to 2262-04-11 only.
        if (edge && r.chance(0.4)) return r.pick(NANOS_EDGES);
        const micros = this.micros(false, small);
        return micros * 1000n + BigInt(r.int(0, 999));
      }
      case 'DECIMAL': return this.decimal(edge, small);
    }
  }

  private double(): number {
    const r = this.rnd;
    const mantissa = r.next() * 2 - 1;
    return r.chance(0.5) ? Math.round(mantissa * 1e6) / 100 : mantissa * 10 ** r.int(-300, 300);
  }

  private text(maxLength: number): string {
    const n = this.rnd.int(1, this.rnd.chance(0.9) ? Math.min(maxLength, 12) : maxLength);
    let s = '';
    for (let i = 0; i < n; i++) s += this.rnd.pick(TEXT_CHARS);
    return s;
  }

  private uuid(): string {
    const hex = (this.rnd.bits64().toString(16).padStart(16, '0') + this.rnd.bits64().toString(16).padStart(16, '0'));
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  private micros(edge: boolean, small: boolean): bigint {
    const r = this.rnd;
    if (edge && r.chance(0.5)) return r.pick(MICROS_EDGES);
    const base = 1704067200000000n; // 2024-01-01
    if (small) return base + BigInt(r.int(0, 10)) * 3600_000_000n;
    return base + BigInt(r.int(-1_000_000_000, 1_000_000_000)) * 1_000_000n + BigInt(r.int(0, 999_999));
  }

  private decimal(edge: boolean, small: boolean): string {
    const r = this.rnd;
    let units: bigint;
    if (edge && r.chance(0.5)) units = r.pick([DEC_MAX, -DEC_MAX, 0n, 1n, -1n, 10000n]);
    else if (small) units = BigInt(r.int(-20, 20)) * 2500n;
    else units = BigInt.asIntN(64, r.bits64()) % DEC_MAX;
    return decimalText(units, DECIMAL_SCALE);
  }
}

/** `units` × 10^-scale as text with exactly `scale` digits after the point. */
export function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
}
