/**
 * The JSON of a refused /write: `{"code","message","line","errorId"}`. A line error's
 * message starts `failed to parse line protocol:errors encountered on line(s):` and names the line; a
 * request-level error has no `line`.
 */
import { LineError } from '../line-protocol/line-error';

export function errorBody(e: LineError, errorId: string): string {
  const message = e.line === undefined
    ? e.message
    : `failed to parse line protocol:errors encountered on line(s):\nerror in line ${e.line}: ${e.message}`;
  const line = e.line === undefined ? '' : `,"line":${e.line}`;
  return `{"code":${JSON.stringify(e.code)},"message":${JSON.stringify(message)}${line},"errorId":${JSON.stringify(errorId)}}`;
}
