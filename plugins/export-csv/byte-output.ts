/**
 * A growable byte buffer that serializers fill with ASCII/UTF-8 and hand out in chunks. `take()`
 * returns a copy-free view of what was written and starts a new buffer, so a chunk can be queued on
 * the socket while the next one fills.
 */
import { utf8Encoder } from '../../core/data/utf8';

export class ByteOutput {
  buf: Uint8Array;
  pos = 0;

  constructor(private readonly capacity = 256 * 1024) {
    this.buf = new Uint8Array(capacity);
  }

  /** Makes room for `n` more bytes; call before writing with `buf[pos++]`. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.pos));
    this.buf = b;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  bytes(src: Uint8Array, start = 0, end = src.length): void {
    const n = end - start;
    this.ensure(n);
    this.buf.set(src.subarray(start, end), this.pos);
    this.pos += n;
  }

  /** ASCII-only text (numbers, punctuation): one byte per UTF-16 unit. */
  ascii(s: string): void {
    const n = s.length;
    this.ensure(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** Any text as UTF-8. */
  text(s: string): void {
    this.ensure(s.length * 3);
    this.pos += utf8Encoder.encodeInto(s, this.buf.subarray(this.pos)).written;
  }

  get length(): number {
    return this.pos;
  }

  /** The bytes written so far; the buffer starts over (the returned view stays valid). */
  take(): Uint8Array {
    const out = this.buf.subarray(0, this.pos);
    this.buf = new Uint8Array(Math.max(this.capacity, 1024));
    this.pos = 0;
    return out;
  }
}
