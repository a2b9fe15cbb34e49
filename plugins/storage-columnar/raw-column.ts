/**
 * Column values in their on-disk form, for the writer's pending rows and out-of-order merges.
 * Fixed-width columns are `width` little-endian bytes per row. Var-size columns (STRING, VARCHAR, BINARY,
 * and room for DOUBLE arrays) are a byte heap plus one encoded end offset per row: `end >= 0`, or
 * `-(end + 1)` for a null row (the `.i` file holds the same numbers as int64, relative to the `.d` file).
 * Buffers always start at byte 0 of their own ArrayBuffer so 2-, 4- and 8-byte views are aligned.
 */
export class RawColumn {
  bytes: Uint8Array;
  /** Var-size: encoded ends, relative to `bytes[0]`. */
  ends: Float64Array | undefined;
  rows = 0;
  byteLength = 0;

  constructor(readonly width: number, capacityRows = 1024, capacityBytes = capacityRows * 16) {
    this.bytes = new Uint8Array(width > 0 ? width * capacityRows : capacityBytes);
    this.ends = width > 0 ? undefined : new Float64Array(capacityRows);
  }

  get isVar(): boolean {
    return this.width === 0;
  }

  clear(): void {
    this.rows = 0;
    this.byteLength = 0;
  }

  /** Forgets the first `k` rows, moving the rest to the front. */
  dropFront(k: number): void {
    if (k <= 0) return;
    if (this.ends) {
      const start = decodeEnd(this.ends[k - 1]);
      this.bytes.copyWithin(0, start, this.byteLength);
      for (let i = k; i < this.rows; i++) {
        const v = this.ends[i];
        this.ends[i - k] = v >= 0 ? v - start : v + start;
      }
      this.byteLength -= start;
    } else {
      this.bytes.copyWithin(0, k * this.width, this.byteLength);
      this.byteLength -= k * this.width;
    }
    this.rows -= k;
  }

  /** Makes room for `extraRows` more rows and, for var-size, `extraBytes` more heap bytes. */
  reserve(extraRows: number, extraBytes = 0): void {
    const needBytes = this.width > 0 ? (this.rows + extraRows) * this.width : this.byteLength + extraBytes;
    if (needBytes > this.bytes.length) {
      const b = new Uint8Array(grownSize(this.bytes.length, needBytes));
      b.set(this.bytes.subarray(0, this.byteLength));
      this.bytes = b;
    }
    if (this.ends && this.rows + extraRows > this.ends.length) {
      const e = new Float64Array(grownSize(this.ends.length, this.rows + extraRows));
      e.set(this.ends.subarray(0, this.rows));
      this.ends = e;
    }
  }

  /** Appends `count` copies of the type's null (fixed: `nullPattern`). */
  appendNulls(count: number, nullPattern: Uint8Array): void {
    this.reserve(count);
    if (this.ends) {
      const e = -(this.byteLength + 1);
      for (let i = 0; i < count; i++) this.ends[this.rows + i] = e;
    } else {
      let p = this.byteLength;
      for (let i = 0; i < count; i++, p += this.width) this.bytes.set(nullPattern, p);
      this.byteLength = p;
    }
    this.rows += count;
  }

  /** Appends rows `lo..hi` of another raw column of the same kind. */
  appendRows(src: RawColumn, lo: number, hi: number): void {
    const n = hi - lo;
    if (n <= 0) return;
    if (this.ends && src.ends) {
      const start = lo === 0 ? 0 : decodeEnd(src.ends[lo - 1]);
      const end = decodeEnd(src.ends[hi - 1]);
      this.reserve(n, end - start);
      this.bytes.set(src.bytes.subarray(start, end), this.byteLength);
      const shift = this.byteLength - start;
      for (let i = 0; i < n; i++) {
        const v = src.ends[lo + i];
        this.ends[this.rows + i] = v >= 0 ? v + shift : v - shift;
      }
      this.byteLength += end - start;
    } else {
      this.reserve(n);
      this.bytes.set(src.bytes.subarray(lo * this.width, hi * this.width), this.byteLength);
      this.byteLength += n * this.width;
    }
    this.rows += n;
  }

  /** A new column holding rows `order[0..n)` of this one. */
  gather(order: Uint32Array, n: number): RawColumn {
    if (this.ends) return this.gatherVar(order, n);
    const out = new RawColumn(this.width, Math.max(1, n));
    gatherFixed(this.bytes, out.bytes, this.width, order, n);
    out.rows = n;
    out.byteLength = n * this.width;
    return out;
  }

  private gatherVar(order: Uint32Array, n: number): RawColumn {
    const ends = this.ends as Float64Array;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const r = order[i];
      total += decodeEnd(ends[r]) - (r === 0 ? 0 : decodeEnd(ends[r - 1]));
    }
    const out = new RawColumn(0, Math.max(1, n), Math.max(1, total));
    const src = this.bytes;
    const dst = out.bytes;
    const outEnds = out.ends as Float64Array;
    let p = 0;
    for (let i = 0; i < n; i++) {
      const r = order[i];
      const v = ends[r];
      const start = r === 0 ? 0 : decodeEnd(ends[r - 1]);
      const end = decodeEnd(v);
      for (let k = start; k < end; k++) dst[p++] = src[k];
      outEnds[i] = v >= 0 ? p : -(p + 1);
    }
    out.rows = n;
    out.byteLength = p;
    return out;
  }
}

export function decodeEnd(v: number): number {
  return v >= 0 ? v : -v - 1;
}

function grownSize(current: number, need: number): number {
  let n = Math.max(64, current * 2);
  while (n < need) n *= 2;
  return n;
}

/** Copies rows by index for widths 1, 2, 4, 8, 16, 32, moving bit patterns (never through a double, which could canonicalise NaN payloads). */
export function gatherFixed(src: Uint8Array, dst: Uint8Array, width: number, order: Uint32Array, n: number): void {
  if (width === 1) {
    for (let i = 0; i < n; i++) dst[i] = src[order[i]];
    return;
  }
  if (width === 2) {
    const s = new Uint16Array(src.buffer, src.byteOffset, src.length >> 1);
    const d = new Uint16Array(dst.buffer, dst.byteOffset, dst.length >> 1);
    for (let i = 0; i < n; i++) d[i] = s[order[i]];
    return;
  }
  const words = width >> 2;
  const s = new Int32Array(src.buffer, src.byteOffset, src.length >> 2);
  const d = new Int32Array(dst.buffer, dst.byteOffset, dst.length >> 2);
  if (words === 1) {
    for (let i = 0; i < n; i++) d[i] = s[order[i]];
  } else if (words === 2) {
    for (let i = 0; i < n; i++) {
      const r = order[i] << 1;
      const o = i << 1;
      d[o] = s[r];
      d[o + 1] = s[r + 1];
    }
  } else {
    for (let i = 0; i < n; i++) {
      const r = order[i] * words;
      const o = i * words;
      for (let k = 0; k < words; k++) d[o + k] = s[r + k];
    }
  }
}
