/**
 * Requests Node's parser rejects before any route sees them: a head larger than
 * `http.request.header.buffer.size` is a 431, any other malformed request a 400, both well framed with
 * `Connection: close` and an Error log line; headers slower than `http.request.header.timeout` on a kept-alive
 * connection are a 408. A connection reset needs no answer.
 */
import { Socket } from 'node:net';
import { Log } from '../log/log';
import { rawTextAnswer } from './response-framing';

export function answerClientError(e: Error, socket: Socket, log: Log): void {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = code === 'HPE_HEADER_OVERFLOW';
  const timedOut = code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = tooLarge ? 431 : timedOut ? 408 : 400;
  const body = tooLarge ? 'request headers too large (http.request.header.buffer.size)\r\n'
    : timedOut ? 'request headers not received in time (http.request.header.timeout)\r\n' : 'Bad request\r\n';
  log.error(`malformed request [code=${code}, status=${status}, remote=${socket.remoteAddress}:${socket.remotePort}]`);
  socket.end(rawTextAnswer(status, body));
}
