// Times POST /imp of a bench CSV, as bench.mjs sends it (schema part + streamed data part).
import fs from 'node:fs'; import path from 'node:path'; import http from 'node:http'; import { Readable } from 'node:stream';
const [,, base, file, ds, noSchema] = process.argv;
const SCHEMAS = (await import('/work/benchrun/queries.mjs')).SCHEMAS;
const schema = noSchema === 'noschema' ? null : SCHEMAS[ds];
const boundary = '----bench' + Math.random().toString(16).slice(2);
const pre = [];
if (schema) pre.push(`--${boundary}\r\nContent-Disposition: form-data; name="schema"\r\n\r\n${JSON.stringify(schema)}\r\n`);
pre.push(`--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${path.basename(file)}"\r\nContent-Type: text/csv\r\n\r\n`);
const head = Buffer.from(pre.join('')); const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const size = head.length + fs.statSync(file).size + tail.length;
async function* gen() { yield head; for await (const c of fs.createReadStream(file, { highWaterMark: 1 << 20 })) yield c; yield tail; }
const params = new URLSearchParams({ name: ds, timestamp: 'ts', partitionBy: 'DAY', overwrite: 'true', fmt: 'json', forceHeader: 'true', delimiter: ',' });
const u = new URL(`/imp?${params}`, base);
const t0 = performance.now();
const body = await new Promise((resolve, reject) => {
  const req = http.request(u, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': size } }, (res) => {
    const chunks = []; res.on('data', (c) => chunks.push(c)); res.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });
  req.on('error', reject);
  Readable.from(gen()).pipe(req);
});
const sec = (performance.now() - t0) / 1000;
const j = JSON.parse(body);
const rows = j.rowsImported;
console.log(`${ds} ${path.basename(file)} schema=${!!schema}: ${sec.toFixed(2)} s, ${(rows / sec / 1e6).toFixed(2)} M rows/s, ${(fs.statSync(file).size / sec / 1e6).toFixed(0)} MB/s, imported=${rows} rejected=${j.rowsRejected} ${j.status}`);
if (j.status !== 'OK' || j.columns.some((c) => c.errors)) console.log(body.slice(0, 600));
