/**
 * One line-protocol TCP connection: newline-delimited lines parsed as they arrive into an IngestSession that
 * is committed every `line.tcp.commit.interval.default`, when its parsed rows pass `line.parse.buffer.size`,
 * and when the client closes. TCP has no answers, so a bad line is logged (with an errorId) and closes the
 * connection; the rows of the lines before it are committed first, as QuestDB does. The socket is
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
  private committing = false;
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
    const wait = this.session.feed(chunk);
    if (wait !== undefined) {
      // The parse worker is behind: stop reading until it catches up.
      this.socket.pause();
      void wait.then(() => { if (!this.closing && !this.committing) this.socket.resume(); });
    }
    if (this.session.error !== undefined) {
      this.close(undefined);
      return;
    }
    this.lineSince = this.pendingLine() ? (this.lineSince || Date.now()) : 0;
    if (this.session.bufferedBytes > this.ingestion.bufferBytes) void this.commit();
  }

  private pendingLine(): boolean {
    return this.session.pendingLineBytes > 0;
  }

  private onTick(): void {
    if (this.closing) return;
    if (this.session.error !== undefined) {
      this.close(undefined);
      return;
    }
    const limit = this.options.lineTimeoutMs;
    if (limit > 0 && this.lineSince > 0 && Date.now() - this.lineSince > limit) {
      this.close(`a line stayed unfinished for more than ${limit} ms [line.tcp.net.line.timeout]`);
      return;
    }
    if (this.session.bufferedRows > 0) void this.commit();
  }

  /** Runs one commit at a time with the socket paused. */
  private commit(): Promise<void> {
    this.socket.pause();
    this.committing = true;
    this.busy = this.busy.then(() => this.commitNow()).finally(() => {
      this.committing = false;
      if (!this.closing && !this.socket.destroyed) this.socket.resume();
    });
    return this.busy;
  }

  /**
   * Writes and commits the parsed rows. A line the tables refuse (a cast error found at planning, before
   * anything is written) drops it and the lines after it, commits the rest and closes the connection.
   */
  private async commitNow(): Promise<void> {
    let refused: LineError | undefined;
    for (;;) {
      try {
        await this.session.write();
        const rows = await this.session.commit();
        if (rows > 0) this.ingestion.metrics.committed('tcp', rows);
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
        // Rows were lost (a full disk, say): the connection ends, so no later line is stored after the gap and
        // the client, which has no answer to read, sees its connection closed.
        this.closing = true;
        clearInterval(this.timer);
        this.socket.destroy();
        await this.session.close().catch((r: unknown) => this.responder.unhandled('ILP TCP close', r));
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
    // Lines end with a line end: an unfinished last line is dropped, as QuestDB drops it.
    const parsed = this.session.error;
    if (reason !== undefined) this.log.info(`line protocol connection closed [remote=${this.remote}] ${reason}`);
    void this.busy.then(async () => {
      await this.commitNow();
      // A line that did not parse (known once the parse worker has seen it) is reported after its predecessors are in.
      const error = parsed ?? this.session.error;
      if (error !== undefined && !this.rejected) this.reject(error);
      await this.session.close().catch((r: unknown) => this.responder.unhandled('ILP TCP close', r));
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
