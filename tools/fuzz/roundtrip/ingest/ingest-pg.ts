/**
 * INSERT … VALUES ($1, …) over the PostgreSQL wire protocol with node-postgres, one row a statement.
 * `pg-text`: every parameter as text. `pg-binary`: BOOLEAN, the integers, FLOAT, DOUBLE, TIMESTAMP and DATE
 * (µs since 2000-01-01) and UUID as binary parameters (node-postgres sends a Buffer in binary format), the
 * rest as text; a TIMESTAMP_NS goes as text too (the binary timestamp holds µs).
 */
import { Client } from 'pg';
import { IngestPath, RtContext } from '../rt-context';
import { RtColumn } from '../rt-columns';
import { textOf } from '../rt-text';
import { RtTable, tsOf } from '../rt-table';
import { Model } from '../rt-values';
import { isoText } from '../../sql/literals';

/** µs between 1970-01-01 and PostgreSQL's epoch, 2000-01-01. */
const PG_EPOCH_MICROS = 946684800000000n;

function binary(c: RtColumn, v: Model): Buffer | undefined {
  switch (c.kind) {
    case 'bool': return Buffer.of(v ? 1 : 0);
    case 'byte': case 'short': { const b = Buffer.alloc(2); b.writeInt16BE(v as number); return b; }
    case 'int': { const b = Buffer.alloc(4); b.writeInt32BE(v as number); return b; }
    case 'long': { const b = Buffer.alloc(8); b.writeBigInt64BE(v as bigint); return b; }
    case 'float': { const b = Buffer.alloc(4); b.writeFloatBE(v as number); return b; }
    case 'double': { const b = Buffer.alloc(8); b.writeDoubleBE(v as number); return b; }
    case 'timestamp': { const b = Buffer.alloc(8); b.writeBigInt64BE((v as bigint) - PG_EPOCH_MICROS); return b; }
    case 'date': { const b = Buffer.alloc(8); b.writeBigInt64BE((v as bigint) * 1000n - PG_EPOCH_MICROS); return b; }
    case 'uuid': return Buffer.from(String(v).replace(/-/g, ''), 'hex');
    default: return undefined;
  }
}

/** PostgreSQL's text of a value: an array as `{1.5,{2.0}}`, all else as rt-text.ts writes it. */
function pgText(c: RtColumn, v: Model): string {
  return c.kind === 'array' ? textOf(c, v).replace(/\[/g, '{').replace(/\]/g, '}') : textOf(c, v);
}

export async function pgClient(ctx: RtContext): Promise<Client> {
  const client = new Client({ host: ctx.host, port: ctx.pgPort, user: 'admin', password: 'quest', database: 'qdb' });
  await client.connect();
  return client;
}

function pgPath(name: string, asBinary: boolean): IngestPath {
  return {
    name,
    accepts: () => true,
    async write(ctx: RtContext, t: RtTable): Promise<void> {
      const client = await pgClient(ctx);
      try {
        const names = ['id', 'ts', ...t.columns.map((c) => c.name)];
        const sql = `INSERT INTO ${t.name} (${names.join(', ')}) VALUES (${names.map((_n, i) => `$${i + 1}`).join(', ')})`;
        for (let r = 0; r < t.rows.length; r++) {
          const values: (string | Buffer | null)[] = [String(r), isoText(tsOf(r), 6)];
          t.columns.forEach((c, ci) => {
            const v = t.rows[r][ci].v;
            values.push(v === null ? null : (asBinary ? binary(c, v) : undefined) ?? pgText(c, v));
          });
          await client.query(sql, values);
        }
      } finally {
        await client.end();
      }
    },
  };
}

export const pgTextIngest = pgPath('pg-text', false);
export const pgBinaryIngest = pgPath('pg-binary', true);
