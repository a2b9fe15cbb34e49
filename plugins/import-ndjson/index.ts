import { DependencyContainer } from 'tsyringe';
import { ImportFormat } from '../../core/extension/import-format';
import { Plugin } from '../../core/plugin';
import { ndjsonFormat } from './ndjson-format';

/** /imp of newline-delimited JSON (`fmt=ndjson`, `.ndjson` files, uploads starting with `{`). */
export const importNdjsonPlugin: Plugin = {
  name: 'import-ndjson',
  dependsOn: [],
  register(container: DependencyContainer): void {
    container.register(ImportFormat, { useValue: ndjsonFormat });
  },
};
