/**
 * The ingest rows of the matrix: /imp with CSV, Parquet and NDJSON uploads (multipart, into the existing
 * table `w`), line protocol over /write and /api/v2/write, and over TCP. Bodies go out in pieces of
 * PIECE_ROWS rows; an endless body never ends until the client cuts it. The Parquet file is the server's
 * own export of the rows (the format /imp restores), so it has no endless form.
 */
import { httpRequest } from '../http-client';
import { httpWrite, importAnswer, lineAnswer } from './http-write';
import { OutcomeServer } from './outcome-server';
import { tcpWrite } from './tcp-write';
import { appended, BASE_TABLE, ROWS, StartedWrite, WriteKind, WriteSize } from './write-kind';

const PIECE_ROWS = 10_000;
const T0 = Date.UTC(2021, 0, 1) / 1000;
const BOUNDARY = '----svcwriteoutcome';

/** Row x of every ingest body: one a second from 2021-01-01T00:00:01, y = 2x. */
const iso = (x: number): string => new Date((T0 + x) * 1000).toISOString();

/** The pieces of a body of `rows` rows (endless: no last piece), with a head and a tail around them. */
function pieces(rows: number, head: string, row: (x: number) => string, tail: string): (i: number) => Buffer | undefined {
  const count = Math.ceil(rows / PIECE_ROWS);
  return (i) => {
    if (i === 0) return Buffer.from(head);
    if (i > count + 1) return undefined;
    if (i === count + 1) return Buffer.from(tail);
    const from = (i - 1) * PIECE_ROWS + 1, to = Math.min(rows, i * PIECE_ROWS);
    let text = '';
    for (let x = from; x <= to; x++) text += row(x);
    return Buffer.from(text);
  };
}

const multipartHead = (filename: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const MULTIPART_TAIL = `\r\n--${BOUNDARY}--\r\n`;
const MULTIPART = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Pieces written before `started`: an endless or big body is mid-way when a stop comes. */
const startedAfter = (size: WriteSize, rows: number): number => (size === 'endless' ? 20 : Math.max(1, Math.floor(rows / PIECE_ROWS / 2)));

function upload(name: string, filename: string, head: string, row: (x: number) => string): WriteKind {
  return {
    name, sizes: ['small', 'big', 'endless'], table: 'w', wire: 'http',
    prepare: (server) => server.script(BASE_TABLE),
    start: async (server, size): Promise<StartedWrite> => httpWrite(server.apiPort(), {
      method: 'POST', path: '/imp?name=w&fmt=json', headers: MULTIPART,
      chunk: pieces(ROWS[size], multipartHead(filename) + head, row, MULTIPART_TAIL), startedAfter: startedAfter(size, ROWS[size]), classify: importAnswer,
    }),
    visible: (server, size) => appended(server, ROWS[size]),
  };
}

const line = (x: number): string => `w,s=n x=${x}i,y=${2 * x}i ${T0 + x}000000000\n`;

function lines(name: string, path: string): WriteKind {
  return {
    name, sizes: ['small', 'big', 'endless'], table: 'w', wire: 'http',
    prepare: (server) => server.script(BASE_TABLE),
    start: async (server, size): Promise<StartedWrite> => httpWrite(server.apiPort(), {
      method: 'POST', path, chunk: pieces(ROWS[size], '', line, ''), startedAfter: startedAfter(size, ROWS[size]), classify: lineAnswer,
    }),
    visible: (server, size) => appended(server, ROWS[size]),
  };
}

/** The Parquet files of the upload, by size, exported by the server before the cell starts. */
const parquetFiles = new WeakMap<OutcomeServer, Map<WriteSize, Buffer>>();

const PARQUET: WriteKind = {
  name: 'Parquet over /imp', sizes: ['small', 'big'], table: 'w', wire: 'http',
  prepare: async (server, size) => {
    await server.script(BASE_TABLE);
    const files = new Map<WriteSize, Buffer>();
    // The small file too: a full-disk cell uploads it once more after the disk had room again.
    for (const s of new Set<WriteSize>([size, 'small'])) {
      const sql = `select timestamp_sequence('2021-01-01T00:00:01', 1000000L) ts, x, x * 2 y, 'n' s from long_sequence(${ROWS[s]})`;
      const r = await httpRequest('127.0.0.1', server.apiPort(), `/exp?fmt=parquet&query=${encodeURIComponent(sql)}`, { timeoutMs: 120_000 });
      if (r.status !== 200) throw new Error(`the Parquet export failed: ${r.status} ${r.body.toString('utf8', 0, 200)}`);
      files.set(s, r.body);
    }
    parquetFiles.set(server, files);
  },
  start: async (server, size): Promise<StartedWrite> => {
    const file = parquetFiles.get(server)?.get(size);
    if (!file) throw new Error(`no Parquet file of size ${size}`);
    const body = Buffer.concat([Buffer.from(multipartHead('rows.parquet')), file, Buffer.from(MULTIPART_TAIL)]);
    const step = 64 * 1024, count = Math.ceil(body.length / step);
    return httpWrite(server.apiPort(), {
      method: 'POST', path: '/imp?name=w&fmt=json', headers: MULTIPART,
      chunk: (i) => (i < count ? body.subarray(i * step, (i + 1) * step) : undefined), startedAfter: Math.max(1, Math.floor(count / 2)), classify: importAnswer,
    });
  },
  visible: (server, size) => appended(server, ROWS[size]),
};

/** TCP commits its lines a while after they arrive: the table settles when it stops changing, or is whole. */
async function settled(server: OutcomeServer, size: WriteSize): Promise<void> {
  let last = '', still = 0;
  for (let waited = 0; waited < 30_000 && still < 10; waited += 200) {
    const v = await appended(server, ROWS[size], true);
    if (v.kind === 'whole') return;
    const now = JSON.stringify(v);
    still = now === last ? still + 1 : 0;
    last = now;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const TCP: WriteKind = {
  name: 'lines over TCP', sizes: ['small', 'big', 'endless'], table: 'w', wire: 'tcp', silent: true, settles: settled,
  prepare: (server) => server.script(BASE_TABLE),
  start: async (server, size): Promise<StartedWrite> => tcpWrite(server.tcpPort(), pieces(ROWS[size], '', line, ''), startedAfter(size, ROWS[size])),
  visible: (server, size) => appended(server, ROWS[size], true),
};

export const INGEST_WRITES: readonly WriteKind[] = [
  upload('CSV over /imp', 'rows.csv', 'ts,x,y,s\n', (x) => `${iso(x)},${x},${2 * x},n\n`),
  PARQUET,
  upload('NDJSON over /imp', 'rows.ndjson', '', (x) => `{"ts":"${iso(x)}","x":${x},"y":${2 * x},"s":"n"}\n`),
  lines('lines over /write', '/write'),
  lines('lines over /api/v2/write', '/api/v2/write'),
  TCP,
];
