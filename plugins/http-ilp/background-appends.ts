/**
 * The appends of one write request: once APPEND_BYTES of rows are parsed they go to the writers (uncommitted)
 * while the rest of the body is still read and parsed, one append at a time, so parsing (a parse worker) and
 * storage (the request thread) overlap. Only into tables and columns that exist: once the rows need a new one
 * (which a failed request must not leave behind), rows wait until the parse buffer is full, as they always do
 * past it. An append's error is the request's, thrown at the next step.
 */
import { APPEND_BYTES, IngestSession } from '../line-protocol/ingest-session';

export class BackgroundAppends {
  private running: Promise<void> | undefined;
  private failure: { readonly error: unknown } | undefined;
  /** The rows need a table or column that does not exist yet. */
  private deferred = false;

  constructor(private readonly session: IngestSession, private readonly signal: AbortSignal) {}

  /** Starts an append when enough rows wait and none runs; waits for the running one past `bufferBytes`. */
  async after(bufferBytes: number): Promise<void> {
    this.check();
    const buffered = this.session.bufferedBytes;
    if (this.running === undefined) {
      if (buffered > bufferBytes) this.running = this.append(false);
      else if (!this.deferred && buffered >= APPEND_BYTES) this.running = this.append(true);
    } else if (buffered > bufferBytes) {
      await this.running;
      this.check();
    }
  }

  /** Waits for the running append; throws its error. */
  async finish(): Promise<void> {
    if (this.running !== undefined) await this.running;
    this.check();
  }

  private async append(existingOnly: boolean): Promise<void> {
    try {
      if (!existingOnly) await this.session.write(this.signal);
      else if (!await this.session.appendToExisting(this.signal)) this.deferred = true;
    } catch (e) {
      this.failure ??= { error: e };
    } finally {
      this.running = undefined;
    }
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure.error;
  }
}
