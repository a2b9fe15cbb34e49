/**
 * `errorId` of a rejected line: 12 hex digits fixed per server start, `-`, and a counter, as QuestDB
 * makes them (`9a1b2c3d4e5f-1`). The same id goes into the answer and the log line, so one finds the other.
 */
import { randomBytes } from 'node:crypto';

export class ErrorIds {
  private readonly prefix = randomBytes(6).toString('hex');
  private count = 0;

  next(): string {
    return `${this.prefix}-${++this.count}`;
  }
}
