// DuckDB read_csv load of the bench files, as /work/benchrun/duckdb.mjs does it (explicit types).
import fs from 'node:fs'; import path from 'node:path';
const { DuckDBInstance } = await import('/work/benchrun/node_modules/@duckdb/node-api/lib/index.js');
const { SCHEMAS, DUCK_TYPE } = await import('/work/benchrun/queries.mjs');
const size = process.argv[2] ?? '1M';
const inst = await DuckDBInstance.create(':memory:', {}); const con = await inst.connect();
const threads = Number((await con.runAndReadAll(`SELECT current_setting('threads')`)).getRows()[0][0]);
for (const ds of ['cpu', 'trades']) {
  const m = JSON.parse(fs.readFileSync(`/work/benchrun/data/${ds}-${size}.meta.json`, 'utf8'));
  const file = path.join('/work/benchrun/data', m.file);
  const cols = SCHEMAS[ds].map(c => `'${c.name}': '${DUCK_TYPE[c.type]}'`).join(', ');
  await con.run(`CREATE TABLE ${ds} (${SCHEMAS[ds].map(c => `${c.name} ${DUCK_TYPE[c.type]}`).join(', ')})`);
  const t0 = performance.now(); const c0 = process.cpuUsage();
  await con.run(`INSERT INTO ${ds} SELECT * FROM read_csv('${file}', header = true, columns = {${cols}}, timestampformat = '%Y-%m-%dT%H:%M:%S.%fZ')`);
  const sec = (performance.now() - t0) / 1000; const cu = process.cpuUsage(c0);
  console.log(`duckdb threads=${threads} load ${ds}-${size}: ${sec.toFixed(2)} s, ${(m.rows / sec / 1e6).toFixed(2)} M rows/s, ${(m.bytes / sec / 1e6).toFixed(0)} MB/s, cpu ${((cu.user + cu.system) / 1e6).toFixed(2)} s`);
}
