/**
 * One fuzzed /imp request from a seed: the file's bytes damaged (bit flips, overwritten, inserted, deleted
 * and duplicated ranges, a cut, a Parquet footer scribbled over), the multipart framing varied (a schema part
 * before or after the data, garbage schemas, a second data part, a missing closing boundary or part name,
 * odd file names and content types), the parameters drawn from /imp's own (fmt, atomicity, timestamp,
 * partitionBy, overwrite, …), the body compressed or not (gzip, deflate, br; sometimes damaged; sometimes a
 * bomb), and sometimes the connection cut partway through the body.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { SeededRandom } from './multipart-random';
import { Seed } from './multipart-corpus';

export interface FuzzRequest {
  /** The table the upload names (unique per request). */
  readonly table: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** Bytes sent before the connection is cut (undefined: the whole body). */
  readonly cutAt: number | undefined;
  /** Whether the answer must be JSON (`fmt` has `json`). */
  readonly json: boolean;
  /** What was done, for the report. */
  readonly description: string;
}

const BOUNDARY = 'svcFuzzBoundary7MA4YWxk';
const TYPES = ['INT', 'LONG', 'DOUBLE', 'FLOAT', 'STRING', 'VARCHAR', 'SYMBOL', 'TIMESTAMP', 'DATE', 'BOOLEAN', 'IPv4', 'UUID', 'CHAR', 'BINARY', 'DOUBLE[]', 'NOPE'];
const NAMES = ['ts', 'sym', 'price', 'qty', 'note', 'flag', 's', 'd', 'i', 'n', 'a', 'g', 'host', 'cpu', 'c0', ''];

function damage(random: SeededRandom, input: Buffer, parquet: boolean, notes: string[]): Buffer {
  let b = Buffer.from(input);
  const times = random.int(1, 3);
  for (let t = 0; t < times && b.length > 0; t++) {
    const at = random.int(0, b.length - 1);
    const span = Math.min(b.length - at, random.int(1, 64));
    switch (random.int(0, 6)) {
      case 0: { const k = random.int(1, 8); for (let i = 0; i < k; i++) { const p = random.int(0, b.length - 1); b[p] ^= 1 << random.int(0, 7); } notes.push(`flip${k}`); break; }
      case 1: random.bytes(span).copy(b, at); notes.push(`overwrite@${at}+${span}`); break;
      case 2: b = Buffer.concat([b.subarray(0, at), random.bytes(span), b.subarray(at)]); notes.push(`insert@${at}+${span}`); break;
      case 3: b = Buffer.concat([b.subarray(0, at), b.subarray(at + span)]); notes.push(`delete@${at}+${span}`); break;
      case 4: b = b.subarray(0, at); notes.push(`truncate@${at}`); break;
      case 5: b = Buffer.concat([b.subarray(0, at + span), b.subarray(at, at + span), b.subarray(at + span)]); notes.push(`duplicate@${at}+${span}`); break;
      default: {
        if (!parquet || b.length < 16) break;
        // The footer: its thrift metadata, its length and the closing magic.
        const tail = Math.min(b.length, random.int(8, 2048));
        const p = b.length - random.int(1, tail);
        b[p] = random.int(0, 255);
        notes.push(`footer@-${b.length - p}`);
      }
    }
  }
  return b;
}

function schemaPart(random: SeededRandom): string {
  if (random.chance(0.2)) return random.pick(['[', '{"name":"x"}', 'null', '[{"name": "ts", "type": "TIMESTAMP", "pattern": "yyyy-MM-dd"}]', random.bytes(20).toString('latin1')]);
  const entries = Array.from({ length: random.int(1, 4) }, () => {
    const e: Record<string, unknown> = { name: random.pick(NAMES), type: random.pick(TYPES) };
    if (random.chance(0.2)) e.pattern = random.pick(['yyyy-MM-ddTHH:mm:ss.SSSUUUZ', 'dd/MM/yyyy', '%%%']);
    if (random.chance(0.1)) e.upsertKey = true;
    return e;
  });
  return JSON.stringify(entries);
}

function part(headers: string, body: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from('\r\n')]);
}

function params(random: SeededRandom, table: string, seed: Seed, notes: string[]): { query: string; json: boolean } {
  const p = new URLSearchParams({ name: table });
  const fmts = seed.kind === 'parquet' ? ['parquet', 'parquet,json', 'json', 'csv,json'] : seed.kind === 'ndjson' ? ['ndjson,json', 'json', 'ndjson'] : ['json', 'csv,json', 'csv'];
  const fmt = random.chance(0.85) ? random.pick(fmts) : random.pick(['xml', 'json,json', 'parquet,ndjson', '']);
  if (fmt !== '') p.set('fmt', fmt);
  if (random.chance(0.3)) p.set('atomicity', random.pick(['abort', 'skipRow', 'skipCol', 'bogus']));
  if (random.chance(0.3)) p.set('timestamp', random.pick(['ts', 'nope', 'sym']));
  if (random.chance(0.2)) p.set('partitionBy', random.pick(['DAY', 'HOUR', 'MONTH', 'NONE', 'CENTURY']));
  if (random.chance(0.1)) p.set('overwrite', random.pick(['true', 'false', 'maybe']));
  if (random.chance(0.1)) p.set('forceHeader', 'true');
  if (random.chance(0.1)) p.set('skipLev', 'true');
  if (random.chance(0.05)) p.set('create', 'false');
  if (random.chance(0.05)) p.set('delimiter', random.pick([',', ';', '\t', 'ab']));
  if (random.chance(0.05)) p.set('maxUncommittedRows', random.pick(['10', 'x', '0']));
  notes.push(p.toString());
  return { query: p.toString(), json: (p.get('fmt') ?? '').split(',').includes('json') };
}

function encode(random: SeededRandom, body: Buffer, notes: string[]): { body: Buffer; coding?: string } {
  const r = random.next();
  if (r < 0.7) return { body };
  const coding = random.pick(['gzip', 'deflate', 'br']);
  let encoded = coding === 'gzip' ? gzipSync(body) : coding === 'deflate' ? deflateSync(body) : brotliCompressSync(body);
  if (random.chance(0.2)) {
    encoded = random.chance(0.5) ? encoded.subarray(0, random.int(0, encoded.length - 1)) : Buffer.from(encoded.map((x, i) => (i > 3 && random.chance(0.01) ? x ^ 0xff : x)));
    notes.push(`${coding}-damaged`);
  } else notes.push(coding);
  return { body: encoded, coding };
}

/** Compressed bodies that expand a thousandfold and more (a CSV of one repeated line), made once per run. */
export function compressedBombs(): { readonly coding: string; readonly body: Buffer }[] {
  // 48 MiB of one CSV line: past the 16 MiB grace, ~1000x under gzip, far more under brotli.
  const line = Buffer.from('ts,v\n'.concat('2024-01-01T00:00:00.000000Z,1\n'.repeat(48 * 1024 * 1024 / 29)));
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="bomb.csv"\r\n\r\n`);
  const whole = Buffer.concat([head, line, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  return [
    { coding: 'gzip', body: gzipSync(whole, { level: 9 }) },
    { coding: 'br', body: brotliCompressSync(whole, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) },
  ];
}

export function fuzzRequest(random: SeededRandom, n: number, seeds: readonly Seed[],
  bombs: readonly { readonly coding: string; readonly body: Buffer }[]): FuzzRequest {
  const table = `fz${n}`;
  const seed = random.pick(seeds);
  const notes: string[] = [seed.name];
  const { query, json } = params(random, table, seed, notes);
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  if (random.chance(0.03) && bombs.length > 0) {
    const bomb = random.pick(bombs);
    return { table, path: `/imp?${query}`, headers: { 'Content-Type': contentType, 'Content-Encoding': bomb.coding }, body: bomb.body,
      cutAt: undefined, json, description: `${bomb.coding}-bomb ${notes.join(' ')}` };
  }
  const data = seed.bomb || random.chance(0.25) ? seed.bytes : damage(random, seed.bytes, seed.kind === 'parquet', notes);
  const filename = random.chance(0.85) ? seed.name : random.pick(['', 'x.parquet', 'x.ndjson', 'x.csv', 'no-extension', '../../etc/passwd', '"quoted".csv']);
  const disposition = random.chance(0.97) ? `Content-Disposition: form-data; name="data"; filename="${filename}"` : 'Content-Disposition: form-data';
  const partType = random.chance(0.8) ? 'Content-Type: application/octet-stream' : random.pick(['Content-Type: text/csv', 'Content-Type: application/x-ndjson', 'X-Nothing: 1']);
  const parts: Buffer[] = [];
  const schemaAt = random.chance(0.2) ? (random.chance(0.8) ? 'before' : 'after') : 'none';
  if (schemaAt === 'before') { parts.push(part('Content-Disposition: form-data; name="schema"', schemaPart(random))); notes.push('schema'); }
  parts.push(part(`${disposition}\r\n${partType}`, data));
  if (random.chance(0.03)) { parts.push(part(`${disposition}`, data.subarray(0, 100))); notes.push('second-data'); }
  if (random.chance(0.03)) { parts.push(part('Content-Disposition: form-data; name="other"', 'x')); notes.push('other-part'); }
  if (schemaAt === 'after') { parts.push(part('Content-Disposition: form-data; name="schema"', schemaPart(random))); notes.push('schema-after'); }
  if (random.chance(0.95)) parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  else notes.push('no-closing-boundary');
  const multipart = Buffer.concat(parts);
  const { body, coding } = encode(random, multipart, notes);
  const headers: Record<string, string> = { 'Content-Type': random.chance(0.98) ? contentType : 'multipart/form-data' };
  if (coding) headers['Content-Encoding'] = coding;
  const cutAt = random.chance(0.08) && body.length > 1 ? random.int(1, body.length - 1) : undefined;
  if (cutAt !== undefined) notes.push(`cut@${cutAt}`);
  return { table, path: `/imp?${query}`, headers, body, cutAt, json, description: notes.join(' ') };
}
