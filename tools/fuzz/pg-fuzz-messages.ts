/**
 * Frontend bytes for the PostgreSQL fuzzer: start-up packets (valid, mutated, SSL/GSS/cancel requests,
 * other protocol versions, lying lengths), messages of a logged-in session (Query from a corpus that
 * touches every statement kind, COPY and transaction blocks included; Parse/Bind/Describe/Execute/Close/
 * Sync/Flush with random names and formats; Bind with binary values of every decoded OID, well-formed,
 * cut, over-long or with lying inner lengths; CopyData/CopyDone/CopyFail; unknown types) and mutations
 * of any of them (flipped bytes, cut or extended bodies, a lying declared length).
 */
import { serialize } from 'pg-protocol';
import { SeededRandom } from './seeded-random';

const TABLE = 'fz';
export const SETUP_SQL = `CREATE TABLE IF NOT EXISTS ${TABLE} (ts TIMESTAMP, s SYMBOL, d DOUBLE, v VARCHAR, l LONG, u UUID, a DOUBLE[]) TIMESTAMP(ts) PARTITION BY DAY`;

const QUERIES: readonly string[] = [
  'select 1', 'select x, x * 2.5 from long_sequence(100)', `select * from ${TABLE} limit 10`, `select count(), sum(d) from ${TABLE}`,
  `insert into ${TABLE} (ts, s, d, v, l) values (now(), 'a', 1.5, 'x', 7)`, `insert into ${TABLE} (ts, l) select timestamp_sequence('2024-01-01', 1000000), x from long_sequence(50)`,
  `update ${TABLE} set d = d + 1 where l < 10`, 'BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT a', 'ROLLBACK TO SAVEPOINT a', 'RELEASE a', 'END',
  `COPY ${TABLE} (ts, s, l) FROM STDIN (FORMAT csv)`, `COPY ${TABLE} FROM STDIN`, `COPY (select * from ${TABLE} limit 5) TO STDOUT (FORMAT csv, HEADER)`,
  `COPY ${TABLE} FROM STDIN (FORMAT binary)`, "COPY x FROM STDIN (DELIMITER '')", 'SET application_name = fuzz', 'SHOW ALL', 'SET statement_timeout = 50',
  'select * from pg_catalog.pg_class limit 3', 'selec 1', "select 'unterminated", 'select $1', '', ';;;', 'DISCARD ALL', 'DEALLOCATE ALL',
  `alter table ${TABLE} add column c${'x'} int`, 'select pg_catalog.version()', `select s, count() from ${TABLE} group by s`, `truncate table ${TABLE}`,
];

const PARAM_SQL: readonly string[] = [
  'select $1', 'select $1::int', 'select $1::double', `select * from ${TABLE} where l = $1`, `insert into ${TABLE} (ts, l) values ($1, $2)`,
  `select * from ${TABLE} where ts > $1 and s = $2`, 'select $1, $2, $3',
];

/** OIDs Bind decodes in binary, and a few it does not. */
const OIDS: readonly number[] = [0, 16, 17, 18, 19, 20, 21, 23, 25, 26, 114, 700, 701, 705, 1042, 1043, 1082, 1114, 1184, 1186, 1700, 2950, 3802,
  1000, 1005, 1007, 1009, 1016, 1021, 1022, 1115, 1182, 1231, 2951];

const COPY_LINES: readonly string[] = ['2024-01-01T00:00:00Z,a,1\n', '2024-01-01 00:00:00\tb\t2\t\\N\n', '"unterminated,\n', 'x,y,z,w,v,u,t,s\n', '\\.\n', '\n', 'a\\tb\\x4'];

function int32(n: number): Buffer { const b = Buffer.alloc(4); b.writeInt32BE(n | 0); return b; }
function int16(n: number): Buffer { const b = Buffer.alloc(2); b.writeUInt16BE(n & 0xffff); return b; }

/** A frontend message: type, length, body. */
export function frame(type: number, body: Buffer, declared = body.length + 4): Buffer {
  return Buffer.concat([Buffer.from([type]), int32(declared), body]);
}

export class PgFuzzMessages {
  constructor(private readonly r: SeededRandom) {}

  /** The first bytes of a connection: mostly a valid start-up, else anything a start-up could be. */
  startup(): Buffer {
    const r = this.r;
    switch (r.int(8)) {
      case 0: return this.mutate(serialize.startup({ user: 'admin', database: 'qdb' }));
      case 1: return Buffer.concat([int32(8), int32(80877103)]); // SSLRequest
      case 2: return Buffer.concat([int32(8), int32(80877104)]); // GSSENCRequest
      case 3: return Buffer.concat([int32(16), int32(80877102), int32(r.int(2 ** 31)), int32(r.int(2 ** 31))]); // CancelRequest
      case 4: return Buffer.concat([int32(r.length()), int32(r.int(2 ** 31)), r.bytes(r.int(64))]);
      case 5: return Buffer.concat([int32(8 + 10), int32(0x00020000), Buffer.from('user\0admin\0\0')]);
      case 6: return serialize.startup({ user: r.pick(['admin', '', 'nobody', 'x'.repeat(300)]), database: 'qdb', options: r.bytes(8).toString('latin1'), _pq_x: '1' });
      default: return r.bytes(r.int(40));
    }
  }

  /** One message of a logged-in session; `copying`: a COPY FROM STDIN is waiting for data. */
  session(copying: boolean): Buffer {
    const r = this.r;
    if (copying && r.chance(0.7)) return this.copy();
    const m = this.valid();
    return r.chance(0.2) ? this.mutate(m) : m;
  }

  private valid(): Buffer {
    const r = this.r;
    switch (r.int(12)) {
      case 0: case 1: case 2: return serialize.query(r.pick(QUERIES));
      case 3: return serialize.parse({ name: r.pick(['', 's1', 's2']), text: r.pick([...PARAM_SQL, ...QUERIES]), types: Array.from({ length: r.int(4) }, () => r.pick(OIDS)) });
      case 4: case 5: return this.bind();
      case 6: return r.chance(0.9) ? serialize.describe({ type: r.pick(['S', 'P'] as const), name: r.pick(['', 's1', 'p1', 'nope']) }) : frame(0x44, Buffer.from('X\0', 'latin1'));
      case 7: return frame(0x45, Buffer.concat([Buffer.from(`${r.pick(['', 'p1'])}\0`, 'latin1'), int32(r.pick([0, 1, 5, -1]))]));
      case 8: return serialize.close({ type: r.pick(['S', 'P']), name: r.pick(['', 's1', 'p1']) });
      case 9: return r.chance(0.5) ? serialize.sync() : serialize.flush();
      case 10: return this.copy();
      default: return frame(r.int(256), r.bytes(r.int(32)));
    }
  }

  /** A Bind for the unnamed or a named statement with random formats and values, binary ones of random OIDs. */
  private bind(): Buffer {
    const r = this.r;
    const n = r.int(4);
    const formats = r.chance(0.1) ? [r.int(5)] : Array.from({ length: r.pick([0, 1, n]) }, () => r.pick([0, 1, 1]));
    const parts: Buffer[] = [Buffer.from(`${r.pick(['', 'p1'])}\0${r.pick(['', 's1', 's2'])}\0`, 'latin1'), int16(formats.length), ...formats.map(int16), int16(n)];
    for (let k = 0; k < n; k++) {
      if (r.chance(0.1)) { parts.push(int32(-1)); continue; }
      const v = this.value(r.pick(OIDS));
      parts.push(int32(r.chance(0.05) ? r.length() : v.length), v);
    }
    const results = Array.from({ length: r.int(3) }, () => r.pick([0, 1, 2]));
    parts.push(int16(results.length), ...results.map(int16));
    return frame(0x42, Buffer.concat(parts));
  }

  /** A binary value for `oid`: its right size, off by some bytes, or a structure with lying inner lengths. */
  private value(oid: number): Buffer {
    const r = this.r;
    const sizes: Record<number, number> = { 16: 1, 20: 8, 21: 2, 23: 4, 26: 4, 700: 4, 701: 8, 1082: 4, 1114: 8, 1184: 8, 2950: 16 };
    const size = sizes[oid];
    if (size !== undefined) return r.bytes(r.chance(0.7) ? size : Math.max(0, size + r.pick([-1, 1, -size, 5])));
    if (oid === 1700) {
      const ndigits = r.pick([0, 1, 2, 3, 3000, 3001, -1, 32767]);
      const digits = Array.from({ length: r.chance(0.5) ? Math.max(0, Math.min(ndigits, 8)) : r.int(4) }, () => int16(r.pick([0, 1, 9999, 10000, -1, r.int(10000)])));
      return Buffer.concat([int16(ndigits), int16(r.pick([0, 1, -1, 4096, 4097, -32768])), int16(r.pick([0, 0x4000, 0xc000, 0xd000, 0xf000, 0x1234])), int16(r.pick([0, 2, 0x3fff, 0xc000])), ...digits]);
    }
    if (oid >= 1000 && oid < 3000 && oid !== 1042 && oid !== 1043 && oid !== 1082 && oid !== 1114 && oid !== 1184 && oid !== 1186 && oid !== 1700 && oid !== 2950) {
      const ndim = r.pick([0, 1, 2, 6, 7, -1]);
      const dims = Array.from({ length: Math.max(0, Math.min(ndim, 7)) }, () => Buffer.concat([int32(r.pick([0, 1, 2, 3, 65536, 0x7fffffff, -1])), int32(1)]));
      const elements = Array.from({ length: r.int(4) }, () => (r.chance(0.2) ? int32(-1) : Buffer.concat([int32(r.pick([0, 1, 4, 8, 100, -5])), r.bytes(r.int(9))])));
      return Buffer.concat([int32(ndim), int32(r.pick([0, 1, 2])), int32(r.pick([16, 20, 21, 23, 25, 701, 1700, 99])), ...dims, ...elements]);
    }
    return r.chance(0.5) ? Buffer.from(r.pick(['42', '2024-01-01T00:00:00Z', 'héllo', '{1,2}', 'x'.repeat(r.int(2000))]), 'utf8') : r.bytes(r.int(20));
  }

  private copy(): Buffer {
    const r = this.r;
    switch (r.int(6)) {
      case 0: return serialize.copyDone();
      case 1: return serialize.copyFail(r.pick(['', 'stop', 'x'.repeat(100)]));
      case 2: return serialize.copyData(r.bytes(r.int(64)));
      default: return serialize.copyData(Buffer.from(Array.from({ length: 1 + r.int(4) }, () => r.pick(COPY_LINES)).join(''), 'utf8'));
    }
  }

  /** A message with flipped bytes, a cut or extended body, or a declared length that lies. */
  mutate(m: Buffer): Buffer {
    const r = this.r;
    const b = Buffer.from(m);
    switch (r.int(5)) {
      case 0: for (let k = 0, n = 1 + r.int(4); k < n && b.length > 0; k++) b[r.int(b.length)] = r.int(256); return b;
      case 1: return b.subarray(0, r.int(b.length + 1));
      case 2: return Buffer.concat([b, r.bytes(1 + r.int(16))]);
      case 3: if (b.length >= 5) b.writeInt32BE(r.length() | 0, m[0] === 0 ? 0 : 1); return b;
      default: if (b.length > 0 && m[0] !== 0) b[0] = r.int(256); return b;
    }
  }
}
