/**
 * The JSON of a refused /write: `{"code","message","line","errorId"}` in that key order (QuestDB's
 * LineHttpProcessorState.formatError). A line error's message is
 * `failed to parse line protocol:errors encountered on line(s):\nerror in line <n>: <detail>`; a request-level
 * error (line 0: read-only, precision, encoding, gzip) has the same prefix with the reason right after it and
 * `"line":0`; an error of the commit has neither prefix nor `line`.
 */
import { LineError } from '../line-protocol/line-error';

const PREFIX = 'failed to parse line protocol:errors encountered on line(s):';

export function errorBody(e: LineError, errorId: string): string {
  const line = e.line;
  const message = line === undefined ? e.message : line === 0 ? `${PREFIX}${e.message}` : `${PREFIX}\nerror in line ${line}: ${e.message}`;
  const lineKey = line === undefined ? '' : `,"line":${line}`;
  return `{"code":${JSON.stringify(e.code)},"message":${JSON.stringify(message)}${lineKey},"errorId":${JSON.stringify(errorId)}}`;
}
