import { DependencyContainer } from 'tsyringe';
import { ImportFormat } from '../../core/extension/import-format';
import { Plugin } from '../../core/plugin';
import { delimitedFormat } from './delimited-format';

export const importDelimitedPlugin: Plugin = {
  name: 'import-delimited',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ImportFormat, { useValue: delimitedFormat });
  },
};
