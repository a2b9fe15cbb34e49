/**
 * Column type probes: for each column the first probe that accepts every
 * non-blank sampled value wins — CHAR (one non-digit character), INT (32-bit, INT_MIN excluded), LONG,
 * DOUBLE (also `NaN`, `Infinity`, `-Infinity`), BOOLEAN, LONG256 (`0x…`), then date formats (→ DATE: `yyyy-MM-dd HH:mm:ss`, ISO with milliseconds, `MM/dd/yyyy`,
 * `yyyy-MM-dd`), then timestamp formats (→ TIMESTAMP: ISO with microseconds and QuestDB's list).
 * No probe → VARCHAR; an all-blank column → VARCHAR.
 */
import { ColumnType, Types } from '../../core/data/column-type';
import { timestampPattern } from '../../core/time/timestamp-pattern';

export interface DetectedType {
  readonly type: ColumnType;
  /** DATE / TIMESTAMP: the pattern that accepted every value. */
  readonly pattern?: string;
}

export const DATE_FORMATS: readonly string[] = [
  'yyyy-MM-dd HH:mm:ss', 'yyyy-MM-ddTHH:mm:ss.SSSZ', 'yyyy-MM-ddTHH:mm:ss.SSSz', 'MM/dd/yyyy', 'yyyy-MM-dd',
];

export const TIMESTAMP_FORMATS: readonly string[] = [
  'yyyy-MM-ddTHH:mm:ss.SSSUUUZ', 'yyyy-MM-ddTHH:mm:ss.U+Z', 'yyyy-MM-ddTHH:mm:ss.U+', 'yyyy-MM-ddTHH:mm:ssZ',
  'yyyy-MM-ddTHH:mm:ss', 'yyyy-MM-dd HH:mm:ss.U+', 'yyyy-MM-dd HH:mm:ss.U+Z', 'yyyy-MM-dd HH:mm:ss,U+',
  'dd MMM yyyy HH:mm:ss', 'dd/MMM/yyyy:HH:mm:ss Z', 'M/d/y h:m:s a', 'yyyyMMdd HH:mm:ss.U+',
];

const INT_RE = /^[+-]?\d+$/;
const DOUBLE_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;

type Probe = (v: string) => boolean;

const PROBES: readonly { readonly probe: Probe; readonly detected: DetectedType }[] = [
  { probe: (v) => v.length === 1 && !(v >= '0' && v <= '9'), detected: { type: Types.CHAR } },
  { probe: (v) => INT_RE.test(v) && Number(v) > -2147483648 && Number(v) <= 2147483647, detected: { type: Types.INT } },
  { probe: (v) => INT_RE.test(v) && BigInt(v.replace('+', '')) > LONG_MIN && BigInt(v.replace('+', '')) <= LONG_MAX, detected: { type: Types.LONG } },
  // QuestDB's DOUBLE probe also takes NaN, Infinity and -Infinity, case-sensitive (NaN is stored as null).
  { probe: (v) => DOUBLE_RE.test(v) || v === 'NaN' || v === 'Infinity' || v === '-Infinity', detected: { type: Types.DOUBLE } },
  { probe: (v) => /^(true|false)$/i.test(v), detected: { type: Types.BOOLEAN } },
  { probe: (v) => /^0x[0-9a-fA-F]{1,64}$/.test(v), detected: { type: Types.LONG256 } },
  ...DATE_FORMATS.map((f) => ({ probe: patternProbe(f), detected: { type: Types.DATE, pattern: f } })),
  ...TIMESTAMP_FORMATS.map((f) => ({ probe: patternProbe(f), detected: { type: Types.TIMESTAMP, pattern: f } })),
];

function patternProbe(format: string): Probe {
  const p = timestampPattern(format);
  return (v) => !Number.isNaN(p.parseString(v));
}

const VARCHAR: DetectedType = { type: Types.VARCHAR };

/** The type of one column over `rows[from..]` (`column` index; short rows count as blank). */
export function detectColumnType(rows: readonly (readonly string[])[], column: number, from: number): DetectedType {
  let alive = PROBES.map(() => true);
  let values = 0;
  for (let r = from; r < rows.length; r++) {
    const v = rows[r][column];
    if (v === undefined || v === '') continue;
    values++;
    let any = false;
    alive = alive.map((ok, i) => {
      const keep = ok && PROBES[i].probe(v);
      any ||= keep;
      return keep;
    });
    if (!any) return VARCHAR;
  }
  if (values === 0) return VARCHAR;
  const first = alive.indexOf(true);
  return first < 0 ? VARCHAR : PROBES[first].detected;
}

/** VARCHAR and CHAR count as "not typed" when deciding whether line 1 is a header. */
export function isTextual(t: DetectedType): boolean {
  return t.type === Types.VARCHAR || t.type === Types.CHAR;
}
