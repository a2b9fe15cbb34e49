/**
 * Worker-thread entry: decodes one Parquet file with parquet-wasm (`ParquetFile.fromFile` over a file-backed
 * Blob, so only the footer and the requested row group are read from disk). It runs off the request thread
 * because decoding takes CPU, and because parquet-wasm reports some damaged files by trapping (`unreachable`)
 * outside any promise: in a worker that ends the worker, not the server, and the next upload gets a fresh
 * wasm instance.
 */
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ParquetFile } from 'parquet-wasm/node';
import { isParquetWorkerRequest, ParquetWorkerReply } from './parquet-worker-protocol';

function fail(e: unknown): ParquetWorkerReply {
  return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
}

async function run(port: NonNullable<typeof parentPort>, path: string): Promise<void> {
  const post = (reply: ParquetWorkerReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  let file: ParquetFile;
  try {
    file = await ParquetFile.fromFile(await openAsBlob(path));
    const meta = file.metadata();
    const keyValues = [...meta.fileMetadata().keyValueMetadata().entries()].map(([k, v]) => [String(k), String(v)] as const);
    post({ kind: 'schema', ipc: file.schema().intoIPCStream(), rowGroups: meta.numRowGroups(), keyValues });
  } catch (e) {
    post(fail(e));
    return;
  }
  port.on('message', (message: unknown) => {
    if (!isParquetWorkerRequest(message)) return;
    file.read({ rowGroups: [message.group], batchSize: 65536 }).then((table) => {
      const ipc = table.intoIPCStream();
      post({ kind: 'group', group: message.group, ipc }, [ipc.buffer as ArrayBuffer]);
    }, (e: unknown) => post(fail(e)));
  });
}

if (parentPort && typeof workerData === 'string') void run(parentPort, workerData);
