/**
 * Parse worker threads for line protocol (`line.parse.workers`, default 1): sessions of large HTTP bodies and
 * TCP connections parse there, so parsing uses another core while the request thread receives bytes and
 * writes tables. Workers start on first use. With one worker a session's lines are parsed in order on it;
 * with more, plain-text input is spread over all of them (ParallelSource). A worker that dies fails its
 * sessions and is replaced.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { inject, injectable } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { LINE_PARSE_WORKERS } from '../../core/config/server-keys';
import { Lifecycle } from '../../core/extension/lifecycle';
import { BlockSource, SourceLimits } from './block-source';
import { ParallelSource, PIECE_BYTES } from './parallel-source';
import { BATCH_BYTES, RemoteSource } from './remote-source';
import { TimeUnit } from './time-unit';
import { isParseReply, ParseReply, ParseRequest } from './worker-protocol';

/** What the pool routes a worker's replies to. */
interface Receiver {
  receive(reply: ParseReply): void;
  fail(e: Error): void;
}

interface Slot {
  worker: Worker | undefined;
  readonly sessions: Map<number, Receiver>;
}

@injectable()
export class ParsePool implements Lifecycle {
  readonly name = 'line-parse-pool';
  readonly size: number;
  private readonly slots: Slot[];
  private next = 0;
  private nextId = 1;
  private stopped = false;

  /** Size of the pieces parallel sessions cut (tests make it small). */
  pieceBytes = PIECE_BYTES;

  /** `config` or, in tests, the number of workers. */
  constructor(@inject(ServerConfig) config: ServerConfig | number) {
    this.size = typeof config === 'number' ? config : config.get(LINE_PARSE_WORKERS);
    this.slots = Array.from({ length: this.size }, () => ({ worker: undefined, sessions: new Map() }));
  }

  async start(): Promise<void> {
    // Workers start with their first session.
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.slots.map(async (slot) => {
      const w = slot.worker;
      slot.worker = undefined;
      if (w) await w.terminate();
    }));
  }

  /**
   * A session on the workers: for a body (not `eager`) with two or more workers, one that spreads plain-text
   * input over all of them (ParallelSource); else one on the next worker, and an `eager` one (a TCP connection)
   * always so, since each of its chunks must be parsed as it arrives (a bad line closes the connection at once).
   * Undefined when there are no workers (or the pool stopped).
   */
  open(limits: SourceLimits, precision: TimeUnit, eager = true): BlockSource | undefined {
    if (this.size === 0 || this.stopped) return undefined;
    if (this.size === 1 || eager) return this.openSerial(limits, precision, eager);
    const id = this.nextId++;
    const lanes = this.slots.map((slot) => (message: ParseRequest): void => {
      (slot.worker ?? this.startWorker(slot)).postMessage(message);
    });
    const source = new ParallelSource(id, lanes, () => this.openSerial(limits, precision, eager), limits, precision, () => {
      for (const slot of this.slots) slot.sessions.delete(id);
    }, this.pieceBytes);
    for (const slot of this.slots) slot.sessions.set(id, source);
    return source;
  }

  /** A session parsed in order on the next worker; `eager`: each chunk goes to an idle worker at once (TCP). */
  private openSerial(limits: SourceLimits, precision: TimeUnit, eager: boolean): RemoteSource {
    const slot = this.slots[this.next++ % this.size];
    const worker = slot.worker ?? this.startWorker(slot);
    const id = this.nextId++;
    const source = new RemoteSource(id, {
      post: (message: ParseRequest) => worker.postMessage(message),
      detach: () => { slot.sessions.delete(id); },
    }, eager ? 1 : BATCH_BYTES);
    slot.sessions.set(id, source);
    worker.postMessage({ type: 'open', id, precision, ...limits } satisfies ParseRequest);
    return source;
  }

  private startWorker(slot: Slot): Worker {
    const worker = new Worker(join(__dirname, 'parse-worker.js'));
    worker.unref();
    slot.worker = worker;
    worker.on('message', (m: unknown) => {
      if (isParseReply(m)) slot.sessions.get(m.id)?.receive(m);
    });
    const lost = (e: Error): void => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      for (const s of slot.sessions.values()) s.fail(e);
      slot.sessions.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`line protocol parse worker exited [code=${code}]`)));
    return worker;
  }
}
