/**
 * Reading the table back over the PostgreSQL wire protocol: in text format with node-postgres (the raw
 * strings, no type parsing), and in binary format (pg-binary-query.ts), decoded here by type OID (bool,
 * int2/4/8, float4/8, text types, timestamp from 2000-01-01, uuid, numeric, float8 arrays).
 */
import { OutputReader, selectAll } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { arrayCanon, decimalCanon, doubleCanon } from '../rt-values';
import { pgClient } from '../ingest/ingest-pg';
import { fromText } from './text-canon';
import { binaryQuery } from './pg-binary-query';

const PG_EPOCH_MICROS = 946684800000000n;
const RAW = { getTypeParser: () => (v: unknown): unknown => v };

export const pgTextOut: OutputReader = {
  name: 'pg-text',
  async read(ctx, t) {
    const client = await pgClient(ctx);
    try {
      const r = await client.query({ text: selectAll(t), rowMode: 'array', types: RAW } as never) as unknown as { rows: (string | null)[][] };
      return r.rows.map((row) => t.columns.map((c, ci) => fromText(c, row[ci + 2] ?? null)));
    } finally {
      await client.end();
    }
  },
};

function numeric(b: Buffer): string {
  const n = b.readInt16BE(0), weight = b.readInt16BE(2), sign = b.readUInt16BE(4), dscale = b.readInt16BE(6);
  if (sign === 0xc000) return 'NaN';
  let int = '', frac = '';
  for (let k = 0; k < n; k++) {
    const d = String(b.readInt16BE(8 + 2 * k)).padStart(4, '0');
    if (k <= weight) int += d; else frac += d;
  }
  for (let k = n; k <= weight; k++) int += '0000';
  if (weight < -1) frac = '0000'.repeat(-1 - weight) + frac;
  frac = frac.padEnd(dscale, '0').slice(0, Math.max(dscale, 0));
  int = int.replace(/^0+(?=\d)/, '') || '0';
  return `${sign === 0x4000 ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

function arrayOf(b: Buffer): unknown {
  const dims = b.readInt32BE(0);
  const sizes: number[] = [];
  for (let k = 0; k < dims; k++) sizes.push(b.readInt32BE(12 + 8 * k));
  let at = 12 + 8 * dims;
  const next = (): number | null => {
    const len = b.readInt32BE(at);
    at += 4;
    if (len < 0) return null;
    const x = b.readDoubleBE(at);
    at += len;
    return x;
  };
  const build = (d: number): unknown[] => Array.from({ length: sizes[d] ?? 0 }, () => (d === dims - 1 ? next() : build(d + 1)));
  return dims === 0 ? [] : build(0);
}

function fromBinary(c: RtColumn, oid: number, v: unknown): string | null {
  if (v === null || v === undefined) return fromText(c, null);
  const b = Buffer.isBuffer(v) ? v : Buffer.from(String(v), 'utf8');
  switch (oid) {
    case 16: return b[0] ? 'true' : 'false';
    case 21: return fromText(c, String(b.readInt16BE(0)));
    case 23: return fromText(c, String(b.readInt32BE(0)));
    case 20: return fromText(c, String(b.readBigInt64BE(0)));
    case 700: return doubleCanon(b.readFloatBE(0));
    case 701: return doubleCanon(c.kind === 'float' ? Math.fround(b.readDoubleBE(0)) : b.readDoubleBE(0));
    case 1114: case 1184: {
      const micros = b.readBigInt64BE(0) + PG_EPOCH_MICROS;
      const per = c.kind === 'date' ? 1000n : c.kind === 'timestamp_ns' ? 1n : 1n;
      if (c.kind === 'timestamp_ns') return (micros * 1000n).toString();
      let q = micros / per;
      if (micros % per !== 0n && micros < 0n) q -= 1n;
      return q.toString();
    }
    case 2950: {
      const hex = b.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }
    case 1700: return decimalCanon(numeric(b));
    case 1022: return arrayCanon(arrayOf(b));
    default: return fromText(c, b.toString('utf8'));
  }
}

export const pgBinaryOut: OutputReader = {
  name: 'pg-binary',
  async read(ctx, t) {
    const { rows, oids } = await binaryQuery(ctx.host, ctx.pgPort, selectAll(t));
    return rows.map((r) => t.columns.map((c, ci) => fromBinary(c, oids[ci + 2], r[ci + 2])));
  },
};
