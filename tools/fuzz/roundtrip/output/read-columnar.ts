/**
 * Reading the table back as /exp Parquet (decoded by parquet-wasm, arrow-rs: an independent reader) and as
 * /exp Arrow IPC, both read with apache-arrow from the raw buffers, so 64-bit integers, timestamps and
 * decimals keep every digit.
 */
import { Table, tableFromIPC, Type, Vector } from 'apache-arrow';
import { readParquet } from 'parquet-wasm/node';
import { http, OutputReader, RtContext, selectAll } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { RtTable } from '../rt-table';
import { arrayCanon, decimalCanon, doubleCanon } from '../rt-values';
import { fromText } from './text-canon';

const PER_NANO: Partial<Record<RtColumn['kind'], bigint>> = { date: 1_000_000n, timestamp: 1000n, timestamp_ns: 1n };

/** A count of nanoseconds as the column's unit (ms for DATE, µs for TIMESTAMP), floored. */
function timeCanon(c: RtColumn, nanos: bigint): string {
  const per = PER_NANO[c.kind] ?? 1000n;
  let q = nanos / per;
  if (nanos % per !== 0n && nanos < 0n) q -= 1n;
  return q.toString();
}

async function body(ctx: RtContext, t: RtTable, fmt: string): Promise<Uint8Array> {
  const res = await http(ctx, `/exp?fmt=${fmt}&query=${encodeURIComponent(selectAll(t))}`);
  if (res.status !== 200) throw new Error(`/exp ${fmt}: ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
  return new Uint8Array(res.body);
}

/** Canonical rows of an Arrow table whose first two columns are id and ts. */
function arrowRows(t: RtTable, table: Table): (string | null)[][] {
  const vectors = t.columns.map((_c, ci) => table.getChildAt(ci + 2) as Vector);
  return Array.from({ length: table.numRows }, (_, r) => t.columns.map((c, ci) => fromArrow(c, vectors[ci], r)));
}

export const expParquet: OutputReader = {
  name: 'exp-parquet',
  async read(ctx, t) {
    return arrowRows(t, tableFromIPC(readParquet(await body(ctx, t, 'parquet')).intoIPCStream()));
  },
};

export const expArrow: OutputReader = {
  name: 'exp-arrow',
  async read(ctx, t) {
    return arrowRows(t, tableFromIPC(await body(ctx, t, 'arrow')));
  },
};

/** Row r of an Arrow vector's raw values (`values[offset + i]` of its chunk), with the chunk's stride. */
function raw(v: Vector, r: number, stride = 1): { values: ArrayLike<number | bigint>; at: number } {
  let i = r;
  for (const d of v.data) {
    if (i < d.length) return { values: d.values as ArrayLike<number | bigint>, at: (d.offset + i) * stride };
    i -= d.length;
  }
  throw new Error(`row ${r} beyond the vector`);
}

/** A DECIMAL's little-endian 32-bit words, two's complement, as text with `scale` digits after the point. */
function decimalText(values: ArrayLike<number | bigint>, at: number, words: number, scale: number): string {
  let x = 0n;
  for (let k = words - 1; k >= 0; k--) x = (x << 32n) | BigInt(Number(values[at + k]) >>> 0);
  x = BigInt.asIntN(words * 32, x);
  const neg = x < 0n;
  const digits = (neg ? -x : x).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, digits.length - scale)}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

function plainArrow(v: unknown): unknown {
  return v instanceof Vector ? [...v].map(plainArrow) : v;
}

function fromArrow(c: RtColumn, v: Vector, r: number): string | null {
  if (!v.isValid(r)) return fromText(c, null);
  const t = v.type;
  switch (t.typeId) {
    case Type.Timestamp: {
      const { values, at } = raw(v, r);
      const unit = [1_000_000_000n, 1_000_000n, 1000n, 1n][(t as { unit: number }).unit];
      return timeCanon(c, BigInt(values[at]) * unit);
    }
    case Type.Decimal: {
      const bits = (t as { bitWidth: number }).bitWidth;
      const { values, at } = raw(v, r, bits / 32);
      return decimalCanon(decimalText(values, at, bits / 32, (t as { scale: number }).scale));
    }
    case Type.FixedSizeBinary: {
      const hex = Buffer.from(v.get(r) as Uint8Array).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }
    case Type.List: return arrayCanon(plainArrow(v.get(r)));
    case Type.Float: {
      const x = Number(v.get(r));
      return doubleCanon(c.kind === 'float' ? Math.fround(x) : x);
    }
    default: return fromText(c, String(v.get(r)));
  }
}

