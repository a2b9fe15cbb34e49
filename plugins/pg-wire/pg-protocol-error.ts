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
