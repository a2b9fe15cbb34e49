/**
 * The API listener's connection rules (`http.net.connection.limit`, `http.request.header.timeout`):
 * - A new connection must deliver its first request's headers within the header timeout, or it is closed;
 *   later requests on a kept-alive connection are held to the same time by Node's `headersTimeout`.
 * - A connection holds one of `limit` slots. At the limit, a newcomer takes the slot of the connection idle
 *   longest among those that have proven idle: kept alive after an answered request, or silent (or half-way
 *   through their headers) for the eviction grace (2 s, at most half the header timeout). A connection
 *   younger than that is a client about to send its request (a burst of new connections), never a victim.
 * - A newcomer that finds no such slot waits without one (at most `limit` of them), its request read as it
 *   arrives: it takes the first slot freed or proven idle, and its request runs then. A request that finds
 *   no slot within the admission wait (3 s, at most the header timeout) is answered a well-framed `503` with
 *   `Connection: close`, its head read first, so the client hears it instead of a reset. Past the waiting
 *   room a newcomer gets the same `503` at once, and its socket is read until the client closes it.
 *   So half-open connections cannot lock clients out, and a burst of real requests is answered or refused,
 *   never reset.
 * - `ServerMetrics.apiListener` tells the health listener whether the API accepts (listening and not
 *   saturated by requests in flight) and how many connections hold slots.
 */
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Log } from '../log/log';
import { ServerMetrics } from '../metrics/server-metrics';
import { rawTextAnswer } from './response-framing';
import { WaitingRoom } from './waiting-room';

interface Tracked {
  /** Requests in flight (0 or 1 without pipelining). */
  active: number;
  /** Requests answered on this connection. */
  answered: number;
  /** When the connection last became idle (or was accepted). */
  idleSince: number;
  /** Armed until the first request's headers have arrived. */
  headerTimer: NodeJS.Timeout | undefined;
}

const REJECTED = new WeakSet<Socket>();

/** True for a connection turned away at the limit: its requests must not run. */
export function isRejectedConnection(socket: Socket | null | undefined): boolean {
  return socket !== null && socket !== undefined && REJECTED.has(socket);
}

/** How long a turned-away socket is read before it is closed, when its client does not close it first. */
const TURNED_AWAY_LINGER_MS = 5000;

export class ConnectionGuard {
  private readonly tracked = new Map<Socket, Tracked>();
  private readonly waiting: WaitingRoom;
  private listening = false;
  /** A connection silent for this long (and never answered) may give its slot to a newcomer. */
  readonly graceMs: number;
  /** How long a request without a slot waits for one before its 503. */
  readonly admissionWaitMs: number;

  constructor(
    server: Server,
    private readonly limit: number,
    private readonly headerTimeoutMs: number,
    private readonly metrics: ServerMetrics,
    private readonly log: Log,
  ) {
    this.graceMs = Math.min(2000, Math.floor(headerTimeoutMs / 2));
    this.admissionWaitMs = Math.min(3000, headerTimeoutMs);
    this.waiting = new WaitingRoom(limit, this.admissionWaitMs, () => this.freeSlot(), (socket, acceptedAt) => this.track(socket, acceptedAt));
    server.prependListener('connection', (socket: Socket) => this.accept(socket));
    // A request with `Expect: 100-continue` (curl sends it for large bodies) is emitted as 'checkContinue'
    // instead of 'request' when someone listens for it, as the framework does.
    for (const event of ['request', 'checkContinue', 'checkExpectation']) {
      server.prependListener(event, (req: IncomingMessage, res: ServerResponse) => this.begin(req, res));
    }
    server.on('listening', () => { this.listening = true; this.publish(); });
    server.on('close', () => { this.listening = false; this.waiting.clear(); this.publish(); });
  }

  /** Connections holding a slot. */
  get open(): number {
    return this.tracked.size;
  }

  /**
   * Resolves true once the request's connection holds a slot (at once when it does), false when none came
   * within the admission wait: the caller answers 503 and does not run the request.
   */
  admit(req: IncomingMessage): boolean | Promise<boolean> {
    if (this.tracked.has(req.socket)) return true;
    return this.waiting.admit(req.socket);
  }

  /** The 503 a request that found no slot gets (the caller sends it with `Connection: close`). */
  get refusal(): string {
    return `too many connections [limit=${this.limit}]\r\n`;
  }

  private accept(socket: Socket): void {
    if (this.tracked.size < this.limit || this.evictIdle()) {
      this.track(socket);
      return;
    }
    if (this.waiting.enter(socket, this.headerTimeoutMs, () => this.closeSilent(socket))) return;
    this.turnAway(socket);
  }

  /**
   * Gives `socket` a slot: a newcomer, or a waiting connection whose turn came (its header timeout and
   * silence count from `acceptedAt`).
   */
  private track(socket: Socket, acceptedAt = performance.now()): void {
    const entry: Tracked = { active: 0, answered: 0, idleSince: acceptedAt, headerTimer: undefined };
    entry.headerTimer = setTimeout(() => {
      entry.headerTimer = undefined;
      if (entry.active === 0 && entry.answered === 0) this.closeSilent(socket);
    }, Math.max(0, this.headerTimeoutMs - (performance.now() - acceptedAt)));
    entry.headerTimer.unref();
    this.tracked.set(socket, entry);
    socket.once('close', () => {
      if (entry.headerTimer) clearTimeout(entry.headerTimer);
      if (this.tracked.get(socket) === entry) this.tracked.delete(socket);
      this.publish();
      this.waiting.slotFreed();
    });
    // A waiting connection's request may already have arrived: it is in flight from now on.
    const pending = this.waiting.pendingResponse(socket);
    if (pending) this.begin(pending.req, pending.res);
    this.publish();
  }

  private closeSilent(socket: Socket): void {
    this.log.info(`connection closed: no request headers within ${this.headerTimeoutMs} ms [remote=${socket.remoteAddress}:${socket.remotePort}]`);
    socket.destroy();
  }

  private begin(req: IncomingMessage, res: ServerResponse): void {
    const entry = this.tracked.get(req.socket);
    if (!entry) {
      this.waiting.requestArrived(req, res);
      return;
    }
    if (entry.headerTimer) { clearTimeout(entry.headerTimer); entry.headerTimer = undefined; }
    entry.active++;
    this.publish();
    res.once('close', () => {
      entry.active--;
      entry.answered++;
      entry.idleSince = performance.now();
      this.publish();
    });
  }

  /** A slot for a waiting connection: a free one, or one taken from a connection proven idle. */
  private freeSlot(): boolean {
    return this.tracked.size < this.limit || this.evictIdle();
  }

  /**
   * Closes the connection idle longest among those proven idle (answered before, or silent for the grace);
   * false when there is none: every other connection has a request in flight or has only just connected.
   */
  private evictIdle(): boolean {
    // Kept-alive connections first (closing one between requests is ordinary HTTP), then silent ones.
    let victim: Socket | undefined;
    let rank = Infinity;
    const now = performance.now();
    for (const [socket, entry] of this.tracked) {
      if (entry.active > 0) continue;
      if (entry.answered === 0 && now - entry.idleSince < this.graceMs) continue;
      const r = entry.idleSince - (entry.answered > 0 ? 1e12 : 0);
      if (r < rank) { victim = socket; rank = r; }
    }
    if (!victim) return false;
    this.log.info(`connection limit reached, closing the connection idle longest [limit=${this.limit}, remote=${victim.remoteAddress}:${victim.remotePort}]`);
    const entry = this.tracked.get(victim);
    if (entry?.headerTimer) clearTimeout(entry.headerTimer);
    this.tracked.delete(victim);
    victim.destroy();
    return true;
  }

  /**
   * The waiting room is full too: a 503 now. The socket is then read (its request, if it sends one, is
   * parsed and dropped) until the client closes it, so the answer is not lost to a reset.
   */
  private turnAway(socket: Socket): void {
    REJECTED.add(socket);
    this.log.error(`connection refused: every connection has a request in flight [limit=${this.limit}, remote=${socket.remoteAddress}:${socket.remotePort}]`);
    socket.end(rawTextAnswer(503, this.refusal));
    setTimeout(() => socket.destroy(), TURNED_AWAY_LINGER_MS).unref();
  }

  /** [accepting, connections, limit] for the health listener's worker thread. */
  private publish(): void {
    let busy = 0;
    for (const entry of this.tracked.values()) if (entry.active > 0) busy++;
    const state = this.metrics.apiListener;
    const accepting = this.listening && busy < this.limit ? 1 : 0;
    if (Atomics.exchange(state, 0, accepting) !== accepting) this.metrics.httpListenerStateChanges++;
    Atomics.store(state, 1, this.tracked.size);
    Atomics.store(state, 2, this.limit);
  }
}
