/**
 * Connections accepted past `http.net.connection.limit` without a slot (ConnectionGuard): Node reads their
 * requests as usual, but a request runs only once its connection is seated in a slot. Seats go first to
 * connections whose request has arrived, then in arrival order. A slot is looked for whenever one is freed
 * and, while a request waits, every 100 ms (a connection becomes evictable when its silence passes the
 * guard's grace, which no event announces). A request waits at most `waitMs`; then `admit` says no and the
 * caller answers 503.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

interface Waiter {
  readonly acceptedAt: number;
  headerTimer: NodeJS.Timeout | undefined;
  pending: { readonly req: IncomingMessage; readonly res: ServerResponse } | undefined;
  /** Resolved by the seating (true) or the admission timeout (false). */
  readonly admitted: ((ok: boolean) => void)[];
}

const RETRY_MS = 100;

export class WaitingRoom {
  private readonly waiters = new Map<Socket, Waiter>();
  private ticker: NodeJS.Timeout | undefined;

  /**
   * `freeSlot` makes room for one more connection (false when it cannot); `seat` gives the socket its slot,
   * with the time it was accepted (so its header timeout and idleness count from then).
   */
  constructor(
    private readonly capacity: number,
    private readonly waitMs: number,
    private readonly freeSlot: () => boolean,
    private readonly seat: (socket: Socket, acceptedAt: number) => void,
  ) {}

  get size(): number {
    return this.waiters.size;
  }

  /** Takes a newcomer in; false when the room is full. `onSilent` closes it when its headers never come. */
  enter(socket: Socket, headerTimeoutMs: number, onSilent: () => void): boolean {
    if (this.waiters.size >= this.capacity) return false;
    const waiter: Waiter = { acceptedAt: performance.now(), headerTimer: undefined, pending: undefined, admitted: [] };
    waiter.headerTimer = setTimeout(() => { waiter.headerTimer = undefined; if (!waiter.pending) onSilent(); }, headerTimeoutMs);
    waiter.headerTimer.unref();
    this.waiters.set(socket, waiter);
    socket.once('close', () => this.leave(socket, false));
    return true;
  }

  /** A waiting connection's request has arrived (its head read); it is seated now if a slot can be had. */
  requestArrived(req: IncomingMessage, res: ServerResponse): void {
    const waiter = this.waiters.get(req.socket);
    if (!waiter) return;
    if (waiter.headerTimer) { clearTimeout(waiter.headerTimer); waiter.headerTimer = undefined; }
    waiter.pending = { req, res };
    if (this.freeSlot()) this.seatNow(req.socket);
    else this.tick();
  }

  /** The request (and response) that arrived while `socket` waited, for the guard to count once seated. */
  pendingResponse(socket: Socket): Waiter['pending'] {
    return this.waiters.get(socket)?.pending;
  }

  /** Resolves true when `socket` is seated, false after the wait or when it is not waiting. */
  admit(socket: Socket): Promise<boolean> {
    const waiter = this.waiters.get(socket);
    if (!waiter) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // No slot in time: the connection leaves the room and is answered 503 (then closed).
        this.leave(socket, false);
      }, this.waitMs);
      timer.unref();
      waiter.admitted.push((ok) => { clearTimeout(timer); resolve(ok); });
    });
  }

  /** A slot was freed: the first waiter with a request takes it, else the longest waiting. */
  slotFreed(): void {
    if (this.waiters.size === 0) return;
    let chosen: Socket | undefined;
    for (const [socket, waiter] of this.waiters) {
      if (waiter.pending) { chosen = socket; break; }
      chosen ??= socket;
    }
    if (chosen && this.freeSlot()) this.seatNow(chosen);
  }

  clear(): void {
    for (const socket of [...this.waiters.keys()]) this.leave(socket, false);
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private seatNow(socket: Socket): void {
    const waiter = this.waiters.get(socket);
    if (!waiter) return;
    this.waiters.delete(socket);
    if (waiter.headerTimer) clearTimeout(waiter.headerTimer);
    this.seat(socket, waiter.acceptedAt);
    for (const done of waiter.admitted.splice(0)) done(true);
  }

  private leave(socket: Socket, seated: boolean): void {
    const waiter = this.waiters.get(socket);
    if (!waiter) return;
    this.waiters.delete(socket);
    if (waiter.headerTimer) clearTimeout(waiter.headerTimer);
    for (const done of waiter.admitted.splice(0)) done(seated);
  }

  /** While a request waits, looks for a slot every RETRY_MS. */
  private tick(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      for (const [socket, waiter] of this.waiters) {
        if (!waiter.pending) continue;
        if (!this.freeSlot()) break;
        this.seatNow(socket);
      }
      if (![...this.waiters.values()].some((w) => w.pending)) {
        clearInterval(this.ticker);
        this.ticker = undefined;
      }
    }, RETRY_MS);
    this.ticker.unref();
  }
}
