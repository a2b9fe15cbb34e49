/**
 * One line-protocol TCP connection: newline-delimited lines parsed as they arrive into an IngestSession that
 * is committed once the client pauses (QUIET_COMMIT_MS after its last bytes), at the latest every
 * `line.tcp.commit.interval.default` while it keeps sending, when its parsed rows pass `line.parse.buffer.size`,
 * and when the connection ends. TCP has no answers, so the way the server closes is the acknowledgement:
 *
 * - the client closes its side (FIN): everything it sent is committed, then the server closes its side (FIN);
 *   a client that waits for that end of stream knows its lines are stored;
 * - a bad line (it does not parse or does not fit its table): the lines before it are committed, the line is
 *   logged with an errorId, and the connection is reset (RST) at once, so the client's next read or write
 *   fails instead of writing on into a connection whose data is dropped;
 * - a commit that fails (storage; a full disk is an Error line `could not write to disk: …`, not a Critical)
 *   resets the connection too; an idle timeout or the server stopping ends it cleanly after a commit.
 *
 * With `line.tcp.auth.db.path` the connection first runs QuestDB's challenge-response (auth-handshake.ts).
 * Parsing and storage overlap: while a write or commit runs the socket keeps being read and parsed, and the
 * parsed rows go to the writers (uncommitted) as they come (`APPEND_BYTES`), so both cores work. Memory stays
 * bounded: past `line.parse.buffer.size` of parsed rows the socket is paused until the running write ends.
 */
import { KeyObject } from 'node:crypto';
import { Socket } from 'node:net';
import { asExpectedError, isSvcError } from '../../core/errors';
import { Log } from '../../core/log/log';
import { ErrorResponder } from '../../core/server/error-responder';
import { APPEND_BYTES, IngestSession } from '../line-protocol/ingest-session';
import { isLineError, LineError } from '../line-protocol/line-error';
import { LineIngestion } from '../line-protocol/line-ingestion';
import { AuthHandshake } from './auth-handshake';

/**
 * A client that stopped sending for this long has its rows committed (and a bad line found by the commit, so
 * the reset comes within QuestDB's measured 0.5 s). A client that sends more often than this commits at the
 * interval instead, so many slow writers do not each cost a commit per line.
 */
export const QUIET_COMMIT_MS = 200;
const TICK_MS = 25;

export interface ConnectionOptions {
  readonly commitIntervalMs: number;
  readonly idleTimeoutMs: number;
  /** How long a line may stay unfinished (slow-drip clients); 0 = no limit. */
  readonly lineTimeoutMs: number;
  /** The keys of `line.tcp.auth.db.path`; undefined when connections need no authentication. */
  readonly authKeys: ReadonlyMap<string, KeyObject> | undefined;
}

export class LineTcpConnection {
  /** When the connection was accepted (the oldest silent one is evicted first). */
  readonly since = Date.now();
  readonly done: Promise<void>;
  private readonly session: IngestSession;
  private timer: NodeJS.Timeout | undefined;
  private handshake: AuthHandshake | undefined;
  private established = false;
  private busy: Promise<void> = Promise.resolve();
  private closing = false;
  /** An append or commit is queued or running on `busy`. */
  private writing = false;
  /** The socket is paused until the running write ends (the parsed rows passed the buffer). */
  private heldForWrite = false;
  /** The socket is paused until the parse worker catches up. */
  private heldForParse = false;
  /** The connection must not end as an acknowledgement (a line or a commit failed). */
  private failed = false;
  private rejected = false;
  private lastDataAt = 0;
  /** When the oldest rows not yet committed arrived, or 0. */
  private pendingSince = 0;
  /** When the unfinished line at the end of the input started to arrive, or 0. */
  private lineSince = 0;

  constructor(private readonly socket: Socket, private readonly ingestion: LineIngestion, private readonly options: ConnectionOptions,
    private readonly log: Log, private readonly responder: ErrorResponder) {
    this.session = ingestion.session('tcp');
    if (options.authKeys !== undefined) this.handshake = new AuthHandshake(options.authKeys, (b) => socket.write(b));
    if (options.idleTimeoutMs > 0) {
      socket.setTimeout(options.idleTimeoutMs, () => this.close(`idle for ${options.idleTimeoutMs} ms [line.tcp.net.idle.timeout]`));
    }
    this.done = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.close(undefined));
    socket.on('error', (e) => { this.failed = true; this.close(`connection error: ${e.message}`); });
  }

  /** Whether the client has sent a line yet (and authenticated, when that is required): else it may be evicted. */
  get silent(): boolean {
    return !this.established;
  }

  /** Commits what was received and closes (server shutdown). */
  async shutdown(): Promise<void> {
    this.close('server stopping');
    await this.done;
  }

  /** Closes a connection that sent nothing, to make room for a new one (the connection limit is reached). */
  evict(): void {
    this.failed = true;
    this.close('evicted: it sent nothing while the connection limit was reached [line.tcp.net.connection.limit]');
  }

  private onData(chunk: Buffer): void {
    if (this.closing) return;
    this.ingestion.metrics.tcp.bytes += chunk.length;
    let bytes = chunk;
    if (this.handshake !== undefined) {
      const step = this.handshake.feed(chunk);
      if (step.kind === 'more') return;
      if (step.kind === 'failed') {
        this.failed = true;
        this.close(`authentication failed: ${step.reason}`);
        return;
      }
      this.log.info(`line protocol connection authenticated [remote=${this.remote}, keyId=${step.keyId}]`);
      this.handshake = undefined;
      bytes = step.rest;
    }
    this.established = true;
    if (bytes.length === 0) return;
    const now = Date.now();
    this.lastDataAt = now;
    if (this.pendingSince === 0) this.pendingSince = now;
    const wait = this.session.feed(bytes);
    if (wait !== undefined) {
      // The parse worker is behind: stop reading until it catches up.
      this.heldForParse = true;
      this.socket.pause();
      void wait.then(() => { this.heldForParse = false; this.resume(); });
    }
    if (this.session.error !== undefined) {
      this.close(undefined);
      return;
    }
    this.lineSince = this.session.pendingLineBytes > 0 ? (this.lineSince || now) : 0;
    this.writeSoon();
    this.timer ??= setInterval(() => this.onTick(), TICK_MS);
  }

  /** Past the buffer: a commit (or, while one runs, a pause); past APPEND_BYTES: an append. */
  private writeSoon(): void {
    const buffered = this.session.bufferedBytes;
    if (buffered > this.ingestion.bufferBytes) {
      if (!this.writing) {
        void this.commit();
      } else if (!this.heldForWrite) {
        this.heldForWrite = true;
        this.socket.pause();
      }
    } else if (!this.writing && buffered >= APPEND_BYTES) {
      this.queue(false);
    }
  }

  private resume(): void {
    if (!this.closing && !this.socket.destroyed && !this.heldForParse && !this.heldForWrite) this.socket.resume();
  }

  /** Runs while rows, an unfinished line or bytes the parse worker still has are pending. */
  private onTick(): void {
    if (this.closing) return;
    if (this.session.error !== undefined) {
      this.close(undefined);
      return;
    }
    const now = Date.now();
    const limit = this.options.lineTimeoutMs;
    if (limit > 0 && this.lineSince > 0 && now - this.lineSince > limit) {
      this.failed = true;
      this.close(`a line stayed unfinished for more than ${limit} ms [line.tcp.net.line.timeout]`);
      return;
    }
    if (this.writing) return;
    if (this.session.bufferedRows > 0) {
      if (now - this.lastDataAt >= QUIET_COMMIT_MS || now - this.pendingSince >= this.options.commitIntervalMs) void this.commit();
      return;
    }
    if (this.session.unparsedBytes === 0 && this.session.pendingLineBytes === 0) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Writes and commits the parsed rows, one write at a time. */
  private commit(): Promise<void> {
    this.pendingSince = 0;
    return this.queue(true);
  }

  /** Queues a write of the parsed rows (committed too when `commit`) after the running one. */
  private queue(commit: boolean): Promise<void> {
    this.writing = true;
    this.busy = this.busy.then(() => this.writeNow(commit)).finally(() => {
      this.writing = false;
      if (this.heldForWrite) {
        this.heldForWrite = false;
        this.resume();
      }
      if (!this.closing) this.writeSoon();
    });
    return this.busy;
  }

  private commitNow(): Promise<void> {
    return this.writeNow(true);
  }

  /**
   * Appends the parsed rows to the writers, and commits everything appended when `commit`. A line the tables
   * refuse (found at planning, before anything is written) drops it and the lines after it, commits the rest
   * and resets the connection.
   */
  private async writeNow(commit: boolean): Promise<void> {
    let refused: LineError | undefined;
    for (;;) {
      try {
        // After a refusal only the rows before it count: nothing more is taken from the parser.
        await this.session.write(undefined, refused === undefined);
        if (commit || refused !== undefined) {
          const rows = await this.session.commit();
          if (rows > 0) this.ingestion.metrics.committed('tcp', rows);
        }
        break;
      } catch (e) {
        if (refused === undefined && isLineError(e) && e.line !== undefined) {
          refused = e;
          this.session.truncateBefore(e.line);
          continue;
        }
        this.failed = true;
        await this.session.rollback().catch((r: unknown) => this.responder.unhandled('ILP TCP rollback', r));
        // A full disk arrives as Node's errno error: an Error line naming it, not a Critical.
        const known = isLineError(e) ? e : asExpectedError(e) ?? (isSvcError(e) ? e : undefined);
        if (known) this.log.error(`line protocol rows not written [remote=${this.remote}] ${known.message}`);
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
      this.close(undefined);
    }
  }

  /** Ends the connection once everything received so far is committed. */
  private close(reason: string | undefined): void {
    if (this.closing) return;
    this.closing = true;
    this.stopTimer();
    this.socket.pause();
    // Lines end with a line end: an unfinished last line is dropped, as QuestDB drops it.
    const parsed = this.session.error;
    if (reason !== undefined) this.log.info(`line protocol connection closed [remote=${this.remote}] ${reason}`);
    void this.busy.then(async () => {
      // After a refused line nothing more is stored (the rows before it are committed already).
      if (!this.rejected) await this.commitNow();
      // A line that did not parse (known once the parse worker has seen it) is reported after its predecessors are in.
      const error = parsed ?? this.session.error;
      if (error !== undefined && !this.rejected) this.reject(error);
      await this.session.close().catch((r: unknown) => this.responder.unhandled('ILP TCP close', r));
      this.finish();
    });
  }

  /** FIN after a clean end (the acknowledgement), RST after anything that lost lines. */
  private finish(): void {
    if (this.socket.destroyed) return;
    if (this.failed || this.rejected) {
      this.socket.resetAndDestroy();
      return;
    }
    this.socket.end(() => this.socket.destroy());
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
