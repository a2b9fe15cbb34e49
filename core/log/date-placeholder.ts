/**
 * `${date:<format>}` in log.conf locations and the alert template.
 * Pattern letters follow QuestDB's timestamp formats: `yyyy` `yy` `MM` `M` `MMM` `dd` `d` `HH` `H`
 * `hh` `h` `mm` `m` `ss` `s` `SSS` `S` (milliseconds) `UUU` `U` (microseconds of the millisecond)
 * `a` (AM/PM) `EE`/`E` (day name); text in single quotes and every other character is literal
 * (so the `T` of `yyyy-MM-ddTHH` stays). Always UTC. A small formatter for the log only; SQL has its
 * own pattern parser (core/time/timestamp-pattern.ts).
 */
import { civilFromDays } from '../time/iso-timestamp';

const MICROS_PER_DAY = 86_400_000_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'];
const DAYS = ['Thursday', 'Friday', 'Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday'];

interface Fields {
  readonly year: number; readonly month: number; readonly day: number; readonly hour: number;
  readonly minute: number; readonly second: number; readonly milli: number; readonly micro: number;
  readonly weekday: number;
}

type Part = string | ((f: Fields) => string);

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function letterPart(letter: string, count: number): Part | undefined {
  switch (letter) {
    case 'y': return count === 2 ? (f) => pad(f.year % 100, 2) : (f) => pad(f.year, count);
    case 'M': return count >= 4 ? (f) => MONTHS[f.month - 1] : count === 3 ? (f) => MONTHS[f.month - 1].slice(0, 3) : (f) => pad(f.month, count);
    case 'd': return (f) => pad(f.day, count);
    case 'H': return (f) => pad(f.hour, count);
    case 'h': return (f) => pad(f.hour % 12 === 0 ? 12 : f.hour % 12, count);
    case 'm': return (f) => pad(f.minute, count);
    case 's': return (f) => pad(f.second, count);
    case 'S': return (f) => pad(f.milli, count);
    case 'U': return (f) => pad(f.micro, count);
    case 'a': return (f) => (f.hour < 12 ? 'AM' : 'PM');
    case 'E': return count >= 4 ? (f) => DAYS[f.weekday] : (f) => DAYS[f.weekday].slice(0, 3);
    default: return undefined;
  }
}

/** A compiled pattern: call it with microseconds since the epoch. */
export type DateFormatter = (micros: number) => string;

export function compileDatePattern(pattern: string): DateFormatter {
  const parts: Part[] = [];
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      const text = end < 0 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      parts.push(text === '' ? "'" : text);
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    let j = i;
    while (j < pattern.length && pattern[j] === c) j++;
    parts.push(letterPart(c, j - i) ?? pattern.slice(i, j));
    i = j;
  }
  return (micros: number): string => {
    const f = fieldsOf(micros);
    let out = '';
    for (const p of parts) out += typeof p === 'string' ? p : p(f);
    return out;
  };
}

const ymd = new Int32Array(3);

function fieldsOf(micros: number): Fields {
  const days = Math.floor(micros / MICROS_PER_DAY);
  civilFromDays(days, ymd);
  const inDay = micros - days * MICROS_PER_DAY;
  const secondOfDay = Math.floor(inDay / 1_000_000);
  const fraction = inDay - secondOfDay * 1_000_000;
  return {
    year: ymd[0], month: ymd[1], day: ymd[2],
    hour: Math.floor(secondOfDay / 3600), minute: Math.floor(secondOfDay / 60) % 60, second: secondOfDay % 60,
    milli: Math.floor(fraction / 1000), micro: fraction % 1000,
    weekday: ((days % 7) + 7) % 7,
  };
}

/** Finds `${date:<format>}` (the format may start with spaces, as in QuestDB's template). */
export const DATE_PLACEHOLDER = /\$\{date:\s*([^}]*)\}/g;

/** Replaces every `${date:<format>}` in `text` with the time `micros`. */
export function replaceDatePlaceholders(text: string, micros: number): string {
  return text.replace(DATE_PLACEHOLDER, (_m, format: string) => compileDatePattern(format.trim())(micros));
}
