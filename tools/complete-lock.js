#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages (native bindings for other
// operating systems and CPUs) that this machine's registry mirror does not serve, so `npm ci` accepts
// the lock everywhere: each missing entry records only its os/cpu/libc, and npm skips it on platforms
// it does not match. Run after `npm install` changes a dependency: `node tools/complete-lock.js`.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    if (lock.packages[depKey] || lock.packages[`${key}/node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[depKey] = { version, ...(pkg.dev ? { dev: true } : {}), ...platform, optional: true };
    added++;
  }
}
const sorted = {};
for (const k of Object.keys(lock.packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1))) sorted[k] = lock.packages[k];
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
process.stdout.write(`added ${added} platform entries\n`);
