/** Every function and relation of the catalog plugin. */
import { SqlFunction } from '../../core/extension/sql-function';

export const catalogRelations: readonly SqlFunction[] = [];
