/**
 * The bench's HTTP client: `POST /imp` of a CSV streamed from disk with a `schema` part (timed from the
 * first byte to the moment `count(*)` sees every row), `GET /exec` timed on the client until its JSON is
 * parsed, and `GET /exp` streamed to a file. One keep-alive connection, as a script would use.
 */
import { createReadStream, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { SchemaColumn } from './bench-queries';

export interface HttpAnswer { readonly status: number; readonly bytes: number; readonly body: Buffer }

export interface ExecJson {
  readonly dataset: unknown[][];
  readonly error?: string;
}

function isExecJson(v: unknown): v is ExecJson {
  return typeof v === 'object' && v !== null && Array.isArray((v as { dataset?: unknown }).dataset);
}

export class BenchClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly port: number, private readonly timeoutMs = 600_000) {}

  /**
   * One request. A GET sent on a kept-alive socket the server closed meanwhile (its keep-alive timeout ran out
   * while this client was busy, e.g. parsing a 100 MB answer) fails with ECONNRESET before any answer: it is sent
   * again once, on a new socket, as browsers and HTTP clients do.
   */
  async send(method: string, path: string, headers: Record<string, string | number> = {}, body?: Readable, sink?: (c: Buffer) => void): Promise<HttpAnswer> {
    try {
      return await this.sendOnce(method, path, headers, body, sink);
    } catch (e) {
      if (method !== 'GET' || body || !(e instanceof Error) || !('reused' in e) || (e as { code?: string }).code !== 'ECONNRESET') throw e;
      return this.sendOnce(method, path, headers, body, sink);
    }
  }

  private sendOnce(method: string, path: string, headers: Record<string, string | number>, body?: Readable, sink?: (c: Buffer) => void): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, method, path, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => { bytes += c.length; if (sink) sink(c); else chunks.push(c); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`timeout: ${method} ${path.slice(0, 120)}`)));
      let answered = false;
      req.on('response', () => { answered = true; });
      // Marks a reset of a reused socket before any answer: the one case send() retries.
      req.on('error', (e: Error) => reject(req.reusedSocket && !answered ? Object.assign(e, { reused: true }) : e));
      if (body) body.pipe(req);
      else req.end();
    });
  }

  async exec(sql: string): Promise<ExecJson> {
    const r = await this.send('GET', `/exec?query=${encodeURIComponent(sql)}`);
    const json: unknown = JSON.parse(r.body.toString('utf8'));
    if (r.status !== 200 || !isExecJson(json)) throw new Error(`/exec HTTP ${r.status}: ${r.body.toString('utf8').slice(0, 300)}`);
    return json;
  }

  /** Imports `file` as table `name` (designated timestamp `timestamp`); resolves with the seconds until all `rows` are visible. */
  async importCsv(name: string, file: string, schema: readonly SchemaColumn[], rows: number, timestamp = 'ts'): Promise<number> {
    const boundary = `----svcbench${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="schema"\r\n\r\n${JSON.stringify(schema)}\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${basename(file)}"\r\nContent-Type: text/csv\r\n\r\n`, 'utf8');
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
    async function* parts(): AsyncIterable<Buffer> {
      yield head;
      for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) yield c as Buffer;
      yield tail;
    }
    const params = `name=${name}&timestamp=${timestamp}&partitionBy=DAY&overwrite=true&fmt=json&forceHeader=true&delimiter=,`;
    const t0 = performance.now();
    const r = await this.send('POST', `/imp?${params}`, {
      'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + statSync(file).size + tail.length,
    }, Readable.from(parts()));
    const text = r.body.toString('utf8');
    if (r.status !== 200 || !text.includes('"status":"OK"')) throw new Error(`/imp ${name}: HTTP ${r.status} ${text.slice(0, 300)}`);
    for (;;) {
      const n = Number((await this.exec(`SELECT count(*) FROM ${name}`)).dataset[0][0]);
      if (n >= rows) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    return (performance.now() - t0) / 1000;
  }

  close(): void {
    this.agent.destroy();
  }
}
