/**
 * Bucket boundaries for SAMPLE BY. ALIGN TO CALENDAR (the default) starts buckets
 * at multiples of the stride counted from the epoch in local time (weeks from a Monday), shifted by
 * WITH OFFSET; ALIGN TO FIRST OBSERVATION (or FROM) counts from that instant. With TIME ZONE, strides of
 * a day or more follow the local calendar (DST days are 23/25 hours) and sub-day strides use the zone's
 * standard offset so buckets stay evenly spaced; bucket timestamps are always UTC.
 */
import { addUnits, fixedUnitMicros, floorToStride, MICROS_PER_DAY, Stride } from './time-unit';
import { TimeZone, toLocal, toUtc } from './time-zone';

export interface SampleAlignment {
  readonly stride: Stride;
  /** ALIGN TO FIRST OBSERVATION (or an explicit FROM): buckets count from this instant (UTC µs). */
  readonly origin?: number;
  readonly zone?: TimeZone;
  /** WITH OFFSET in µs (may be negative). */
  readonly offsetMicros?: number;
}

/** 1970-01-05 was a Monday: week buckets count from it. */
const FIRST_MONDAY = 4 * MICROS_PER_DAY;

export class SampleClock {
  private readonly calendarDays: boolean;
  private readonly origin: number;
  private readonly fixedOffset: number;

  constructor(private readonly alignment: SampleAlignment, sampleInstant = 0) {
    const { stride, zone } = alignment;
    const unitMicros = fixedUnitMicros(stride.unit);
    this.calendarDays = zone !== undefined && (unitMicros === undefined || unitMicros >= MICROS_PER_DAY);
    this.fixedOffset = zone !== undefined && !this.calendarDays ? standardOffset(zone, sampleInstant) : 0;
    const base = alignment.origin ?? (stride.unit === 'w' ? FIRST_MONDAY : 0);
    this.origin = base + (alignment.offsetMicros ?? 0);
  }

  /** Start (UTC) of the bucket holding `ts`. */
  bucketOf(ts: number): number {
    const zone = this.alignment.zone;
    if (this.alignment.origin !== undefined) return floorToStride(ts, this.alignment.stride, this.origin);
    if (this.calendarDays && zone) {
      const local = toLocal(ts, zone);
      return toUtc(floorToStride(local, this.alignment.stride, this.origin), zone);
    }
    const shifted = ts + this.fixedOffset;
    return floorToStride(shifted, this.alignment.stride, this.origin) - this.fixedOffset;
  }

  /** Start (UTC) of the bucket after the one starting at `bucket`. */
  next(bucket: number): number {
    const { stride, zone } = this.alignment;
    if (this.calendarDays && zone && this.alignment.origin === undefined) {
      return toUtc(addUnits(toLocal(bucket, zone), stride.unit, stride.count), zone);
    }
    return addUnits(bucket, stride.unit, stride.count);
  }
}

/** The zone's standard (winter) offset around an instant: the smaller of its January and July offsets. */
function standardOffset(zone: TimeZone, around: number): number {
  const year = Math.floor(around / (365.2425 * MICROS_PER_DAY));
  const jan = year * 365.2425 * MICROS_PER_DAY;
  return Math.min(zone.offsetAt(jan), zone.offsetAt(jan + 182 * MICROS_PER_DAY));
}
