import { DependencyContainer } from 'tsyringe';
import { ImportFormat } from '../../core/extension/import-format';
import { Lifecycle } from '../../core/extension/lifecycle';
import { Plugin } from '../../core/plugin';
import { delimitedFormat } from './delimited-format';
import { ParseWorkerPool } from './parse-worker-pool';

export const importDelimitedPlugin: Plugin = {
  name: 'import-delimited',
  dependsOn: [],
  register(container: DependencyContainer): void {
    const pool = new ParseWorkerPool();
    container.register(ImportFormat, { useValue: delimitedFormat(pool) });
    container.register(Lifecycle, { useValue: pool });
  },
};
