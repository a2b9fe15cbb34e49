/**
 * The columns of the round-trip table: one per type svc stores, with every geohash precision (1..12
 * characters, 1..60 bits), decimals at their precision and scale limits, and DOUBLE arrays of one and two
 * dimensions. Each column has a kind, which decides how its values are written and read back.
 */
export type Kind =
  | 'bool' | 'byte' | 'short' | 'int' | 'long' | 'float' | 'double' | 'date' | 'timestamp' | 'timestamp_ns'
  | 'symbol' | 'string' | 'varchar' | 'char' | 'uuid' | 'ipv4' | 'long256' | 'geohash' | 'decimal' | 'array';

export interface RtColumn {
  readonly name: string;
  /** svc's DDL type. */
  readonly type: string;
  readonly kind: Kind;
  /** GEOHASH: its precision in bits, and whether it was declared in characters (prints as text). */
  readonly bits?: number;
  readonly chars?: boolean;
  /** DECIMAL(precision, scale). */
  readonly precision?: number;
  readonly scale?: number;
  /** DOUBLE[] … dimensions. */
  readonly dims?: number;
}

const SIMPLE: readonly (readonly [string, string, Kind])[] = [
  ['b', 'BOOLEAN', 'bool'], ['by', 'BYTE', 'byte'], ['sh', 'SHORT', 'short'], ['i', 'INT', 'int'], ['l', 'LONG', 'long'],
  ['f', 'FLOAT', 'float'], ['d', 'DOUBLE', 'double'], ['dt', 'DATE', 'date'], ['t', 'TIMESTAMP', 'timestamp'],
  ['tn', 'TIMESTAMP_NS', 'timestamp_ns'], ['s', 'SYMBOL', 'symbol'], ['st', 'STRING', 'string'], ['v', 'VARCHAR', 'varchar'],
  ['c', 'CHAR', 'char'], ['u', 'UUID', 'uuid'], ['ip', 'IPV4', 'ipv4'], ['l256', 'LONG256', 'long256'],
];

/** DECIMAL shapes at the limits: the narrowest, DECIMAL64's and DECIMAL128's largest, the widest. */
const DECIMALS: readonly (readonly [number, number])[] = [[1, 0], [18, 4], [18, 18], [38, 10], [76, 0], [76, 38]];

export function rtColumns(): RtColumn[] {
  const out: RtColumn[] = SIMPLE.map(([name, type, kind]) => ({ name, type, kind }));
  for (const [p, s] of DECIMALS) out.push({ name: `dec${p}_${s}`, type: `DECIMAL(${p},${s})`, kind: 'decimal', precision: p, scale: s });
  for (let c = 1; c <= 12; c++) out.push({ name: `g${c}c`, type: `GEOHASH(${c}c)`, kind: 'geohash', bits: 5 * c, chars: true });
  for (let b = 1; b <= 60; b++) out.push({ name: `g${b}b`, type: `GEOHASH(${b}b)`, kind: 'geohash', bits: b, chars: false });
  out.push({ name: 'a1', type: 'DOUBLE[]', kind: 'array', dims: 1 }, { name: 'a2', type: 'DOUBLE[][]', kind: 'array', dims: 2 });
  return out;
}
