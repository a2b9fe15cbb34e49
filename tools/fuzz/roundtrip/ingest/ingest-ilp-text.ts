/**
 * InfluxDB line protocol v1 (text), written by hand so a LONG keeps every digit (the client takes JS
 * numbers): over HTTP (`POST /write?precision=n`) and over TCP (then waiting until the rows are visible).
 * SYMBOL columns are tags; integers `123i`, floats with `NaN`/`Infinity`, strings quoted and escaped, a
 * LONG256 as `0x…i`, TIMESTAMP fields `µs t`, TIMESTAMP_NS fields `ns n`, DATE as its µs `t`, and the
 * types line protocol has no field for (CHAR, UUID, IPv4, GEOHASH, DECIMAL) as strings. Arrays need v2.
 */
import { Socket } from 'node:net';
import { http, IngestPath, RtContext } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { floatText, textOf } from '../rt-text';
import { RtTable, tsOf } from '../rt-table';
import { Model } from '../rt-values';

const tag = (s: string): string => s.replace(/[\\, =]/g, (ch) => `\\${ch}`);
const str = (s: string): string => `"${s.replace(/[\\"]/g, (ch) => `\\${ch}`).replace(/\n/g, '\\\n')}"`;

function fieldValue(c: RtColumn, v: Model): string {
  switch (c.kind) {
    case 'bool': return v ? 't' : 'f';
    case 'byte': case 'short': case 'int': case 'long': return `${v}i`;
    case 'float': case 'double': return floatText(v as number);
    case 'long256': return `${v}i`;
    case 'timestamp': return `${v}t`;
    case 'timestamp_ns': return `${v}n`;
    case 'date': return `${(v as bigint) * 1000n}t`;
    default: return str(textOf(c, v));
  }
}

export function ilpLines(t: RtTable): string {
  return t.rows.map((row, r) => {
    const tags = t.columns.map((c, ci) => (c.kind === 'symbol' && row[ci].v !== null ? `,${c.name}=${tag(String(row[ci].v))}` : '')).join('');
    const fields = [`id=${r}i`, ...t.columns.flatMap((c, ci) => (c.kind !== 'symbol' && row[ci].v !== null ? [`${c.name}=${fieldValue(c, row[ci].v)}`] : []))];
    return `${t.name}${tags} ${fields.join(',')} ${tsOf(r) * 1000n}\n`;
  }).join('');
}

/** Accepts: no arrays (v1 has none), no symbol that a tag cannot hold (empty, a line break). */
function acceptsV1(c: RtColumn, v: Model): boolean {
  if (c.kind === 'array') return false;
  return !(c.kind === 'symbol' && typeof v === 'string' && (v === '' || v.includes('\n')));
}

export const ilpV1Http: IngestPath = {
  name: 'ilp-v1-http',
  accepts: acceptsV1,
  async write(ctx, t) {
    const res = await http(ctx, '/write?precision=n', { method: 'POST', body: ilpLines(t) });
    if (res.status !== 204) throw new Error(`/write: ${res.status} ${res.body.toString('utf8').slice(0, 600)}`);
  },
};

/** Sends bytes over TCP, ends the connection, and waits until `rows` rows of the table are visible. */
export async function sendTcp(ctx: RtContext, bytes: Buffer | string, table: string, rows: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    socket.on('error', reject);
    socket.connect(ctx.tcpPort, ctx.host, () => socket.end(bytes, () => resolve()));
  });
  await waitForRows(ctx, table, rows);
}

export async function waitForRows(ctx: RtContext, table: string, rows: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const a = await ctx.svc.exec(`SELECT count() FROM ${table}`);
    const n = a.ok && a.rows.length > 0 ? Number(a.rows[0][0]) : -1;
    if (n >= rows) return;
    if (performance.now() > deadline) throw new Error(`TCP line protocol: ${n} of ${rows} rows arrived in ${table}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const ilpV1Tcp: IngestPath = {
  name: 'ilp-v1-tcp',
  twin: 'ilp-v1-http',
  accepts: acceptsV1,
  write: (ctx, t) => sendTcp(ctx, ilpLines(t), t.name, t.rows.length),
};
