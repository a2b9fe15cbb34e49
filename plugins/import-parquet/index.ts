import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  HTTP_IMPORT_PARQUET_DECODER_MEMORY, HTTP_IMPORT_PARQUET_DECODER_QUEUE, HTTP_IMPORT_PARQUET_DECODERS,
} from '../../core/config/server-keys';
import { ImportFormat } from '../../core/extension/import-format';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Plugin } from '../../core/plugin';
import { parquetFormat } from './parquet-format';
import { ParquetWorkerPool } from './parquet-worker-pool';

/** /imp of Parquet files (`fmt=parquet`, `PAR1` magic, `.parquet` names), decoded by a bounded pool of workers. */
export const importParquetPlugin: Plugin = {
  name: 'import-parquet',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const config = container.resolve(ServerConfig);
    const pool = new ParquetWorkerPool({
      decoders: config.get(HTTP_IMPORT_PARQUET_DECODERS),
      queue: config.get(HTTP_IMPORT_PARQUET_DECODER_QUEUE),
      memoryLimit: config.get(HTTP_IMPORT_PARQUET_DECODER_MEMORY),
    });
    container.register(ImportFormat, { useValue: parquetFormat(pool) });
    container.register(Lifecycle, { useValue: pool });
  },
};
