/**
 * RFC 4180 records over raw bytes: delimiters and line ends inside double quotes belong to the field, `""`
 * inside quotes is one quote, CRLF / LF / CR end a record. The scanner only finds field boundaries
 * (`starts`/`ends`, quotes already stripped); a field with doubled quotes is flagged in `escaped` and
 * unescaped on demand into a scratch buffer. No strings, no per-record allocation.
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class RecordScanner {
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  escaped = new Uint8Array(64);
  /** Fields of the last record. */
  count = 0;
  private scratch = new Uint8Array(1024);
  /** 1 for the bytes that end an unquoted field (delimiter, LF, CR): one load and test per byte. */
  private readonly stops = new Uint8Array(256);

  constructor(readonly delimiter: number) {
    this.stops[delimiter] = 1;
    this.stops[LF] = 1;
    this.stops[CR] = 1;
  }

  /**
   * Scans the record at `p`. Returns the position after its line end, or -1 when the bytes end inside the
   * record and more may come (`final` false). With `final`, the end of the bytes ends the record.
   */
  scan(b: Uint8Array, p: number, end: number, final: boolean): number {
    const delimiter = this.delimiter;
    const stops = this.stops;
    let n = 0;
    for (;;) {
      if (n === this.starts.length) this.grow();
      let fieldStart: number;
      let fieldEnd: number;
      let escaped = 0;
      if (p < end && b[p] === QUOTE) {
        fieldStart = ++p;
        for (;;) {
          while (p < end && b[p] !== QUOTE) p++;
          if (p >= end) {
            if (!final) return -1;
            fieldEnd = p;
            break;
          }
          if (p + 1 < end && b[p + 1] === QUOTE) { escaped = 1; p += 2; continue; }
          if (p + 1 >= end && !final) return -1;
          fieldEnd = p++;
          break;
        }
        // Lenient: bytes between the closing quote and the delimiter are dropped.
        while (p < end) { const c = b[p]; if (c === delimiter || c === LF || c === CR) break; p++; }
      } else {
        fieldStart = p;
        while (p < end && stops[b[p]] === 0) p++;
        fieldEnd = p;
      }
      this.starts[n] = fieldStart;
      this.ends[n] = fieldEnd;
      this.escaped[n] = escaped;
      n++;
      if (p >= end) {
        if (!final) return -1;
        this.count = n;
        return p;
      }
      const c = b[p++];
      if (c === delimiter) continue;
      if (c === CR) {
        if (p >= end && !final) return -1;
        if (p < end && b[p] === LF) p++;
      }
      this.count = n;
      return p;
    }
  }

  /** Field `i` of the last record with `""` turned into `"`: the bytes and their end (start 0). */
  unescape(b: Uint8Array, i: number): number {
    const s = this.starts[i];
    const e = this.ends[i];
    if (this.scratch.length < e - s) this.scratch = new Uint8Array(e - s);
    const out = this.scratch;
    let o = 0;
    for (let k = s; k < e; k++) {
      out[o++] = b[k];
      if (b[k] === QUOTE && k + 1 < e && b[k + 1] === QUOTE) k++;
    }
    return o;
  }

  get unescaped(): Uint8Array {
    return this.scratch;
  }

  /** True when the last record is an empty line. */
  get blank(): boolean {
    return this.count === 1 && this.starts[0] === this.ends[0] && this.escaped[0] === 0;
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const s = new Int32Array(n); s.set(this.starts); this.starts = s;
    const e = new Int32Array(n); e.set(this.ends); this.ends = e;
    const x = new Uint8Array(n); x.set(this.escaped); this.escaped = x;
  }
}
