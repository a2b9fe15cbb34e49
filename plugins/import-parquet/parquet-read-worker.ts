/**
 * Worker-thread entry: decodes Parquet files with parquet-wasm (`ParquetFile.fromFile` over a file-backed
 * Blob, so only the footer and the requested row groups are read from disk), one file at a time, requests
 * served in order (parquet-worker-protocol.ts). It runs off the request thread because decoding takes CPU,
 * and because parquet-wasm reports some damaged files by trapping (`unreachable`) outside any promise: in a
 * worker that ends the worker, not the server.
 */
import { openAsBlob } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { ParquetFile } from 'parquet-wasm/node';
import { isParquetWorkerRequest, ParquetWorkerReply, ParquetWorkerRequest } from './parquet-worker-protocol';

function fail(e: unknown): ParquetWorkerReply {
  return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
}

function serve(port: NonNullable<typeof parentPort>): void {
  const post = (reply: ParquetWorkerReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  let file: ParquetFile | undefined;
  const handle = async (request: ParquetWorkerRequest): Promise<void> => {
    switch (request.kind) {
      case 'open': {
        file?.free();
        file = await ParquetFile.fromFile(await openAsBlob(request.path));
        const meta = file.metadata();
        const keyValues = [...meta.fileMetadata().keyValueMetadata().entries()].map(([k, v]) => [String(k), String(v)] as const);
        post({ kind: 'schema', ipc: file.schema().intoIPCStream(), rowGroups: meta.numRowGroups(), keyValues });
        return;
      }
      case 'read': {
        if (!file) throw new Error('no file is open');
        const ipc = (await file.read({ rowGroups: [request.group], batchSize: 65536 })).intoIPCStream();
        post({ kind: 'group', group: request.group, ipc }, [ipc.buffer as ArrayBuffer]);
        return;
      }
      case 'close':
        file?.free();
        file = undefined;
    }
  };
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (message: unknown) => {
    if (!isParquetWorkerRequest(message)) return;
    chain = chain.then(() => handle(message)).catch((e: unknown) => post(fail(e)));
  });
}

if (parentPort) serve(parentPort);
