/**
 * Whether a result can be plotted and how: the x axis is the designated timestamp (else the first
 * TIMESTAMP or DATE column), every numeric column is a y value, and the first SYMBOL/VARCHAR/STRING column,
 * when there is one, is the key that splits rows into one series per value (the keyed SAMPLE BY shape).
 */
import { ExecColumn } from '../api/exec-answer';
import { isNumericType } from '../grid/cell-text';

export interface ChartShape {
  readonly x: number;
  readonly key?: number;
  readonly values: readonly number[];
}

const TIME = /^(TIMESTAMP|TIMESTAMP_NS|DATE)$/;
const KEY = /^(SYMBOL|VARCHAR|STRING)$/;

export function chartShape(columns: readonly ExecColumn[], designated: number): ChartShape | undefined {
  const x = designated >= 0 && designated < columns.length && TIME.test(columns[designated].type)
    ? designated
    : columns.findIndex((c) => TIME.test(c.type));
  if (x < 0) return undefined;
  const values = columns.flatMap((c, i) => (isNumericType(c.type) ? [i] : []));
  if (values.length === 0) return undefined;
  const key = columns.findIndex((c) => KEY.test(c.type));
  return key >= 0 ? { x, key, values } : { x, values };
}
