import { DependencyContainer } from 'tsyringe';
import { ServerConfig } from '../../core/config/server-config';
import { CAIRO_SQL_COPY_ROOT } from '../../core/config/server-keys';
import { ImportFormat } from '../../core/extension/import-format';
import { SqlFunction } from '../../core/extension/sql-function';
import { RootDirectory } from '../../core/root-directory';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Plugin } from '../../core/plugin';
import { parquetFormat } from './parquet-format';
import { ParquetWorkerPool } from './parquet-worker-pool';
import { readParquetFunction } from './read-parquet-function';

/** /imp of Parquet files (`fmt=parquet`, `PAR1` magic, `.parquet` names), and `read_parquet('file')` in SQL. */
export const importParquetPlugin: Plugin = {
  name: 'import-parquet',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const pool = new ParquetWorkerPool();
    const format = parquetFormat(pool);
    container.register(ImportFormat, { useValue: format });
    const root = container.resolve(ServerConfig).get(CAIRO_SQL_COPY_ROOT);
    const copyRoot = root === undefined || root.trim() === '' ? undefined : container.resolve(RootDirectory).resolve(root);
    container.register(SqlFunction, { useValue: readParquetFunction(format, copyRoot) });
    container.register(Lifecycle, { useValue: pool });
  },
};
