/**
 * Line-protocol ingestion speed beside /imp of the same rows, in one run (issue 17): the bench's cpu and
 * trades CSVs, converted once (before timing) to ILP lines with nanosecond timestamps, go to a fresh server
 * process four ways, each into its own table:
 *   - /imp: the CSV as bench.mjs sends it (schema part, then the file streamed), time to the response;
 *   - ILP HTTP, 1 client: POST /write in ~10 MB requests one after another, time to the last 204;
 *   - ILP HTTP, 4 clients: the same requests dealt round-robin to 4 concurrent connections;
 *   - ILP TCP: one connection streaming every line, time until `count()` sees all rows.
 * Every way ends with `count()` = rows (checked). Prints committed rows/s per way and the server's CPU seconds.
 *
 *   node dist/tools/ilp-bench.js --data DIR [--size 1M] [--only cpu,trades] [--request-mb 10]
 *     [--ways imp,h1,h4,tcp]
 *
 * Set server keys through the environment (SVC_...): they pass to the server process.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PROJECT_DIR } from '../core/project';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1] ?? '');
const size = args.get('size') ?? '1M';
const dataDir = args.get('data') ?? '';
if (dataDir === '') {
  process.stderr.write('usage: node dist/tools/ilp-bench.js --data DIR (the folder with cpu-<size>.csv and trades-<size>.csv) [--size 1M] …\n');
  process.exit(2);
}
const datasets = (args.get('only') ?? 'cpu,trades').split(',');
const requestBytes = Number(args.get('request-mb') ?? '10') * 1024 * 1024;
const ways = new Set((args.get('ways') ?? 'imp,h1,h4,tcp').split(','));

/** The schema part bench.mjs sends with /imp. */
const DOUBLE = (name: string): { name: string; type: string } => ({ name, type: 'DOUBLE' });
const TS = { name: 'ts', type: 'TIMESTAMP', pattern: 'yyyy-MM-ddTHH:mm:ss.SSSUUUZ' };
const SCHEMAS: Readonly<Record<string, unknown>> = {
  cpu: [TS, { name: 'hostname', type: 'SYMBOL' }, { name: 'region', type: 'SYMBOL' },
    ...['usage_user', 'usage_system', 'usage_idle', 'usage_nice', 'usage_iowait', 'usage_irq', 'usage_softirq', 'usage_steal',
      'usage_guest', 'usage_guest_nice'].map(DOUBLE)],
  trades: [TS, { name: 'symbol', type: 'SYMBOL' }, { name: 'side', type: 'SYMBOL' }, DOUBLE('price'), DOUBLE('amount')],
};

interface Converted { readonly file: string; readonly rows: number; readonly bytes: number; readonly cuts: number[] }

/** CSV (ts ISO µs, symbols, doubles) → ILP file; `cuts` are offsets of ~requestBytes slices at line ends. */
function convert(dataset: string, csvPath: string, out: string): Converted {
  const lines = readFileSync(csvPath, 'latin1').split('\n');
  const header = lines[0].split(',');
  const symbols = 2;
  const fd = openSync(out, 'w');
  let buffer = '';
  let bytes = 0;
  let rows = 0;
  const cuts = [0];
  let sinceCut = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const f = line.split(',');
    const iso = f[0];
    const nanos = BigInt(Date.parse(`${iso.slice(0, 23)}Z`)) * 1_000_000n + BigInt(iso.slice(23, 26)) * 1000n;
    let text = dataset;
    for (let k = 1; k <= symbols; k++) text += `,${header[k]}=${f[k]}`;
    text += ' ';
    for (let k = symbols + 1; k < f.length; k++) text += `${k > symbols + 1 ? ',' : ''}${header[k]}=${f[k]}`;
    text += ` ${nanos}\n`;
    if (sinceCut + text.length > requestBytes) {
      cuts.push(bytes);
      sinceCut = 0;
    }
    buffer += text;
    bytes += text.length;
    sinceCut += text.length;
    rows++;
    if (buffer.length > 1 << 20) { writeSync(fd, buffer, null, 'latin1'); buffer = ''; }
  }
  writeSync(fd, buffer, null, 'latin1');
  closeSync(fd);
  cuts.push(bytes);
  return { file: out, rows, bytes, cuts };
}

class Server {
  private child: ChildProcess | undefined;
  port = 0;
  tcpPort = 0;
  private output = '';

  constructor(private readonly root: string) {}

  async start(): Promise<void> {
    const env = { ...process.env, SVC_HTTP_NET_BIND_TO: '127.0.0.1:0', SVC_HTTP_MIN_NET_BIND_TO: '127.0.0.1:0', SVC_LINE_TCP_NET_BIND_TO: '127.0.0.1:0' };
    const nodeArgs = (process.env.ILP_BENCH_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
    const child = spawn(process.execPath, [...nodeArgs, join(PROJECT_DIR, 'dist', 'core', 'cli.js'), '-d', this.root], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const onData = (c: Buffer): void => { this.output = (this.output + c.toString('utf8')).slice(-20000); };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const deadline = Date.now() + 30_000;
    while (!this.output.includes('server is ready')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${this.output}`);
      await sleep(50);
    }
    this.port = Number(/http server listening on [^\s]*:(\d+)/.exec(this.output)?.[1]);
    this.tcpPort = Number(/line tcp server listening on [^\s]*:(\d+)/.exec(this.output)?.[1]);
  }

  stop(): void {
    this.child?.kill('SIGTERM');
  }

  /** CPU seconds the server process used so far (user + system, from /proc). */
  cpuSeconds(): number {
    const fields = readFileSync(`/proc/${this.child?.pid ?? 0}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  }
}

function http(port: number, method: string, path: string, body?: Buffer | Readable, headers: Record<string, string | number> = {},
  agent: Agent | false = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body instanceof Readable) body.pipe(req);
    else req.end(body);
  });
}

async function count(port: number, table: string): Promise<number> {
  const r = await http(port, 'GET', `/exec?query=${encodeURIComponent(`select count() from '${table}'`)}`);
  if (r.status !== 200) return -1;
  return Number((JSON.parse(r.text) as { dataset: number[][] }).dataset[0][0]);
}

async function imp(server: Server, dataset: string, csv: string, table: string): Promise<number> {
  const boundary = `----ilpbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="schema"\r\n\r\n${JSON.stringify(SCHEMAS[dataset])}\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${dataset}.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Buffer> {
    yield head;
    for await (const c of createReadStream(csv)) yield c as Buffer;
    yield tail;
  }
  const params = `name=${table}&timestamp=ts&partitionBy=DAY&overwrite=true&fmt=json&forceHeader=true&delimiter=,`;
  const t0 = performance.now();
  const r = await http(server.port, 'POST', `/imp?${params}`, Readable.from(parts()), {
    'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + statSync(csv).size + tail.length,
  });
  if (r.status !== 200) throw new Error(`/imp: ${r.status} ${r.text.slice(0, 300)}`);
  return performance.now() - t0;
}

function slice(c: Converted, k: number, fd: number): Buffer {
  const b = Buffer.allocUnsafe(c.cuts[k + 1] - c.cuts[k]);
  readSync(fd, b, 0, b.length, c.cuts[k]);
  return b;
}

async function ilpHttp(server: Server, c: Converted, table: string, clients: number): Promise<number> {
  const fd = openSync(c.file, 'r');
  const requests = c.cuts.length - 1;
  // Read before timing: the bench measures the server, not this process's disk reads.
  const bodies = Array.from({ length: requests }, (_, k) => renameTable(slice(c, k, fd), table));
  closeSync(fd);
  let next = 0;
  // Each client keeps its connection, as ILP clients do.
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const t0 = performance.now();
  try {
    await Promise.all(Array.from({ length: clients }, async () => {
      for (let k = next++; k < requests; k = next++) {
        const r = await http(server.port, 'POST', '/write', bodies[k], {}, agent);
        if (r.status !== 204) throw new Error(`/write: ${r.status} ${r.text.slice(0, 300)}`);
      }
    }));
    return performance.now() - t0;
  } finally {
    agent.destroy();
  }
}

async function ilpTcp(server: Server, c: Converted, table: string): Promise<number> {
  const fd = openSync(c.file, 'r');
  const bodies = Array.from({ length: c.cuts.length - 1 }, (_, k) => renameTable(slice(c, k, fd), table));
  closeSync(fd);
  const t0 = performance.now();
  const socket = connect(server.tcpPort, '127.0.0.1');
  await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  for (const b of bodies) {
    if (!socket.write(b)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  socket.end();
  while ((await count(server.port, table)) < c.rows) await sleep(20);
  return performance.now() - t0;
}

/** The lines start with the dataset name; each way writes its own table (same name length, so bytes stay equal). */
function renameTable(b: Buffer, table: string): Buffer {
  const from = Buffer.from(table.split('_')[0]);
  const to = Buffer.from(table);
  if (from.equals(to)) return b;
  return Buffer.from(b.toString('latin1').split(`${from.toString('latin1')},`).join(`${to.toString('latin1')},`), 'latin1');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'ilp-bench-'));
  const server = new Server(join(work, 'root'));
  const results: string[] = [];
  try {
    await server.start();
    for (const dataset of datasets) {
      const csv = join(dataDir, `${dataset}-${size}.csv`);
      const c = convert(dataset, csv, join(work, `${dataset}.ilp`));
      console.log(`${dataset}: ${c.rows} rows, CSV ${(statSync(csv).size / 1e6).toFixed(0)} MB, ILP ${(c.bytes / 1e6).toFixed(0)} MB in ${c.cuts.length - 1} requests`);
      const all: [string, string, () => Promise<number>][] = [
        ['/imp', `${dataset}_imp`, () => imp(server, dataset, csv, `${dataset}_imp`)],
        ['ILP HTTP x1', `${dataset}_h1`, () => ilpHttp(server, c, `${dataset}_h1`, 1)],
        ['ILP HTTP x4', `${dataset}_h4`, () => ilpHttp(server, c, `${dataset}_h4`, 4)],
        ['ILP TCP', `${dataset}_tcp`, () => ilpTcp(server, c, `${dataset}_tcp`)],
      ];
      const row: string[] = [dataset];
      for (const [name, table, run] of all.filter(([, t]) => ways.has(t.split('_')[1]))) {
        const cpu0 = server.cpuSeconds();
        const ms = await run();
        const cpu = server.cpuSeconds() - cpu0;
        const n = await count(server.port, table);
        if (n !== c.rows) throw new Error(`${name}: ${n} rows in ${table}, expected ${c.rows}`);
        const rate = c.rows / ms / 1000;
        console.log(`  ${name.padEnd(12)} ${(ms / 1000).toFixed(2)} s  ${rate.toFixed(2)} M rows/s  (server CPU ${cpu.toFixed(2)} s)`);
        row.push(`${rate.toFixed(2)} M/s (${(ms / 1000).toFixed(1)} s)`);
      }
      results.push(`| ${row.join(' | ')} |`);
    }
    // Only the ways that ran (`--ways`), in the order they ran.
    const heads = [['imp', '/imp'], ['h1', 'ILP HTTP 1 client'], ['h4', 'ILP HTTP 4 clients'], ['tcp', 'ILP TCP']].filter(([w]) => ways.has(w)).map(([, h]) => h);
    console.log(`\n| dataset | ${heads.join(' | ')} |\n|${'---|'.repeat(heads.length + 1)}`);
    console.log(results.join('\n'));
  } finally {
    server.stop();
    await sleep(500);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
