/**
 * Who a process is, precisely enough to tell a live lock owner from a stale one: host name and pid,
 * plus on Linux the pid namespace (containers have their own pid numbers), the boot id (pids restart
 * after a reboot) and the process start time (a pid reused by another program has another start
 * time). Fields that cannot be read on this platform are undefined and simply not compared.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  readonly pid: number;
  readonly host: string;
  readonly pidNamespace: string | undefined;
  readonly bootId: string | undefined;
  /** Start time in clock ticks since boot (`/proc/<pid>/stat` field 22). */
  readonly startTicks: string | undefined;
}

function read(fn: () => string): string | undefined {
  try {
    return fn().trim();
  } catch {
    return undefined;
  }
}

/** The start time of a process, or undefined when /proc does not say (not Linux, or no such process). */
export function startTicksOf(pid: number): string | undefined {
  const stat = read(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may contain spaces: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

export function currentProcessIdentity(): ProcessIdentity {
  return {
    pid: process.pid,
    host: hostname(),
    pidNamespace: read(() => readlinkSync('/proc/self/ns/pid')),
    bootId: read(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    startTicks: startTicksOf(process.pid),
  };
}

/** True while a process with this pid exists (a process of another user counts: EPERM). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isProcessIdentity(x: unknown): x is ProcessIdentity {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  const optional = (v: unknown): boolean => v === undefined || typeof v === 'string';
  return typeof o.pid === 'number' && Number.isInteger(o.pid) && o.pid > 0 && typeof o.host === 'string'
    && optional(o.pidNamespace) && optional(o.bootId) && optional(o.startTicks);
}
