/**
 * The TSBS "devops" cpu-only data, deterministically: the shape of the public TSBS generator
 * (pkg/data/usecases/devops: host.go, cpu.go). Each host has ten tags drawn once — hostname `host_<n>`,
 * region (9) and one of its datacenters, rack (0–99), os (3), arch (2), team (4), service (0–19),
 * service_version (0–1), service_environment (3) — and ten fields usage_user … usage_guest_nice, each a
 * random walk with standard normal steps clamped to [0, 100] (TSBS's `CWD(ND(0, 1), 0, 100, U(0, 100))`),
 * here kept in hundredths so every value has two decimals and sums are exact. One row per host per tick of
 * 10 s from 2016-01-01T00:00:00Z, hosts in order within a tick. Our own PRNG (bench-text.ts) replaces Go's
 * math/rand, so the values differ from TSBS's while their distribution and layout are its.
 */
import { rng } from './bench-text';

export const TSBS_TAGS = ['hostname', 'region', 'datacenter', 'rack', 'os', 'arch', 'team', 'service', 'service_version', 'service_environment'] as const;
export const TSBS_FIELDS = ['usage_user', 'usage_system', 'usage_idle', 'usage_nice', 'usage_iowait', 'usage_irq', 'usage_softirq', 'usage_steal', 'usage_guest', 'usage_guest_nice'] as const;
export const TSBS_START_MS = Date.UTC(2016, 0, 1);
export const TSBS_TICK_MS = 10_000;

const REGIONS: readonly (readonly [string, readonly string[]])[] = [
  ['us-east-1', ['us-east-1a', 'us-east-1b', 'us-east-1c', 'us-east-1e']],
  ['us-west-1', ['us-west-1a', 'us-west-1b']],
  ['us-west-2', ['us-west-2a', 'us-west-2b', 'us-west-2c']],
  ['eu-west-1', ['eu-west-1a', 'eu-west-1b', 'eu-west-1c']],
  ['eu-central-1', ['eu-central-1a', 'eu-central-1b']],
  ['ap-southeast-1', ['ap-southeast-1a', 'ap-southeast-1b']],
  ['ap-southeast-2', ['ap-southeast-2a', 'ap-southeast-2b']],
  ['ap-northeast-1', ['ap-northeast-1a', 'ap-northeast-1c']],
  ['sa-east-1', ['sa-east-1a', 'sa-east-1b', 'sa-east-1c']],
];
const OS = ['Ubuntu16.10', 'Ubuntu16.04LTS', 'Ubuntu15.10'];
const ARCH = ['x64', 'x86'];
const TEAM = ['SF', 'NYC', 'LON', 'CHI'];
const ENVIRONMENT = ['production', 'staging', 'test'];

/** The region names, for queries that draw one. */
export const TSBS_REGIONS: readonly string[] = REGIONS.map(([r]) => r);

/** Hosts = rows / 10,000 clamped to 100..1,000 (TSBS's --scale), as the shared bench's cpu table. */
export function tsbsHosts(rows: number): number {
  return Math.min(1000, Math.max(100, Math.round(rows / 10_000)));
}

export class TsbsCpu {
  /** Each host's ten tag values, in TSBS_TAGS order. */
  readonly tags: readonly (readonly string[])[];
  /** The current tick's values in hundredths, host-major: `values[host * 10 + field]`. */
  readonly values: Int32Array;
  private readonly random: () => number;
  private spare = NaN;

  constructor(readonly hosts: number, seed = 2016) {
    this.random = rng(seed);
    const r = this.random, pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
    this.tags = Array.from({ length: hosts }, (_x, h) => {
      const [region, datacenters] = pick(REGIONS);
      return [`host_${h}`, region, pick(datacenters), String(Math.floor(r() * 100)), pick(OS), pick(ARCH), pick(TEAM),
        String(Math.floor(r() * 20)), String(Math.floor(r() * 2)), pick(ENVIRONMENT)];
    });
    this.values = new Int32Array(hosts * TSBS_FIELDS.length);
    for (let i = 0; i < this.values.length; i++) this.values[i] = Math.floor(r() * 10_001);
  }

  /** A standard normal draw (Box–Muller, two per pair of uniforms). */
  private normal(): number {
    if (!Number.isNaN(this.spare)) {
      const s = this.spare;
      this.spare = NaN;
      return s;
    }
    const u = 1 - this.random(), v = this.random();
    const m = Math.sqrt(-2 * Math.log(u));
    this.spare = m * Math.sin(2 * Math.PI * v);
    return m * Math.cos(2 * Math.PI * v);
  }

  /** Advances every host's walks by one tick. */
  tick(): void {
    const v = this.values;
    for (let i = 0; i < v.length; i++) {
      const x = v[i] + Math.round(this.normal() * 100);
      v[i] = x < 0 ? 0 : x > 10_000 ? 10_000 : x;
    }
  }
}
