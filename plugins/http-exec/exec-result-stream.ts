/**
 * Streams a SELECT's rows as the /exec JSON document. The first batch is awaited before the 200 head is
 * written, so errors found while starting the query still answer 400; later errors close the document
 * well-framed. Rows go out in ~64 KB chunks, waiting for 'drain', so memory stays
 * bounded whatever the row count. Rows before `limit`'s start are skipped here and iteration stops at its
 * end unless `count=true` asks for the total.
 */
import { ServerResponse } from 'node:http';
import { ColumnBatch } from '../../core/data/column-batch';
import { ResultSet } from '../../core/data/result-set';
import { CONTENT_TYPE, ResponseFraming } from '../../core/server/response-framing';
import { RunningQuery } from '../../core/server/running-queries';
import { CompiledQuery } from '../../core/sql/query-engine';
import { ChunkPool } from './chunk-pool';
import { projectColumns } from './column-projection';
import { errorBodyWithoutPosition } from './exec-bodies';
import { ExecLimit } from './exec-limit';
import { ExecParams } from './exec-params';
import { JsonResultWriter, ResultTrailer } from './json-result-writer';
import { CHUNK_BYTES, JsonSink } from './json-sink';
import { QueryDeadline } from './query-deadline';

export interface StreamJob {
  readonly res: ServerResponse;
  readonly params: ExecParams;
  /** `limit` after `http.security.max.response.rows`; a `tail` window is already applied by the engine. */
  readonly limit: ExecLimit;
  readonly compiled: CompiledQuery;
  readonly result: ResultSet;
  readonly deadline: QueryDeadline;
  readonly authNanos: bigint;
  readonly compilerNanos: bigint;
  readonly executeStart: bigint;
  /** This query in the registry: counts the rows sent, gives the final progress object. */
  readonly running: RunningQuery;
  /** Extra response headers (X-Svc-Query-Id). */
  readonly headers: readonly (readonly [string, string])[];
}

/** How a mid-stream error is described in the closing `error`/`errorPos` keys. */
export type DescribeError = (e: unknown) => { readonly message: string; readonly position: number };

/** Returns true when the whole document was sent, false when it ended with an error or the client left. */
export async function streamResult(job: StreamJob, framing: ResponseFraming, chunks: ChunkPool, describe: DescribeError): Promise<boolean> {
  const { res, params, result, deadline } = job;
  const projection = projectColumns(result.columns, result.timestampIndex, params.cols);
  if (!projection.ok) {
    framing.sendError(res, { status: 400, contentType: CONTENT_TYPE.json, body: errorBodyWithoutPosition(params.query, projection.message), keepAliveHeader: true });
    return false;
  }
  const signal = deadline.signal;
  const iterator = result.batches()[Symbol.asyncIterator]();
  let done = false;
  try {
    let next = await iterator.next();
    signal.throwIfAborted();
    const writer = new JsonResultWriter(projection.columns, projection.indexes, params.quoteLargeNum);
    const sink = new JsonSink(CHUNK_BYTES, chunks);
    const body = framing.begin(res, { status: 200, contentType: CONTENT_TYPE.json, keepAliveHeader: true, compressible: true, svcHeaders: job.headers });
    writer.writeHead(sink, params.query, projection.timestampIndex, params.noMeta);
    const lo = job.limit.kind === 'range' ? job.limit.lo : 0;
    const hi = job.limit.kind === 'range' ? job.limit.hi : job.limit.kind === 'tail' ? job.limit.max : undefined;
    const pause = new EventLoopPause();
    let seen = 0;
    let executeNanos = 0n;
    let countStart = 0n;
    try {
      while (!next.done) {
        const batch: ColumnBatch = next.value;
        const from = Math.max(lo - seen, 0);
        const to = hi === undefined ? batch.rowCount : Math.min(batch.rowCount, hi - seen);
        let row = from;
        while (row < to) {
          row = writer.writeRows(sink, batch, row, to);
          job.running.rowsReturned = writer.rows;
          if (sink.full) {
            await sink.flush(body, signal);
            await pause.now();
          }
          signal.throwIfAborted();
        }
        seen += batch.rowCount;
        if (hi !== undefined && seen >= hi && countStart === 0n) {
          executeNanos = process.hrtime.bigint() - job.executeStart;
          countStart = process.hrtime.bigint();
          if (!params.count) break;
        }
        await pause.ifDue();
        next = await iterator.next();
        signal.throwIfAborted();
      }
      done = next.done === true;
      if (countStart === 0n) {
        executeNanos = process.hrtime.bigint() - job.executeStart;
        countStart = process.hrtime.bigint();
      }
      // A window that starts past the last row sends nothing and counts 0, as QuestDB does.
      let count = seen <= lo && lo > 0 ? 0 : hi === undefined ? seen : Math.min(seen, hi);
      if (params.count) count = job.limit.kind === 'tail' ? await countAll(job) : seen;
      writer.writeTail(sink, trailer(job, count, executeNanos, process.hrtime.bigint() - countStart));
      sink.end(body);
      return true;
    } catch (e) {
      if (deadline.clientGone) { sink.discard(); res.destroy(); return false; }
      const { message, position } = describe(e);
      const count = hi === undefined ? seen : Math.min(seen, hi);
      writer.writeErrorTail(sink, trailer(job, count, process.hrtime.bigint() - job.executeStart, 0n), message, position);
      sink.end(body);
      return false;
    }
  } finally {
    if (!done) await iterator.return?.();
  }
}

/**
 * A socket that keeps accepting never makes the loop wait, and an engine whose batches resolve at once never
 * leaves the microtask queue; then neither the timeout timer nor the client's 'close' could run. So the loop
 * yields to the event loop after every chunk and at least every 20 ms.
 */
class EventLoopPause {
  private last = performance.now();

  async now(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }

  async ifDue(): Promise<void> {
    if (performance.now() - this.last >= 20) await this.now();
  }
}

function trailer(job: StreamJob, count: number, executeNanos: bigint, countNanos: bigint): ResultTrailer {
  return {
    count,
    timings: job.params.timings
      ? { authentication: job.authNanos, compiler: job.compilerNanos, execute: executeNanos, count: countNanos }
      : undefined,
    jitCompiled: job.params.explain ? job.compiled.jitCompiled : undefined,
    progress: job.params.progress ? job.running.toJson() : undefined,
  };
}

/** `count=true` with `limit=-n`: the engine sent only the tail, so the total takes a second, counting-only run. */
async function countAll(job: StreamJob): Promise<number> {
  const outcome = await job.compiled.execute({ signal: job.deadline.signal, deadline: job.deadline.deadlineAt });
  if (outcome.kind !== 'rows') return 0;
  let total = 0;
  for await (const batch of outcome.result.batches()) {
    total += batch.rowCount;
    job.deadline.signal.throwIfAborted();
  }
  return total;
}
