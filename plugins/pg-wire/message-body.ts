/** Reads the fields of a frontend message body in order; a body that ends early is a protocol error. */
import { PgProtocolError } from './pg-protocol-error';
import { SQLSTATE } from './sql-state';

export class MessageBody {
  private pos = 0;

  constructor(private readonly body: Buffer) {}

  get remaining(): number {
    return this.body.length - this.pos;
  }

  int8(): number {
    this.need(1);
    return this.body[this.pos++];
  }

  int16(): number {
    this.need(2);
    const v = this.body.readInt16BE(this.pos);
    this.pos += 2;
    return v;
  }

  int32(): number {
    this.need(4);
    const v = this.body.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  /** A NUL-terminated UTF-8 string. */
  cstring(): string {
    const end = this.body.indexOf(0, this.pos);
    if (end < 0) throw malformed();
    const s = this.body.toString('utf8', this.pos, end);
    this.pos = end + 1;
    return s;
  }

  /** `n` bytes, copied (the message buffer is reused). */
  bytes(n: number): Buffer {
    this.need(n);
    const out = Buffer.from(this.body.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }

  private need(n: number): void {
    if (n < 0 || this.pos + n > this.body.length) throw malformed();
  }
}

export function malformed(): PgProtocolError {
  return new PgProtocolError('malformed message', SQLSTATE.PROTOCOL_VIOLATION);
}
