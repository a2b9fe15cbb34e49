/**
 * Reads the alert manager's answer to one POST, so the next alert on the same connection does not take
 * leftover bytes for its acknowledgement: the status line and headers, then a `Content-Length` body, a
 * chunked body (to its last chunk), or — with neither — the answer ends at the headers and the
 * connection is closed. At most `limit` bytes (`inBufferSize`) are read for one answer.
 */
export class AlertResponseReader {
  private head = '';
  private state: 'head' | 'length' | 'chunked' | 'done' = 'head';
  private remaining = 0;
  private tail = '';
  private total = 0;
  /** HTTP status, 0 until the status line has arrived. */
  status = 0;
  /** True when the connection must not be reused after this answer. */
  closeAfter = false;

  constructor(private readonly limit: number) {}

  get done(): boolean {
    return this.state === 'done';
  }

  /** Feeds received bytes; returns true once the answer is complete. */
  push(chunk: Buffer): boolean {
    this.total += chunk.length;
    if (this.total > this.limit) { this.closeAfter = true; return this.finish(); }
    let body: Buffer = chunk;
    if (this.state === 'head') {
      this.head += chunk.toString('latin1');
      const end = this.head.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const bodyText = this.head.slice(end + 4);
      this.parseHead(this.head.slice(0, end));
      body = Buffer.from(bodyText, 'latin1');
    }
    if (this.state === 'length') {
      this.remaining -= body.length;
      if (this.remaining <= 0) return this.finish();
    } else if (this.state === 'chunked') {
      const text = this.tail + body.toString('latin1');
      if (/(^|\r\n)0\r\n\r\n/.test(text)) return this.finish();
      this.tail = text.slice(-6);
    }
    return this.state === 'done';
  }

  private parseHead(head: string): void {
    const lines = head.split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
    this.status = m ? Number(m[1]) : 599;
    let length: number | undefined;
    let chunked = false;
    for (const line of lines.slice(1)) {
      const i = line.indexOf(':');
      if (i < 0) continue;
      const name = line.slice(0, i).trim().toLowerCase();
      const value = line.slice(i + 1).trim().toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding' && value.includes('chunked')) chunked = true;
      else if (name === 'connection' && value === 'close') this.closeAfter = true;
    }
    if (chunked) this.state = 'chunked';
    else if (length !== undefined && Number.isFinite(length)) { this.state = 'length'; this.remaining = length; }
    else { this.closeAfter = true; this.finish(); }
    if (this.state === 'length' && this.remaining === 0) this.finish();
  }

  private finish(): boolean {
    this.state = 'done';
    return true;
  }
}
