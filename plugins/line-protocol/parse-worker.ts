/**
 * A parse worker thread (ParsePool): runs a LocalSource per session and answers `take` with the parsed blocks,
 * copied (never transferred: worker-protocol.ts). Rows without a timestamp get this thread's clock, which is the process's clock.
 */
import { parentPort } from 'node:worker_threads';
import { LocalSource } from './block-source';
import { toWire } from './block-transfer';
import { LineError } from './line-error';
import { nowMicros, TimeUnit } from './time-unit';
import { isParseRequest, ParseReply, WireError } from './worker-protocol';

const sessions = new Map<number, LocalSource>();

function wireError(e: LineError | undefined): WireError | undefined {
  return e === undefined ? undefined : { message: e.message, line: e.line, status: e.status };
}

function reply(message: ParseReply): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (m: unknown) => {
  if (!isParseRequest(m)) return;
  try {
    switch (m.type) {
      case 'open':
        sessions.set(m.id, new LocalSource(
          { maxLineBytes: m.maxLineBytes, maxLineKey: m.maxLineKey, maxTables: m.maxTables },
          { precision: m.precision as TimeUnit, now: nowMicros },
        ));
        return;
      case 'feed': {
        const s = sessions.get(m.id);
        if (s === undefined) return;
        s.feed(new Uint8Array(m.buffer, 0, m.length));
        reply({ type: 'fed', id: m.id, bytes: m.length, bufferedBytes: s.bufferedBytes, bufferedRows: s.bufferedRows, pendingLineBytes: s.pendingLineBytes, error: wireError(s.error) });
        return;
      }
      case 'take': {
        const s = sessions.get(m.id);
        if (s === undefined) { reply({ type: 'failed', id: m.id, message: 'no such parse session' }); return; }
        if (m.end) s.end();
        const blocks = s.takeNow().map(toWire);
        reply({ type: 'blocks', id: m.id, blocks, error: wireError(s.error) });
        return;
      }
      case 'close':
        sessions.delete(m.id);
        return;
      case 'piece': {
        const s = new LocalSource(
          { maxLineBytes: m.maxLineBytes, maxLineKey: m.maxLineKey, maxTables: m.maxTables },
          { precision: m.precision as TimeUnit, now: nowMicros },
        );
        s.feed(new Uint8Array(m.buffer, 0, m.length));
        if (m.final) s.end();
        const rows = s.bufferedRows;
        const bytes = s.bufferedBytes;
        const blocks = s.takeNow().map(toWire);
        reply({ type: 'piece', id: m.id, seq: m.seq, blocks, lines: s.lines, rows, bytes, error: wireError(s.error) });
        return;
      }
    }
  } catch (e) {
    reply({ type: 'failed', id: m.id, message: e instanceof Error ? e.stack ?? e.message : String(e) });
  }
});
