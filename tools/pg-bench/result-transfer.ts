/**
 * Times one whole result to its last byte, the way each protocol delivers it: /exec JSON over HTTP, and
 * PostgreSQL Parse/Bind/Execute/Sync with text or binary result columns read until ReadyForQuery
 * (messages are only counted, not decoded, so the numbers are the server's).
 */
import { request } from 'node:http';
import { connect, Socket } from 'node:net';
import { serialize } from 'pg-protocol';

export interface Transfer {
  readonly ms: number;
  readonly bytes: number;
  readonly rows: number;
}

export function execJson(port: number, sql: string): Promise<Transfer> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/exec?query=${encodeURIComponent(sql)}`, agent: false }, (res) => {
      let bytes = 0, tail = '';
      res.on('data', (c: Buffer) => { bytes += c.length; tail = (tail + c.toString('latin1', Math.max(0, c.length - 64))).slice(-64); });
      res.on('end', () => resolve({ ms: performance.now() - t0, bytes, rows: Number(/"count":(\d+)/.exec(tail)?.[1] ?? 0) }));
      res.on('error', reject);
    }).on('error', reject).end();
  });
}

/** A logged-in PostgreSQL connection that counts DataRows. */
export class PgConnection {
  private constructor(private readonly socket: Socket) {}

  static async open(port: number): Promise<PgConnection> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
    const c = new PgConnection(socket);
    socket.write(serialize.startup({ user: 'admin', database: 'qdb' }));
    await c.until(0x52); // AuthenticationCleartextPassword
    socket.write(serialize.password('quest'));
    await c.until(0x5a);
    return c;
  }

  async result(sql: string, binary: boolean): Promise<Transfer> {
    const t0 = performance.now();
    this.socket.write(Buffer.concat([serialize.parse({ text: sql }), serialize.bind({ binary }), serialize.execute(), serialize.sync()]));
    const { bytes, rows } = await this.until(0x5a);
    return { ms: performance.now() - t0, bytes, rows };
  }

  close(): void {
    this.socket.end(serialize.end());
  }

  /** Reads messages until one of type `type` arrives; counts bytes and DataRows ('D'), whose bodies are skipped. */
  private until(type: number): Promise<{ bytes: number; rows: number }> {
    return new Promise((resolve, reject) => {
      let bytes = 0, rows = 0, skip = 0;
      let pending = Buffer.alloc(0);
      const done = (f: () => void): void => { this.socket.off('data', onData); f(); };
      const onData = (chunk: Buffer): void => {
        bytes += chunk.length;
        const b = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        pending = Buffer.alloc(0);
        let p = skip;
        skip = 0;
        for (;;) {
          if (p >= b.length) { skip = p - b.length; return; }
          if (p + 5 > b.length) { pending = Buffer.from(b.subarray(p)); return; }
          const t = b[p], end = p + 1 + b.readInt32BE(p + 1);
          if (t === 0x44) { rows++; p = end; continue; }
          if (end > b.length) { pending = Buffer.from(b.subarray(p)); return; }
          if (t === 0x45) { done(() => reject(new Error(b.toString('utf8', p + 5, end)))); return; }
          if (t === type) { done(() => resolve({ bytes, rows })); return; }
          p = end;
        }
      };
      this.socket.on('data', onData);
    });
  }
}
