/**
 * One line-protocol TCP connection: newline-delimited lines parsed as they arrive into an IngestSession that
 * is committed every `line.tcp.commit.interval.default`, when its parsed rows pass `line.parse.buffer.size`,
 * and when the client closes. TCP has no answers, so a bad line is logged (with an errorId) and closes the
 * connection; the rows of the lines before it are committed first, as the reference does. The socket is
 * paused while a commit runs, so memory stays bounded by the buffer however fast the client sends.
 */
import { Socket } from 'node:net';
import { Log } from '../../core/log/log';
import { ErrorResponder } from '../../core/server/error-responder';
import { IngestSession } from '../line-protocol/ingest-session';
import { isLineError, LineError } from '../line-protocol/line-error';
import { isSvcError } from '../../core/errors';
import { LineIngestion } from '../line-protocol/line-ingestion';

export interface ConnectionOptions {
  readonly commitIntervalMs: number;
  readonly idleTimeoutMs: number;
  /** How long a line may stay unfinished (slow-drip clients); 0 = no limit. */
  readonly lineTimeoutMs: number;
}

export class LineTcpConnection {
  private readonly session: IngestSession;
  private readonly timer: NodeJS.Timeout;
  private busy: Promise<void> = Promise.resolve();
  private closing = false;
  private rejected = false;
  /** When the unfinished line at the end of the input started to arrive, or 0. */
  private lineSince = 0;
  readonly done: Promise<void>;

  constructor(private readonly socket: Socket, private readonly ingestion: LineIngestion, private readonly options: ConnectionOptions,
    private readonly log: Log, private readonly responder: ErrorResponder) {
    this.session = ingestion.session('tcp');
    const tick = Math.max(50, Math.min(options.commitIntervalMs, options.lineTimeoutMs > 0 ? options.lineTimeoutMs : options.commitIntervalMs));
    this.timer = setInterval(() => this.onTick(), tick);
    this.timer.unref();
    if (options.idleTimeoutMs > 0) {
      socket.setTimeout(options.idleTimeoutMs, () => this.close(`idle for ${options.idleTimeoutMs} ms [line.tcp.net.idle.timeout]`));
    }
    this.done = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.close(undefined));
    socket.on('error', (e) => this.close(`connection error: ${e.message}`));
  }

  /** Commits what was received and closes (server shutdown). */
  async shutdown(): Promise<void> {
    this.close('server stopping');
    await this.done;
  }

  private onData(chunk: Buffer): void {
    if (this.closing) return;
    this.ingestion.metrics.tcp.bytes += chunk.length;
    this.session.feed(chunk);
    if (this.session.error !== undefined) {
      this.close(undefined);
      return;
    }
    this.lineSince = this.session.bufferedBytes > 0 && this.pendingLine() ? (this.lineSince || Date.now()) : 0;
    if (this.session.bufferedBytes > this.ingestion.bufferBytes) this.commit();
  }

  private pendingLine(): boolean {
    return this.session.pendingLineBytes > 0;
  }

  private onTick(): void {
    if (this.closing) return;
    const limit = this.options.lineTimeoutMs;
    if (limit > 0 && this.lineSince > 0 && Date.now() - this.lineSince > limit) {
      this.close(`a line stayed unfinished for more than ${limit} ms [line.tcp.net.line.timeout]`);
      return;
    }
    if (this.session.bufferedRows > 0) this.commit();
  }

  /** Runs one commit at a time with the socket paused. */
  private commit(): Promise<void> {
    this.socket.pause();
    this.busy = this.busy.then(() => this.commitNow()).finally(() => {
      if (!this.closing && !this.socket.destroyed) this.socket.resume();
    });
    return this.busy;
  }

  /**
   * Writes and commits the parsed rows. A line the tables refuse (a cast error found at planning, before
   * anything is written) drops it and the lines after it, commits the rest and closes the connection.
   */
  private async commitNow(): Promise<void> {
    if (this.session.bufferedRows === 0) return;
    let refused: LineError | undefined;
    for (;;) {
      try {
        await this.session.write();
        this.ingestion.metrics.committed('tcp', await this.session.commit());
        break;
      } catch (e) {
        if (refused === undefined && isLineError(e) && e.line !== undefined) {
          refused = e;
          this.session.truncateBefore(e.line);
          continue;
        }
        await this.session.rollback().catch((r: unknown) => this.responder.unhandled('ILP TCP rollback', r));
        if (isLineError(e) || isSvcError(e)) this.log.error(`line protocol rows not written [remote=${this.remote}] ${e.message}`);
        else this.responder.unhandled(`ILP TCP ${this.remote}`, e);
        break;
      }
    }
    if (refused !== undefined && !this.rejected) {
      this.reject(refused);
      this.closing = true;
      clearInterval(this.timer);
      this.socket.destroy();
    }
  }

  /** Ends the connection once everything received so far is committed. */
  private close(reason: string | undefined): void {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.timer);
    this.socket.pause();
    // Lines end with a line end: an unfinished last line is dropped, as the reference drops it.
    const parsed = this.session.error;
    if (reason !== undefined) this.log.info(`line protocol connection closed [remote=${this.remote}] ${reason}`);
    void this.busy.then(async () => {
      if (parsed !== undefined) this.reject(parsed);
      await this.commitNow();
      this.socket.destroy();
    });
  }

  private reject(e: LineError): void {
    this.rejected = true;
    this.ingestion.metrics.tcp.rejectedLines++;
    this.log.error(`line protocol line rejected, closing the connection [errorId=${this.ingestion.errorIds.next()}, remote=${this.remote}, line=${e.line ?? 0}] ${e.message}`);
  }

  private get remote(): string {
    return `${this.socket.remoteAddress ?? '?'}:${this.socket.remotePort ?? 0}`;
  }
}
