/** Compiling a QuestDB date/time pattern into steps; see TimestampPattern. */
/** What a step reads or writes. */
export const enum Field {
  Literal, Year, Year2, Month, MonthName, Day, DayOfYear, DayName, Ignore, Era, Hour, Hour24k, Hour12K, Hour12h,
  Minute, Second, Milli, Micro, MicroFraction, Nano, NanoFraction, AmPm, Zone,
}

export interface PatternStep {
  readonly field: Field;
  /** Digits: at least `min`, at most `max` (greedy). Names: `max` 3 = short form when formatting. */
  readonly min: number;
  readonly max: number;
  /** Literal bytes (Field.Literal). */
  readonly literal?: Uint8Array;
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const encoder = new TextEncoder();

function numeric(letter: string, count: number, plus: boolean): PatternStep | undefined {
  const exact = (f: Field, n: number): PatternStep => ({ field: f, min: n, max: n });
  const greedy = (f: Field, max: number): PatternStep => ({ field: f, min: 1, max });
  const pick = (f: Field, greedyMax: number, exactAt: number): PatternStep =>
    count >= exactAt ? exact(f, count) : greedy(f, greedyMax);
  switch (letter) {
    case 'y': return count === 2 ? exact(Field.Year2, 2) : count >= 3 ? exact(Field.Year, count) : greedy(Field.Year, 9);
    case 'M': return count >= 3 ? { field: Field.MonthName, min: 0, max: count } : pick(Field.Month, 2, 2);
    case 'd': return pick(Field.Day, 2, 2);
    case 'D': return pick(Field.DayOfYear, 3, 3);
    case 'E': return { field: Field.DayName, min: 0, max: count };
    case 'u': case 'w': case 'F': return pick(Field.Ignore, 2, 2);
    case 'G': return { field: Field.Era, min: 0, max: 2 };
    case 'H': return pick(Field.Hour, 2, 2);
    case 'k': return pick(Field.Hour24k, 2, 2);
    case 'K': return pick(Field.Hour12K, 2, 2);
    case 'h': return pick(Field.Hour12h, 2, 2);
    case 'm': return pick(Field.Minute, 2, 2);
    case 's': return pick(Field.Second, 2, 2);
    case 'S': return pick(Field.Milli, 3, 3);
    case 'U': return plus ? greedy(Field.MicroFraction, 9) : pick(Field.Micro, 3, 3);
    case 'N': return plus ? greedy(Field.NanoFraction, 9) : pick(Field.Nano, 3, 3);
    case 'a': return { field: Field.AmPm, min: 0, max: 2 };
    case 'z': case 'Z': case 'x': return { field: Field.Zone, min: 0, max: count };
    default: return undefined;
  }
}

/** Splits a pattern into steps; adjacent literal characters merge into one step. */
export function compileSteps(pattern: string): PatternStep[] {
  const steps: PatternStep[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') steps.push({ field: Field.Literal, min: 0, max: 0, literal: encoder.encode(literal) });
    literal = '';
  };
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i];
    if (c === "'") {
      const close = pattern.indexOf("'", i + 1);
      const end = close < 0 ? pattern.length : close;
      literal += end === i + 1 ? "'" : pattern.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    let j = i;
    while (j < pattern.length && pattern[j] === c) j++;
    const plus = pattern[j] === '+';
    const step = /[A-Za-z]/.test(c) ? numeric(c, j - i, plus) : undefined;
    if (!step) { literal += pattern.slice(i, j); i = j; continue; }
    flush();
    steps.push(step);
    i = plus ? j + 1 : j;
  }
  flush();
  return steps;
}
