/** Formatting side of TimestampPattern (to_str): each step writes its field of a UTC instant. */
import { civilFromDays, daysFromCivil } from './iso-timestamp';
import { DAYS, Field, MONTHS, PatternStep } from './timestamp-pattern-steps';

const MICROS_PER_DAY = 86_400_000_000;
const decoder = new TextDecoder();

function pad(n: number, width: number): string {
  const s = String(n);
  return s.length >= width ? s : '0'.repeat(width - s.length) + s;
}

export function formatWithPattern(steps: readonly PatternStep[], micros: number): string {
  const days = Math.floor(micros / MICROS_PER_DAY);
  const inDay = micros - days * MICROS_PER_DAY;
  const ymd = new Int32Array(3);
  civilFromDays(days, ymd);
  const [year, month, day] = ymd;
  const seconds = Math.floor(inDay / 1_000_000);
  const fraction = inDay - seconds * 1_000_000;
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds % 3600) / 60);
  const second = seconds % 60;
  const dow = ((days % 7) + 7 + 3) % 7; // 1970-01-01 was a Thursday (index 3 from Monday)
  let out = '';
  for (const st of steps) {
    const width = st.min;
    switch (st.field) {
      case Field.Literal: out += decoder.decode(st.literal); break;
      case Field.Year: out += pad(year, width === 1 ? 1 : width); break;
      case Field.Year2: out += pad(year % 100, 2); break;
      case Field.Month: out += pad(month, width); break;
      case Field.MonthName: out += st.max >= 4 ? MONTHS[month - 1] : MONTHS[month - 1].slice(0, 3); break;
      case Field.Day: out += pad(day, width); break;
      case Field.DayOfYear: out += pad(days - daysFromCivil(year, 1, 1) + 1, width); break;
      case Field.DayName: out += st.max >= 4 ? DAYS[dow] : DAYS[dow].slice(0, 3); break;
      case Field.Ignore: out += pad(dow + 1, width); break;
      case Field.Era: out += year > 0 ? 'AD' : 'BC'; break;
      case Field.Hour: out += pad(hour, width); break;
      case Field.Hour24k: out += pad(hour === 0 ? 24 : hour, width); break;
      case Field.Hour12K: out += pad(hour % 12, width); break;
      case Field.Hour12h: out += pad(hour % 12 === 0 ? 12 : hour % 12, width); break;
      case Field.Minute: out += pad(minute, width); break;
      case Field.Second: out += pad(second, width); break;
      case Field.Milli: out += pad(Math.floor(fraction / 1000), width === 1 ? 1 : 3); break;
      case Field.Micro: out += pad(fraction % 1000, width === 1 ? 1 : 3); break;
      case Field.MicroFraction: out += pad(fraction, 6); break;
      case Field.Nano: out += pad(0, width === 1 ? 1 : 3); break;
      case Field.NanoFraction: out += pad(fraction * 1000, 9); break;
      case Field.AmPm: out += hour < 12 ? 'AM' : 'PM'; break;
      case Field.Zone: out += 'Z'; break;
    }
  }
  return out;
}
