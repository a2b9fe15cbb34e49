/** An error of the protocol rather than of a statement (unknown portal, miscounted Bind), with its own SQLSTATE. */
import { SvcError } from '../../core/errors';

export class PgProtocolError extends SvcError {
  constructor(message: string, readonly code: string) {
    super(message, 400);
  }
}

export function protocolError(message: string, code: string): PgProtocolError {
  return new PgProtocolError(message, code);
}

/** A value shorter than its type or its own lengths say (PostgreSQL's receive functions: 08P01). */
export function insufficientData(): PgProtocolError {
  return new PgProtocolError('insufficient data left in message', '08P01');
}

/** A binary value with bytes left over or a field no value can have (22P03). */
export function badBinary(index: number): PgProtocolError {
  return new PgProtocolError(`incorrect binary data format in bind parameter ${index + 1}`, '22P03');
}
