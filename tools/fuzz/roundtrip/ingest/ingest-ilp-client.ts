/**
 * Line protocol v2 (binary doubles, arrays) and v3 (binary decimals) through @questdb/nodejs-client, over
 * HTTP and over TCP. The client takes integers as JS numbers, so a LONG beyond 2^53 is not written; v2
 * sends a DECIMAL as a string, v3 as a decimal.
 */
import { Sender } from '@questdb/nodejs-client';
import { IngestPath, RtContext } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { textOf } from '../rt-text';
import { RtTable, tsOf } from '../rt-table';
import { Model } from '../rt-values';
import { waitForRows } from './ingest-ilp-text';

type Version = 2 | 3;

function column(s: Sender, c: RtColumn, v: Model, version: Version): void {
  switch (c.kind) {
    case 'symbol': return;
    case 'bool': s.booleanColumn(c.name, v as boolean); return;
    case 'byte': case 'short': case 'int': case 'long': s.intColumn(c.name, Number(v)); return;
    case 'float': case 'double': s.floatColumn(c.name, v as number); return;
    case 'date': s.timestampColumn(c.name, (v as bigint) * 1000n, 'us'); return;
    case 'timestamp': s.timestampColumn(c.name, v as bigint, 'us'); return;
    case 'timestamp_ns': s.timestampColumn(c.name, v as bigint, 'ns'); return;
    case 'array': s.arrayColumn(c.name, v as unknown[]); return;
    case 'decimal': if (version === 3) { s.decimalColumnText(c.name, String(v)); return; } break;
    default: break;
  }
  s.stringColumn(c.name, textOf(c, v));
}

async function send(ctx: RtContext, t: RtTable, transport: 'http' | 'tcp', version: Version): Promise<void> {
  const port = transport === 'http' ? ctx.httpPort : ctx.tcpPort;
  const sender = await Sender.fromConfig(`${transport}::addr=${ctx.host}:${port};protocol_version=${version};auto_flush=off`);
  try {
    if (transport === 'tcp') await sender.connect();
    t.rows.forEach((row, r) => {
      sender.table(t.name);
      t.columns.forEach((c, ci) => { if (c.kind === 'symbol' && row[ci].v !== null) sender.symbol(c.name, String(row[ci].v)); });
      sender.intColumn('id', r);
      t.columns.forEach((c, ci) => { if (row[ci].v !== null) column(sender, c, row[ci].v, version); });
      void sender.at(tsOf(r), 'us');
    });
    await sender.flush();
  } finally {
    await sender.close();
  }
  if (transport === 'tcp') await waitForRows(ctx, t.name, t.rows.length);
}

/** Not written: LONGs a JS number cannot hold exactly, symbols a tag cannot hold, empty arrays (no shape). */
function accepts(c: RtColumn, v: Model): boolean {
  if (c.kind === 'long' && typeof v === 'bigint' && (v > 9007199254740991n || v < -9007199254740991n)) return false;
  if (c.kind === 'symbol' && typeof v === 'string' && (v === '' || v.includes('\n'))) return false;
  return !(c.kind === 'array' && Array.isArray(v) && v.length === 0);
}

function path(transport: 'http' | 'tcp', version: Version): IngestPath {
  return { name: `ilp-v${version}-${transport}`, twin: transport === 'tcp' ? `ilp-v${version}-http` : undefined, accepts, write: (ctx, t) => send(ctx, t, transport, version) };
}

export const ilpClientPaths: readonly IngestPath[] = [path('http', 2), path('tcp', 2), path('http', 3), path('tcp', 3)];
