import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import {
  CAIRO_SQL_COPY_ROOT, HTTP_IMPORT_PARQUET_DECODER_MEMORY, HTTP_IMPORT_PARQUET_DECODER_QUEUE, HTTP_IMPORT_PARQUET_DECODERS,
} from '../../core/config/server-keys';
import { ImportFormat } from '../../core/extension/import-format';
import { SqlFunction } from '../../core/extension/sql-function';
import { RootDirectory } from '../../core/root-directory';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Plugin } from '../../core/plugin';
import { parquetFormat } from './parquet-format';
import { ParquetWorkerPool } from './parquet-worker-pool';
import { readParquetFunction } from './read-parquet-function';

/** /imp of Parquet files (`fmt=parquet`, `PAR1` magic, `.parquet` names), decoded by a bounded pool of workers, and `read_parquet('file')` in SQL. */
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
    const format = parquetFormat(pool);
    container.register(ImportFormat, { useValue: format });
    const root = config.get(CAIRO_SQL_COPY_ROOT);
    const copyRoot = root === undefined || root.trim() === '' ? undefined : container.resolve(RootDirectory).resolve(root);
    container.register(SqlFunction, { useValue: readParquetFunction(format, copyRoot) });
    container.register(Lifecycle, { useValue: pool });
  },
};
