/**
 * Line protocol over TCP: lines written with back-pressure, then a clean close (FIN), or a cut with an
 * unfinished line (destroy). TCP has no answer: the rows that arrive are the only outcome, each complete
 * line wholly or not at all.
 */
import { connect } from 'node:net';
import { noAnswer, RunningWrite } from './answer';

export function tcpWrite(port: number, chunk: (i: number) => Buffer | undefined, startedAfter: number): RunningWrite {
  const socket = connect(port, '127.0.0.1');
  let markStarted = (): void => undefined;
  const started = new Promise<void>((r) => { markStarted = r; });
  const answer = new Promise<ReturnType<typeof noAnswer>>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(noAnswer('TCP line protocol has no answer')));
  });
  let i = 0, cutting = false;
  const pump = (): void => {
    for (;;) {
      if (socket.destroyed || cutting) return;
      const piece = chunk(i);
      if (piece === undefined) { socket.end(); markStarted(); return; }
      i++;
      if (i >= startedAfter) markStarted();
      if (!socket.write(piece)) { socket.once('drain', pump); return; }
    }
  };
  socket.once('connect', pump);
  return {
    answer, started,
    // A half line first: the server must drop it, not store a row with the fields it got.
    cut: () => { cutting = true; socket.write('w,s=cut x=1', () => socket.destroy()); },
  };
}
