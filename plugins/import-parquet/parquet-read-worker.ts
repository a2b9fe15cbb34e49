/**
 * Worker-thread entry: decodes Parquet files with parquet-wasm (`ParquetFile.fromFile` over a file-backed
 * Blob, so only the footer and the row groups being read come from disk), one file at a time, requests
 * served in order (parquet-worker-protocol.ts). It runs off the request thread because decoding takes CPU,
 * and because parquet-wasm reports some damaged files, and running out of memory, by trapping
 * (`unreachable`) outside any promise: in a worker that ends the worker, not the server.
 *
 * Its budget (workerData): the WebAssembly memory has a maximum (`http.import.parquet.decoder.memory.limit`,
 * bounded-parquet-wasm.ts); the footer is checked against it before any page (decoder-budget.ts); row groups
 * are read in slices (row-group-slices.ts). A trap is reported with the row group and the memory in use,
 * then the worker exits.
 */
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { ParquetFile } from 'parquet-wasm/node';
import { loadParquetWasm } from './bounded-parquet-wasm';
import { BATCH_BYTES, budgetRefusal, DecoderLimits, GroupFacts, sliceBytes } from './decoder-budget';
import {
  isParquetWorkerData, isParquetWorkerRequest, ParquetWorkerReply, ParquetWorkerRequest,
} from './parquet-worker-protocol';
import { DecoderRefusal, RowGroupSlices } from './row-group-slices';

const limits: DecoderLimits = isParquetWorkerData(workerData) ? workerData : { memoryLimit: 0 };
const wasm = loadParquetWasm(limits.memoryLimit);

function memoryInUse(): number {
  return wasm.wasmMemory().buffer.byteLength;
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 1048576)} MiB`;
}

function fail(e: unknown, group: number | undefined): ParquetWorkerReply {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof DecoderRefusal) return { kind: 'refused', message };
  if (!(e instanceof Error && e.name === 'RuntimeError')) return { kind: 'error', message };
  // A trap: the allocator found no more memory (the usual cause), or the decoder met data it cannot read.
  const where = group === undefined ? 'reading the footer' : `decoding row group ${group}`;
  const limit = limits.memoryLimit > 0 ? ` of its ${mib(limits.memoryLimit)} limit [http.import.parquet.decoder.memory.limit]` : '';
  return { kind: 'error', message: `the decoder stopped (${message}) ${where} with ${mib(memoryInUse())} in use${limit}: the row group needs more memory than that, or the file is damaged` };
}

/** The footer's facts about every row group (rows, compressed sizes per column). */
function groupFacts(file: ParquetFile): GroupFacts[] {
  const meta = file.metadata();
  try {
    return meta.rowGroups().map((g) => {
      const chunks = g.columns().map((c) => {
        const facts = { column: c.columnPath().join('.'), compressed: c.compressedSize(), uncompressed: c.uncompressedSize() };
        c.free();
        return facts;
      });
      const facts = { rows: g.numRows(), compressed: g.compressedSize(), chunks };
      g.free();
      return facts;
    });
  } finally {
    meta.free();
  }
}

function serve(port: NonNullable<typeof parentPort>): void {
  const post = (reply: ParquetWorkerReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  let file: ParquetFile | undefined;
  let slices: RowGroupSlices | undefined;
  const closeFile = async (): Promise<void> => {
    await slices?.close();
    slices = undefined;
    file?.free();
    file = undefined;
  };
  const handle = async (request: ParquetWorkerRequest): Promise<void> => {
    switch (request.kind) {
      case 'open': {
        await closeFile();
        const opened = await wasm.ParquetFile.fromFile(await openAsBlob(request.path));
        file = opened;
        const groups = groupFacts(opened);
        const refusal = budgetRefusal(groups, limits);
        if (refusal !== undefined) { post({ kind: 'refused', message: refusal }); return; }
        const facts = groups.map((g) => ({ rows: g.rows, compressed: g.compressed, uncompressed: g.chunks.reduce((n, c) => n + c.uncompressed, 0) }));
        slices = new RowGroupSlices(opened, facts, sliceBytes(limits), BATCH_BYTES,
          limits.memoryLimit > 0 ? limits.memoryLimit / 2 : Infinity);
        const meta = opened.metadata();
        const fileMeta = meta.fileMetadata();
        const keyValues = [...fileMeta.keyValueMetadata().entries()].map(([k, v]) => [String(k), String(v)] as const);
        fileMeta.free();
        meta.free();
        post({ kind: 'schema', ipc: opened.schema().intoIPCStream(), rowGroups: groups.length, keyValues });
        return;
      }
      case 'next': {
        if (!slices) throw new Error('no file is open');
        const next = await slices.next();
        if (!next) { post({ kind: 'end', memory: memoryInUse() }); return; }
        post({ kind: 'batch', group: next.group, ipc: next.ipc, memory: memoryInUse() }, [next.ipc.buffer as ArrayBuffer]);
        return;
      }
      case 'close':
        await closeFile();
    }
  };
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (message: unknown) => {
    if (!isParquetWorkerRequest(message)) return;
    chain = chain.then(() => handle(message)).catch((e: unknown) => post(fail(e, slices?.group)));
  });
  // A trap inside a future parquet-wasm polls from a microtask surfaces here: say what happened, then end.
  process.on('uncaughtException', (e: unknown) => {
    post(fail(e, slices?.group));
    process.exit(1);
  });
}

if (parentPort) serve(parentPort);
