/**
 * Runs SQL on the svc server under test through its real HTTP API (`POST /exec`, form-encoded, with
 * `quoteLargeNum=true` so LONG values arrive as exact digits) over one keep-alive connection.
 */
import { Agent, request } from 'node:http';

export interface SvcColumn {
  readonly name: string;
  readonly type: string;
}

export type SvcAnswer =
  | { readonly ok: true; readonly columns: readonly SvcColumn[]; readonly rows: readonly (readonly unknown[])[] }
  | { readonly ok: false; readonly error: string; readonly status: number };

/** The kept-alive socket was closed by the server before it read the request. */
class StaleSocket extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class SvcRunner {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly host: string, private readonly port: number, private readonly timeoutMs = 60_000) {}

  /**
   * One statement; a refused or cut connection rejects (the server is gone), an SQL error resolves with ok:
   * false. A kept-alive connection the server closed as idle just as the request went out is retried once on
   * a new one (the request never reached the server).
   */
  async exec(sql: string): Promise<SvcAnswer> {
    try {
      return await this.send(sql);
    } catch (e) {
      if (!(e instanceof StaleSocket)) throw e;
      return this.send(sql);
    }
  }

  private send(sql: string): Promise<SvcAnswer> {
    const body = new URLSearchParams({ query: sql, quoteLargeNum: 'true' }).toString();
    return new Promise((resolve, reject) => {
      const req = request({
        host: this.host, port: this.port, path: '/exec', method: 'POST', agent: this.agent, timeout: this.timeoutMs,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve(answerOf(res.statusCode ?? 0, JSON.parse(text)));
          } catch {
            resolve({ ok: false, status: res.statusCode ?? 0, error: `unparsable answer: ${text.slice(0, 300)}` });
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error(`svc did not answer within ${this.timeoutMs} ms`)));
      req.on('error', (e: NodeJS.ErrnoException) => reject(req.reusedSocket && e.code === 'ECONNRESET' ? new StaleSocket(e.message) : e));
      req.end(body);
    });
  }

  /** A statement that must succeed (DDL, INSERT): an error throws with the statement's start. */
  async must(sql: string): Promise<void> {
    const a = await this.exec(sql);
    if (!a.ok) throw new Error(`svc refused ${sql.slice(0, 200)}: ${a.error}`);
  }

  /** Another runner on the same server with its own connection, so several queries can be in flight. */
  sibling(): SvcRunner {
    return new SvcRunner(this.host, this.port, this.timeoutMs);
  }

  close(): void {
    this.agent.destroy();
  }
}

function answerOf(status: number, json: unknown): SvcAnswer {
  if (!isRecord(json)) return { ok: false, status, error: 'answer is not a JSON object' };
  if (typeof json.error === 'string') return { ok: false, status, error: json.error };
  if (!Array.isArray(json.dataset)) return { ok: true, columns: [], rows: [] };
  const columns = Array.isArray(json.columns)
    ? json.columns.map((c) => (isRecord(c) ? { name: String(c.name), type: String(c.type) } : { name: '?', type: '?' }))
    : [];
  const rows = json.dataset.map((r) => (Array.isArray(r) ? r : []));
  return { ok: true, columns, rows };
}
