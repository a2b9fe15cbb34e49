/**
 * A WebAssembly module's own memory given a maximum: the memory section's limits are rewritten (flag 1,
 * maximum in 64 KiB pages), so `memory.grow` past it fails and the module's allocator reports out of memory
 * (Rust: an abort, a `RuntimeError: unreachable` in JavaScript) instead of growing towards the 4 GiB a
 * wasm32 module may reach. An existing smaller maximum is kept; a module that imports its memory, or has
 * none, is returned unchanged.
 */
const PAGE = 65536;
const MEMORY_SECTION = 5;

function readVarUint(b: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  let p = at;
  for (;;) {
    if (p >= b.length) throw new Error('truncated LEB128 in a WebAssembly module');
    const x = b[p++];
    value += (x & 0x7f) * 2 ** shift;
    if (x < 0x80) return { value, next: p };
    shift += 7;
  }
}

function varUint(v: number): number[] {
  const out: number[] = [];
  let x = v;
  do {
    let byte = x % 128;
    x = Math.floor(x / 128);
    if (x > 0) byte |= 0x80;
    out.push(byte);
  } while (x > 0);
  return out;
}

/** Pages for `maxBytes`, at least the memory's initial size so the module still instantiates. */
export function withMemoryMaximum(module: Uint8Array, maxBytes: number): Uint8Array {
  let p = 8;
  while (p < module.length) {
    const id = module[p];
    const size = readVarUint(module, p + 1);
    const bodyStart = size.next;
    const bodyEnd = bodyStart + size.value;
    if (id !== MEMORY_SECTION) { p = bodyEnd; continue; }
    const count = readVarUint(module, bodyStart);
    if (count.value !== 1) return module;
    const flags = module[count.next];
    // Shared (flag 2) or 64-bit (flag 4) memories are left alone.
    if (flags !== 0 && flags !== 1) return module;
    const min = readVarUint(module, count.next + 1);
    const existing = flags === 1 ? readVarUint(module, min.next).value : Infinity;
    const max = Math.max(min.value, Math.min(existing, Math.floor(maxBytes / PAGE)));
    const body = [...varUint(1), 1, ...varUint(min.value), ...varUint(max)];
    const section = [MEMORY_SECTION, ...varUint(body.length), ...body];
    const out = new Uint8Array(p + section.length + (module.length - bodyEnd));
    out.set(module.subarray(0, p), 0);
    out.set(section, p);
    out.set(module.subarray(bodyEnd), p + section.length);
    return out;
  }
  return module;
}
