/**
 * The API listener's connection rules (`http.net.connection.limit`, `http.request.header.timeout`):
 * - A new connection must deliver its first request's headers within the header timeout, or it is closed;
 *   later requests on a kept-alive connection are held to the same time by Node's `headersTimeout`.
 * - At the limit, a new connection takes the slot of the connection idle longest (no request in flight:
 *   connected but silent, half-way through its headers, or kept alive between requests), which is closed.
 *   Only when every connection has a request in flight is the newcomer turned away, with a well-framed
 *   `503` and `Connection: close`. So half-open connections can never lock clients out.
 * - `ServerMetrics.apiListener` tells the health listener whether the API accepts (listening and not
 *   saturated by requests in flight) and how many connections are open.
 */
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Log } from '../log/log';
import { ServerMetrics } from '../metrics/server-metrics';
import { rawTextAnswer } from './response-framing';

interface Tracked {
  /** Requests in flight (0 or 1 without pipelining). */
  active: number;
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

export class ConnectionGuard {
  private readonly tracked = new Map<Socket, Tracked>();
  private listening = false;

  constructor(
    server: Server,
    private readonly limit: number,
    private readonly headerTimeoutMs: number,
    private readonly metrics: ServerMetrics,
    private readonly log: Log,
  ) {
    server.prependListener('connection', (socket: Socket) => this.accept(socket));
    // A request with `Expect: 100-continue` (curl sends it for large bodies) is emitted as 'checkContinue'
    // instead of 'request' when someone listens for it, as the framework does.
    for (const event of ['request', 'checkContinue', 'checkExpectation']) {
      server.prependListener(event, (req: IncomingMessage, res: ServerResponse) => this.begin(req, res));
    }
    server.on('listening', () => { this.listening = true; this.publish(); });
    server.on('close', () => { this.listening = false; this.publish(); });
  }

  get open(): number {
    return this.tracked.size;
  }

  private accept(socket: Socket): void {
    if (this.tracked.size >= this.limit && !this.evictIdle()) {
      this.reject(socket);
      return;
    }
    const entry: Tracked = { active: 0, idleSince: performance.now(), headerTimer: undefined };
    entry.headerTimer = setTimeout(() => {
      entry.headerTimer = undefined;
      if (entry.active === 0) {
        this.log.info(`connection closed: no request headers within ${this.headerTimeoutMs} ms [remote=${socket.remoteAddress}:${socket.remotePort}]`);
        socket.destroy();
      }
    }, this.headerTimeoutMs);
    entry.headerTimer.unref();
    this.tracked.set(socket, entry);
    socket.once('close', () => {
      if (entry.headerTimer) clearTimeout(entry.headerTimer);
      this.tracked.delete(socket);
      this.publish();
    });
    this.publish();
  }

  private begin(req: IncomingMessage, res: ServerResponse): void {
    const entry = this.tracked.get(req.socket);
    if (!entry) return;
    if (entry.headerTimer) { clearTimeout(entry.headerTimer); entry.headerTimer = undefined; }
    entry.active++;
    this.publish();
    res.once('close', () => {
      entry.active--;
      entry.idleSince = performance.now();
      this.publish();
    });
  }

  /** Closes the connection idle longest; false when every connection has a request in flight. */
  private evictIdle(): boolean {
    let victim: Socket | undefined;
    let since = Infinity;
    for (const [socket, entry] of this.tracked) {
      if (entry.active === 0 && entry.idleSince < since) { victim = socket; since = entry.idleSince; }
    }
    if (!victim) return false;
    this.log.info(`connection limit reached, closing the connection idle longest [limit=${this.limit}, remote=${victim.remoteAddress}:${victim.remotePort}]`);
    const entry = this.tracked.get(victim);
    if (entry?.headerTimer) clearTimeout(entry.headerTimer);
    this.tracked.delete(victim);
    victim.destroy();
    return true;
  }

  private reject(socket: Socket): void {
    REJECTED.add(socket);
    this.log.error(`connection refused: every connection has a request in flight [limit=${this.limit}, remote=${socket.remoteAddress}:${socket.remotePort}]`);
    socket.end(rawTextAnswer(503, `too many connections [limit=${this.limit}]\r\n`));
    setTimeout(() => socket.destroy(), 1000).unref();
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
