/**
 * One fuzzing connection to the PostgreSQL listener: either a start-up fuzz (a random or mutated first
 * packet, then whatever comes) or a logged-in session that sends pipelines of generated messages, each
 * usually ended by Sync, and waits for the answer (ReadyForQuery), the server closing, or a timeout.
 * Sometimes it cuts the connection in the middle of a message. Every ErrorResponse's SQLSTATE is
 * counted; `XX000` (an internal error) is what the fuzzer looks for.
 */
import { connect, Socket } from 'node:net';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser';
import type { BackendMessage, DatabaseError } from 'pg-protocol/dist/messages';
import { PgFuzzMessages } from './pg-fuzz-messages';
import { SeededRandom } from './seeded-random';

export interface FuzzCounters {
  inputs: number;
  sessions: number;
  cut: number;
  closedByServer: number;
  /** SQLSTATE → ErrorResponses received. */
  readonly codes: Map<string, number>;
}

const INTERNAL = Buffer.from('\0CXX000\0', 'latin1');

class Connection {
  readonly received: BackendMessage[] = [];
  closed = false;
  internal = 0;
  private parser = new Parser();
  private parsing = true;
  private waiters: (() => void)[] = [];

  constructor(readonly socket: Socket, parse: boolean, counters: FuzzCounters) {
    this.parsing = parse;
    socket.on('data', (chunk: Buffer) => {
      // Scanned raw as well: a start-up answer ('N', 'S') is no framed message.
      for (let at = chunk.indexOf(INTERNAL); at >= 0; at = chunk.indexOf(INTERNAL, at + 1)) this.internal++;
      if (this.parsing) {
        try {
          this.parser.parse(chunk, (m) => {
            this.received.push(m);
            if (m.name === 'error') { const code = (m as DatabaseError).code ?? '?'; counters.codes.set(code, (counters.codes.get(code) ?? 0) + 1); }
          });
        } catch {
          this.parsing = false;
        }
      }
      this.wake();
    });
    socket.on('close', () => { this.closed = true; this.wake(); });
    socket.on('error', () => undefined);
  }

  /** Waits until a message named `name` arrived after index `from`, the socket closed, or `ms` passed. */
  async until(name: BackendMessage['name'], from: number, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.received.slice(from).some((m) => m.name === name)) return true;
      if (this.closed || Date.now() > deadline) return false;
      await new Promise<void>((resolve) => { this.waiters.push(resolve); setTimeout(resolve, 20); });
    }
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

async function open(host: string, port: number, parse: boolean, counters: FuzzCounters): Promise<Connection> {
  const socket = connect(port, host);
  await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('error', reject); });
  socket.setNoDelay(true);
  return new Connection(socket, parse, counters);
}

/** Runs one connection; returns the internal errors (XX000) it saw. `more()` says whether inputs are still wanted. */
export async function fuzzConnection(host: string, port: number, r: SeededRandom, counters: FuzzCounters, more: () => boolean): Promise<number> {
  const gen = new PgFuzzMessages(r);
  counters.sessions++;
  if (r.chance(0.25)) {
    const c = await open(host, port, false, counters);
    c.socket.write(gen.startup());
    counters.inputs++;
    if (r.chance(0.5)) { c.socket.write(r.bytes(r.int(64))); counters.inputs++; }
    await c.until('readyForQuery', 0, 150);
    c.socket.destroy();
    return c.internal;
  }
  const c = await open(host, port, true, counters);
  try {
    return await session(c, gen, r, counters, more);
  } finally {
    // Whatever happened (the generator threw, say), the connection does not outlive its session.
    if (!c.closed && !c.socket.writableEnded) c.socket.destroy();
  }
}

async function session(c: Connection, gen: PgFuzzMessages, r: SeededRandom, counters: FuzzCounters, more: () => boolean): Promise<number> {
  c.socket.write(serialize.startup({ user: 'admin', database: 'qdb' }));
  await c.until('authenticationCleartextPassword', 0, 2000);
  c.socket.write(serialize.password('quest'));
  if (!await c.until('readyForQuery', 0, 2000)) { c.socket.destroy(); return c.internal; }
  let copying = false;
  for (let pipelines = 0; more() && !c.closed && pipelines < 40; pipelines++) {
    const from = c.received.length;
    const parts: Buffer[] = [];
    for (let k = 1 + r.int(6); k > 0; k--) {
      const m = gen.session(copying);
      if (m[0] === 0x63 || m[0] === 0x66) copying = false;
      parts.push(m);
      counters.inputs++;
    }
    const synced = r.chance(0.85);
    if (synced) parts.push(serialize.sync());
    const bytes = Buffer.concat(parts);
    if (r.chance(0.03)) {
      c.socket.write(bytes.subarray(0, r.int(bytes.length)));
      c.socket.destroy();
      counters.cut++;
      return c.internal;
    }
    c.socket.write(bytes);
    // Without Sync (or inside a COPY) no ReadyForQuery may come: wait briefly then.
    await c.until('readyForQuery', from, synced && !copying ? 1000 : 150);
    const answered = c.received.slice(from);
    // A Sync with no answer at all: a lying length made the server wait for bytes that will not come.
    if (synced && !copying && answered.length === 0) break;
    if (answered.some((m) => m.name === 'copyInResponse')) copying = true;
    if (answered.some((m) => m.name === 'readyForQuery')) copying = copying && answered[answered.length - 1].name === 'copyInResponse';
  }
  if (c.closed) counters.closedByServer++;
  else if (r.chance(0.5)) c.socket.end(serialize.end()); else c.socket.destroy();
  return c.internal;
}
