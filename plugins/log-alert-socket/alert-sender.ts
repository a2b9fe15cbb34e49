/**
 * Delivers rendered alerts to the alert manager: one target
 * chosen at random at start-up gets every alert over one kept-open connection, each alert an HTTP/1.1
 * `POST /api/v1/alerts` answered before the next is sent. When the target fails (no connection, an
 * error, a 5xx, or no answer within ACK_TIMEOUT_MS) the next target is tried at once; after every
 * target failed — or between attempts when there is only one — it waits `reconnectDelay` (250 ms) and
 * goes on trying. Nothing here blocks the caller: `enqueue` only queues, and the queue is bounded by
 * `outBufferSize` bytes; alerts beyond it, or still queued at shutdown, are dropped, counted and
 * reported — never silently lost. A 4xx answer means the alert manager refused this payload, so it
 * is counted as rejected and not retried.
 */
import { connect, Socket } from 'node:net';
import { AlertResponseReader } from './alert-response';
import { AlertSettings, AlertTarget } from './alert-settings';

export const ACK_TIMEOUT_MS = 5000;
export const CONNECT_TIMEOUT_MS = 2000;
/** How long `close` waits for queued alerts to go out. */
export const CLOSE_GRACE_MS = 1000;

export interface AlertStats {
  readonly delivered: number;
  readonly rejected: number;
  readonly dropped: number;
  readonly failedAttempts: number;
  readonly queued: number;
}

/** What the sender tells its writer, which turns it into log lines. */
export interface AlertEvents {
  targetDown(target: AlertTarget, reason: string): void;
  targetUp(target: AlertTarget): void;
  rejected(target: AlertTarget, status: number): void;
  dropped(count: number, why: string): void;
}

type Outcome = 'delivered' | 'rejected' | 'failed';

export class AlertSender {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private current: number;
  private socket: Socket | undefined;
  private pumping: Promise<void> | undefined;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private wake: (() => void) | undefined;
  private readonly down = new Set<number>();
  private lastFailure = '';
  private counts = { delivered: 0, rejected: 0, dropped: 0, failedAttempts: 0 };

  constructor(private readonly settings: AlertSettings, private readonly userAgent: string, private readonly events: AlertEvents,
    random: () => number = Math.random) {
    this.current = Math.floor(random() * settings.targets.length) % settings.targets.length;
  }

  get stats(): AlertStats {
    return { ...this.counts, queued: this.queue.length };
  }

  /** The target alerts go to now. */
  get target(): AlertTarget {
    return this.settings.targets[this.current];
  }

  /** Queues one alert body; returns at once. */
  enqueue(body: Buffer): void {
    if (this.state !== 'open') { this.drop(1, 'the writer is closed'); return; }
    if (this.queuedBytes + body.length > this.settings.outBufferSize) {
      this.drop(1, `outBufferSize (${this.settings.outBufferSize} bytes) of undelivered alerts is full`);
      return;
    }
    this.queue.push(body);
    this.queuedBytes += body.length;
    this.pumping ??= this.pump().finally(() => { this.pumping = undefined; });
  }

  /** Gives queued alerts CLOSE_GRACE_MS to go out (unless every target is down), then drops and reports the rest. */
  async close(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'closing';
    if (this.pumping && this.down.size < this.settings.targets.length) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.pumping, new Promise<void>((r) => { timer = setTimeout(r, CLOSE_GRACE_MS); })]);
      clearTimeout(timer);
    }
    this.state = 'closed';
    this.wake?.();
    this.socket?.destroy();
    this.socket = undefined;
    if (this.queue.length > 0) this.drop(this.queue.length, 'the server stopped before they could be delivered');
    this.queue.length = 0;
    this.queuedBytes = 0;
  }

  private async pump(): Promise<void> {
    while (this.queue.length > 0 && this.state !== 'closed') {
      if (await this.deliverFirst()) continue;
      await this.sleep(this.settings.reconnectDelayMs);
    }
  }

  /** Tries each target once, starting with the current one; true when the first alert is done with. */
  private async deliverFirst(): Promise<boolean> {
    const n = this.settings.targets.length;
    for (let attempt = 0; attempt < n && this.state !== 'closed'; attempt++) {
      const body = this.queue[0];
      const outcome = await this.sendOnce(this.settings.targets[this.current], body);
      if (outcome !== 'failed') {
        this.queue.shift();
        this.queuedBytes -= body.length;
        if (outcome === 'delivered') this.counts.delivered++;
        else this.counts.rejected++;
        if (this.down.delete(this.current)) this.events.targetUp(this.target);
        return true;
      }
      this.counts.failedAttempts++;
      this.closeSocket();
      if (!this.down.has(this.current)) {
        this.down.add(this.current);
        this.events.targetDown(this.target, this.lastFailure);
      }
      this.current = (this.current + 1) % n;
    }
    return false;
  }

  private async sendOnce(target: AlertTarget, body: Buffer): Promise<Outcome> {
    const socket = this.socket ?? await this.connect(target);
    if (!socket) return 'failed';
    this.socket = socket;
    const head = `POST /api/v1/alerts HTTP/1.1\r\nHost: ${socket.localAddress ?? '127.0.0.1'}\r\nUser-Agent: ${this.userAgent}\r\n`
      + `Accept: */*\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length).padStart(6)}\r\n\r\n`;
    return new Promise<Outcome>((resolve) => {
      const reader = new AlertResponseReader(this.settings.inBufferSize);
      const finish = (outcome: Outcome, failure = ''): void => {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        if (failure !== '') this.lastFailure = failure;
        resolve(outcome);
      };
      const onData = (chunk: Buffer): void => {
        if (!reader.push(chunk)) return;
        if (reader.closeAfter) this.closeSocket();
        if (reader.status >= 200 && reader.status < 300) finish('delivered');
        else if (reader.status >= 500) finish('failed', `HTTP ${reader.status}`);
        else { this.events.rejected(target, reader.status); finish('rejected'); }
      };
      const onClose = (): void => finish('failed', 'connection closed before an answer');
      const timer = setTimeout(() => finish('failed', `no answer within ${ACK_TIMEOUT_MS} ms`), ACK_TIMEOUT_MS);
      timer.unref();
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
    });
  }

  private connect(target: AlertTarget): Promise<Socket | undefined> {
    return new Promise((resolve) => {
      const socket = connect({ host: target.host, port: target.port });
      const fail = (reason: string): void => {
        clearTimeout(timer);
        this.lastFailure = reason;
        socket.destroy();
        resolve(undefined);
      };
      const timer = setTimeout(() => fail(`no connection within ${CONNECT_TIMEOUT_MS} ms`), CONNECT_TIMEOUT_MS);
      timer.unref();
      socket.once('error', (e) => fail(e.message));
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        // Errors after connecting surface as 'close' to the exchange in progress.
        socket.on('error', () => undefined);
        socket.once('close', () => { if (this.socket === socket) this.socket = undefined; });
        socket.setNoDelay(true);
        resolve(socket);
      });
    });
  }

  private closeSocket(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private drop(count: number, why: string): void {
    this.counts.dropped += count;
    this.events.dropped(count, why);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done(): void { clearTimeout(timer); resolve(); }
      this.wake = done;
    });
  }
}
