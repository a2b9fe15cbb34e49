/**
 * Time zones for SAMPLE BY … TIME ZONE, to_timezone/to_utc and dateadd with a zone: IANA names
 * (`Europe/Berlin`), fixed offsets (`+03:00`, `-0800`, `UTC`) and a few common abbreviations. Offsets
 * come from Intl (the ICU data Node ships) and are cached per zone and quarter hour.
 */
export interface TimeZone {
  readonly name: string;
  /** Offset of local wall-clock time from UTC at a UTC instant, in µs. */
  offsetAt(utcMicros: number): number;
}

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  UTC: 'UTC', GMT: 'UTC', Z: 'UTC', PST: 'America/Los_Angeles', PDT: 'America/Los_Angeles',
  MST: 'America/Denver', CST: 'America/Chicago', EST: 'America/New_York', EDT: 'America/New_York',
  CET: 'Europe/Paris', EET: 'Europe/Athens', BST: 'Europe/London', JST: 'Asia/Tokyo', IST: 'Asia/Kolkata',
};

const QUARTER_HOUR = 900_000_000;
const zones = new Map<string, TimeZone>();

/** The zone for a name, or undefined when unknown. */
export function timeZone(name: string): TimeZone | undefined {
  const key = name.trim();
  const cached = zones.get(key);
  if (cached) return cached;
  const zone = fixedOffsetZone(key) ?? ianaZone(ABBREVIATIONS[key.toUpperCase()] ?? key);
  if (zone && zones.size < 1000) zones.set(key, zone);
  return zone;
}

function fixedOffsetZone(name: string): TimeZone | undefined {
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(name);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = m[3] === undefined ? 0 : Number(m[3]);
  if (hours > 18 || minutes > 59) return undefined;
  const offset = (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000_000;
  return { name, offsetAt: () => offset };
}

function ianaZone(name: string): TimeZone | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
  } catch {
    return undefined;
  }
  const cache = new Map<number, number>();
  return {
    name,
    offsetAt(utcMicros: number): number {
      const bucket = Math.floor(utcMicros / QUARTER_HOUR);
      let offset = cache.get(bucket);
      if (offset === undefined) {
        const ms = bucket * (QUARTER_HOUR / 1000);
        const p = format.formatToParts(new Date(ms));
        const get = (t: string): number => Number(p.find((x) => x.type === t)?.value ?? 0);
        const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
        offset = (local - ms) * 1000;
        if (cache.size > 100_000) cache.clear();
        cache.set(bucket, offset);
      }
      return offset;
    },
  };
}

/** UTC instant → local wall-clock µs (to_timezone). */
export function toLocal(utcMicros: number, zone: TimeZone): number {
  return utcMicros + zone.offsetAt(utcMicros);
}

/**
 * Local wall-clock µs → UTC instant (to_utc). In a DST gap the wall time is moved forward by the gap;
 * in an overlap the earlier instant is chosen.
 */
export function toUtc(localMicros: number, zone: TimeZone): number {
  const guess = localMicros - zone.offsetAt(localMicros);
  const u1 = localMicros - zone.offsetAt(guess);
  if (u1 + zone.offsetAt(u1) === localMicros) {
    const earlier = u1 - 3_600_000_000;
    if (earlier + zone.offsetAt(earlier) === localMicros) return earlier;
    return u1;
  }
  return localMicros - zone.offsetAt(u1 - 3_600_000_000);
}
