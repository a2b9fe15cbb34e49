/**
 * Builds backend messages into one buffer and hands it to the socket in 64 KB pieces. A message is
 * written whole (its length is patched in when it ends), so the buffer only grows past a piece for a
 * single message larger than that. `flushIfFull()` after a row, `flush()` at the end of a response;
 * the next rows are built while the socket sends, and both wait for 'drain' once more than
 * `pg.send.buffer.size` bytes are queued, so a slow client slows its query instead of growing memory.
 */
import { Writable } from 'node:stream';

const SMALL_COPY = 16 * 1024;
const PIECE = 64 * 1024;

export class BackendWriter {
  buf: Buffer;
  pos = 0;
  private start = -1;

  /** Bytes collected before they go to the socket. */
  readonly piece: number;

  /** Starts small: an idle connection holds 8 KB; the buffer grows to a piece while results stream. */
  constructor(private readonly socket: Writable, private readonly maxQueued: number) {
    this.buf = Buffer.allocUnsafe(8192);
    this.piece = Math.min(PIECE, maxQueued);
  }

  /** Starts a message with its type byte; `end()` writes its length. */
  begin(type: number): void {
    this.ensure(5);
    this.buf[this.pos] = type;
    this.start = this.pos + 1;
    this.pos += 5;
  }

  end(): void {
    const len = this.pos - this.start;
    const b = this.buf, s = this.start;
    b[s] = len >>> 24; b[s + 1] = (len >>> 16) & 255; b[s + 2] = (len >>> 8) & 255; b[s + 3] = len & 255;
    this.start = -1;
  }

  /** Makes room for `n` more bytes (growing only inside a message larger than the flush size). */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n + 1024));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  int8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  int16(v: number): void {
    this.ensure(2);
    const b = this.buf, p = this.pos;
    b[p] = (v >>> 8) & 255; b[p + 1] = v & 255;
    this.pos = p + 2;
  }

  int32(v: number): void {
    this.ensure(4);
    const b = this.buf, p = this.pos;
    b[p] = v >>> 24; b[p + 1] = (v >>> 16) & 255; b[p + 2] = (v >>> 8) & 255; b[p + 3] = v & 255;
    this.pos = p + 4;
  }

  /** A NUL-terminated UTF-8 string (NULs inside are dropped: the protocol cannot carry them). */
  cstring(s: string): void {
    const text = s.includes('\u0000') ? s.replace(/\u0000/g, '') : s;
    this.ensure(Buffer.byteLength(text) + 1);
    this.pos += this.buf.write(text, this.pos, 'utf8');
    this.buf[this.pos++] = 0;
  }

  bytes(src: Uint8Array, from = 0, to = src.length): void {
    const n = to - from;
    this.ensure(n);
    this.buf.set(src.subarray(from, to), this.pos);
    this.pos += n;
  }

  /** Bytes buffered and not yet handed to the socket. */
  get pending(): number {
    return this.pos;
  }

  /** Hands the buffer to the socket when it passed the flush size; resolves when the socket can take more. */
  flushIfFull(): Promise<void> | undefined {
    return this.pos >= this.piece ? this.flush() : undefined;
  }

  /** Hands everything buffered to the socket; waits for 'drain' when more than `maxQueued` bytes wait in it. */
  flush(): Promise<void> | undefined {
    if (this.pos === 0 || this.socket.destroyed || this.socket.writableEnded) { this.pos = 0; return undefined; }
    // Small answers are copied out so the buffer is reused; a full buffer is handed over whole.
    let out: Buffer;
    if (this.pos <= SMALL_COPY) out = Buffer.from(this.buf.subarray(0, this.pos));
    else {
      out = this.buf.subarray(0, this.pos);
      this.buf = Buffer.allocUnsafe(Math.min(this.buf.length, this.piece + 65536));
    }
    this.pos = 0;
    if (this.socket.write(out) || this.socket.writableLength <= this.maxQueued) return undefined;
    return new Promise((resolve) => {
      const done = (): void => { this.socket.off('drain', done); this.socket.off('close', done); resolve(); };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }
}
