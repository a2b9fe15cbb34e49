/**
 * One query over the PostgreSQL wire protocol with every result column in binary format, reading the raw
 * DataRow bytes itself: node-postgres and pg-protocol decode every field as UTF-8 text, which breaks binary
 * values. Frontend messages come from pg-protocol's serializer (node-postgres' own).
 */
import { connect, Socket } from 'node:net';
import { serialize } from 'pg-protocol';

export interface BinaryResult {
  readonly oids: number[];
  readonly rows: (Buffer | null)[][];
}

class MessageReader {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private failure: Error | undefined;

  constructor(socket: Socket) {
    socket.on('data', (c: Buffer) => { this.buffer = Buffer.concat([this.buffer, c]); this.waiting?.(); });
    socket.on('error', (e) => { this.failure = e; this.waiting?.(); });
    socket.on('close', () => { this.failure ??= new Error('the server closed the connection'); this.waiting?.(); });
  }

  /** The next backend message: its type letter and body. */
  async next(): Promise<{ type: string; body: Buffer }> {
    for (;;) {
      if (this.buffer.length >= 5) {
        const length = this.buffer.readInt32BE(1);
        if (this.buffer.length >= 1 + length) {
          const type = String.fromCharCode(this.buffer[0]);
          const body = this.buffer.subarray(5, 1 + length);
          this.buffer = this.buffer.subarray(1 + length);
          return { type, body };
        }
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => { this.waiting = resolve; });
      this.waiting = undefined;
    }
  }
}

function errorText(body: Buffer): string {
  return body.toString('utf8').split('\0').filter((f) => f.startsWith('M')).map((f) => f.slice(1)).join('; ');
}

export async function binaryQuery(host: string, port: number, sql: string, user = 'admin', password = 'quest'): Promise<BinaryResult> {
  const socket = connect(port, host);
  const reader = new MessageReader(socket);
  try {
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
    socket.write(serialize.startup({ user, database: 'qdb' }));
    for (let m = await reader.next(); m.type !== 'Z'; m = await reader.next()) {
      if (m.type === 'R' && m.body.readInt32BE(0) === 3) socket.write(serialize.password(password));
      if (m.type === 'E') throw new Error(`login: ${errorText(m.body)}`);
    }
    socket.write(Buffer.concat([serialize.parse({ text: sql }), serialize.bind({ binary: true }), serialize.describe({ type: 'P' }), serialize.execute(), serialize.sync()]));
    const out: BinaryResult = { oids: [], rows: [] };
    for (let m = await reader.next(); m.type !== 'Z'; m = await reader.next()) {
      if (m.type === 'E') throw new Error(errorText(m.body));
      if (m.type === 'T') {
        let at = 2;
        for (let f = m.body.readInt16BE(0); f > 0; f--) {
          at = m.body.indexOf(0, at) + 1;
          out.oids.push(m.body.readInt32BE(at + 6));
          at += 18;
        }
      }
      if (m.type === 'D') {
        const row: (Buffer | null)[] = [];
        let at = 2;
        for (let f = m.body.readInt16BE(0); f > 0; f--) {
          const len = m.body.readInt32BE(at);
          at += 4;
          row.push(len < 0 ? null : Buffer.from(m.body.subarray(at, at + len)));
          if (len > 0) at += len;
        }
        out.rows.push(row);
      }
    }
    return out;
  } finally {
    socket.destroy();
  }
}
