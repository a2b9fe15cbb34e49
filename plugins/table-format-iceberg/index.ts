/**
 * The open table layout on the cold tier's store: Hive-partitioned Parquet plus Apache Iceberg v2 metadata
 * (`cold.table.format=iceberg`, the default). Registers the TableFormat when an ObjectStore is registered.
 */
import { DependencyContainer } from 'tsyringe';
import { COLD_TABLE_FORMAT } from '../../core/config/cold-keys';
import { ServerConfig } from '../../core/config/server-config';
import { ObjectStore } from '../../core/extension/object-store';
import { TableFormat } from '../../core/extension/table-format';
import { Plugin } from '../../core/plugin';
import { IcebergTableFormat } from './iceberg-table-format';

export const tableFormatIcebergPlugin: Plugin = {
  name: 'table-format-iceberg',
  dependsOn: ['storage-object-store'],
  register(container: DependencyContainer): void {
    if (container.resolve(ServerConfig).get(COLD_TABLE_FORMAT) !== 'iceberg') return;
    if (!container.isRegistered(ObjectStore, true)) return;
    container.register(TableFormat, { useValue: new IcebergTableFormat(container.resolve<ObjectStore>(ObjectStore)) });
  },
};
