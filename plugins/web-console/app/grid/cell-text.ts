/**
 * How a value of the /exec dataset reads in a grid cell. NULL is shown as `null` in its own style;
 * timestamps arrive as ISO text and stay so; LONGs arrive as strings (src=con) and keep every digit.
 */
const NUMERIC = /^(BYTE|SHORT|INT|LONG|FLOAT|DOUBLE|DECIMAL.*)$/;

export function isNumericType(type: string): boolean {
  return NUMERIC.test(type);
}

export function isNull(value: unknown): boolean {
  return value === null || value === undefined;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
