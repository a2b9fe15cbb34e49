/**
 * A value as text, the form a CSV field, an NDJSON string or a PostgreSQL text parameter carries: the way
 * /exec prints it (ISO timestamps with the type's digits, `NaN`/`Infinity`, a geohash of bits as the
 * characters that hold them), and as a SQL literal for INSERT.
 */
import { isoText } from '../sql/literals';
import { RtColumn } from './rt-columns';
import { Model } from './rt-values';

const GEO = '0123456789bcdefghjkmnpqrstuvwxyz';

export function floatText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return '-0.0';
  const s = String(x);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** Bits → the geohash characters holding them (the last character padded with zero bits). */
export function bitsToChars(bits: string): string {
  const padded = bits.padEnd(Math.ceil(bits.length / 5) * 5, '0');
  let out = '';
  for (let i = 0; i < padded.length; i += 5) out += GEO[parseInt(padded.slice(i, i + 5), 2)];
  return out;
}

export function arrayText(a: unknown): string {
  return Array.isArray(a) ? `[${a.map(arrayText).join(',')}]` : floatText(a as number);
}

/** The text of a non-null value. */
export function textOf(c: RtColumn, v: Model): string {
  switch (c.kind) {
    case 'float': case 'double': return floatText(v as number);
    case 'date': return isoText(v as bigint, 3);
    case 'timestamp': return isoText(v as bigint, 6);
    case 'timestamp_ns': return isoText(v as bigint, 9);
    case 'geohash': return c.chars ? String(v) : bitsToChars(String(v));
    case 'array': return arrayText(v);
    default: return String(v);
  }
}

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The SQL literal INSERT writes (null as NULL; a FLOAT's specials through text, as a DOUBLE's would be NULL). */
export function sqlLiteral(c: RtColumn, v: Model): string {
  if (v === null) return 'null';
  switch (c.kind) {
    case 'bool': return String(v);
    case 'byte': case 'short': case 'int': return String(v);
    case 'long': return `${v}L`;
    case 'float': case 'double': {
      const x = v as number;
      if (!Number.isFinite(x)) return `cast('${floatText(x)}' as ${c.kind})`;
      return c.kind === 'float' ? `cast(${floatText(x)} as float)` : floatText(x);
    }
    case 'decimal': return `${v}m`;
    case 'long256': return `cast(${quote(String(v))} as long256)`;
    case 'geohash': return c.chars ? `#${v}` : `##${v}`;
    case 'array': return `ARRAY${arrayText(v)}`;
    default: return quote(textOf(c, v));
  }
}
