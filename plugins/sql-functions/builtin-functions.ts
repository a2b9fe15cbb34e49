/** Every function this plugin registers, in one list (also used by unit tests without a container). */
import { SqlFunction } from '../../core/extension/sql-function';
import { numericAggregates } from './aggregates/numeric-aggregates';
import { valueAggregates } from './aggregates/value-aggregates';
import { varianceAggregates } from './aggregates/variance-aggregates';
import { conditionalFunctions } from './conditional/conditional-functions';
import { mathFunctions } from './math/math-functions';
import { infoFunctions } from './meta/info-functions';
import { tableFunctions } from './meta/table-functions';
import { catalogFunctions } from './meta/catalog-functions';
import { materializedViewsFunction, viewsFunction } from './meta/view-functions';
import { walTablesFunction } from './meta/wal-functions';
import { telemetryConfig } from './meta/telemetry-config';
import { arithmeticFunctions } from './operators/arithmetic';
import { comparisonFunctions } from './operators/comparison';
import { logicalFunctions } from './operators/logical';
import { predicateFunctions } from './operators/predicates';
import { randomFunctions } from './random/random-functions';
import { arrayFunctions } from './array/array-functions';
import { unnest } from './array/unnest';
import { generateSubscripts } from './array/generate-subscripts';
import { decimalOperators } from './decimal/decimal-operators';
import { decimalAggregates } from './aggregates/decimal-aggregates';
import { textFunctions } from './text/text-functions';
import { base64Function } from './binary/base64-function';
import { regexFunctions } from './text/regex-functions';
import { timeFunctions } from './time/time-functions';
import { dateFunctions } from './time/date-functions';
import { patternFunctions } from './time/pattern-functions';

export const builtinFunctions: readonly SqlFunction[] = [
  ...arithmeticFunctions, ...comparisonFunctions, ...logicalFunctions, ...predicateFunctions,
  ...mathFunctions, ...textFunctions, ...regexFunctions, ...conditionalFunctions, ...timeFunctions, ...dateFunctions, ...patternFunctions, ...infoFunctions, ...randomFunctions, ...arrayFunctions, ...decimalOperators, ...decimalAggregates,
  ...numericAggregates, ...valueAggregates, ...varianceAggregates, ...tableFunctions,
  ...catalogFunctions, walTablesFunction, viewsFunction, materializedViewsFunction, telemetryConfig, unnest, generateSubscripts, base64Function,
];
