/**
 * Cuts the byte stream from a client into messages: during start-up a message is `int32 length` +
 * body (StartupMessage, SSLRequest, CancelRequest), afterwards `type byte` + `int32 length` + body. The
 * declared length is checked before anything is buffered for it, so a 2 GB length costs nothing: it
 * is a protocol violation reported by `next()`. Memory stays within one message plus what the socket
 * delivered meanwhile (the connection pauses the socket while `buffered` is high).
 */
import { SvcError } from '../../core/errors';

export interface FrontendMessage {
  /** The type byte (`Q`, `P`, …); 0 for start-up packets. */
  readonly type: number;
  /** The body after the length word; valid until the next `next()` call. */
  readonly body: Buffer;
}

/** PostgreSQL's own limit for start-up packets. */
const MAX_STARTUP_BYTES = 10_000;

export class FrontendReader {
  private data: Buffer = Buffer.alloc(0);
  private start = 0;
  private end = 0;
  /** True until the start-up packet (after any SSLRequest) has been read. */
  startup = true;

  constructor(private readonly maxMessageBytes: number) {}

  get buffered(): number {
    return this.end - this.start;
  }

  push(chunk: Buffer): void {
    if (this.end === this.start) { this.data = chunk; this.start = 0; this.end = chunk.length; return; }
    const need = this.end - this.start + chunk.length;
    if (this.end + chunk.length > this.data.length) {
      const next = Buffer.allocUnsafe(Math.max(need, Math.min(this.data.length * 2, need + this.maxMessageBytes)));
      this.data.copy(next, 0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
      this.data = next;
    }
    chunk.copy(this.data, this.end);
    this.end += chunk.length;
  }

  /** The next whole message, or undefined when more bytes are needed; throws SvcError 400 on a bad length. */
  next(): FrontendMessage | undefined {
    const header = this.startup ? 4 : 5;
    if (this.end - this.start < header) return undefined;
    const d = this.data, p = this.start;
    const type = this.startup ? 0 : d[p];
    const length = d.readInt32BE(p + header - 4);
    const limit = this.startup ? MAX_STARTUP_BYTES : this.maxMessageBytes;
    if (length < 4 || (this.startup && length < 8)) throw SvcError.badRequest(`invalid message length [length=${length}]`);
    if (length > limit) throw SvcError.badRequest(`message too large [length=${length}, max=${limit}]`);
    const total = header - 4 + length;
    if (this.end - p < total) return undefined;
    this.start = p + total;
    return { type, body: d.subarray(p + header, p + total) };
  }
}
