/**
 * The ad-hoc set over the TSBS cpu table (`--workload adhoc`): the shapes a dashboard or a notebook sends,
 * each with `variants` texts whose columns, keys, constants and windows are drawn from a seed, so a fast
 * answer has to come from a general mechanism rather than one column or constant.
 */
import { BenchQuery, QueryText } from './bench-queries';
import { TSBS_FIELDS, TSBS_TAGS, TsbsCpu } from './tsbs-cpu';
import { TsbsMeta } from './tsbs-dataset';
import { duckTime, QueryDraws, quoted, rfc3339 } from './tsbs-queries';

const HOUR = 3600_000;
/** Tags with few values, for group keys (hostname has one per host). */
const LOW_TAGS = TSBS_TAGS.filter((t) => t !== 'hostname');

const window = (w: [number, number], d: boolean): string => (d
  ? `timestamp >= ${duckTime(w[0])} AND timestamp < ${duckTime(w[1])}`
  : `timestamp >= '${rfc3339(w[0])}' AND timestamp < '${rfc3339(w[1])}'`);
/** A threshold in 10..90 with two decimals, as the data has. */
const threshold = (r: QueryDraws): string => (10 + r.int(8001) / 100).toFixed(2);

/** Each tag's distinct values over the hosts, for LIKE prefixes. */
function tagValues(hosts: number): Map<string, string[]> {
  const sim = new TsbsCpu(hosts);
  return new Map(TSBS_TAGS.map((t, k) => [t, [...new Set(sim.tags.map((row) => row[k]))]]));
}

function countDistinct(r: QueryDraws): QueryText {
  const key = r.pick(LOW_TAGS);
  const counted = r.pick(TSBS_TAGS.filter((t) => t !== key));
  const w = r.window(3 * HOUR), f = r.pick(TSBS_FIELDS), c = threshold(r);
  return {
    q: `SELECT ${key}, count_distinct(${counted}) FROM cpu WHERE ${window(w, false)} AND ${f} > ${c} GROUP BY ${key}`,
    d: `SELECT ${key}, count(DISTINCT ${counted}) FROM cpu WHERE ${window(w, true)} AND ${f} > ${c} GROUP BY ${key}`,
  };
}

function twoKeysTop(r: QueryDraws): QueryText {
  const a = r.pick(TSBS_TAGS);
  const b = r.pick(LOW_TAGS.filter((t) => t !== a));
  const w = r.window(6 * HOUR), f = r.pick(TSBS_FIELDS), g = r.pick(TSBS_FIELDS);
  const sql = (d: boolean): string => `SELECT ${a}, ${b}, avg(${f}) AS a, max(${g}) AS m, count(*) AS n FROM cpu WHERE ${window(w, d)} GROUP BY ${a}, ${b} ORDER BY a DESC LIMIT 10`;
  return { q: sql(false), d: sql(true) };
}

function caseInList(r: QueryDraws): QueryText {
  const hosts = quoted(r.hosts(20)), f = r.pick(TSBS_FIELDS), c = threshold(r);
  const sql = (count: string): string => `SELECT hostname, sum(CASE WHEN ${f} > ${c} THEN 1 ELSE 0 END) AS high, ${count} AS total FROM cpu WHERE hostname IN (${hosts}) GROUP BY hostname`;
  return { q: sql('count()'), d: sql('count(*)') };
}

function likePrefix(r: QueryDraws, values: Map<string, string[]>): QueryText {
  const tag = r.pick(['hostname', 'region', 'datacenter', 'os', 'service_environment', 'team']);
  const value = r.pick(values.get(tag) ?? ['']);
  // hostname: `host_` and one or two digits (111 or 11 hosts of 1,000); others: a prefix of 2+ characters.
  const prefix = tag === 'hostname' ? value.slice(0, Math.min(value.length, 6 + r.int(2))) : value.slice(0, Math.min(value.length, 2 + r.int(Math.max(1, value.length - 2))));
  const f = r.pick(TSBS_FIELDS), g = r.pick(TSBS_FIELDS), c = threshold(r);
  const sql = (count: string): string => `SELECT ${count}, avg(${g}) FROM cpu WHERE ${tag} LIKE '${prefix}%' AND ${f} > ${c}`;
  return { q: sql('count()'), d: sql('count(*)') };
}

function topByDouble(r: QueryDraws): QueryText {
  const w = r.window(6 * HOUR), f = r.pick(TSBS_FIELDS);
  const sql = (d: boolean): string => `SELECT timestamp, hostname, ${f} FROM cpu WHERE ${window(w, d)} ORDER BY ${f} DESC LIMIT 10`;
  return { q: sql(false), d: sql(true) };
}

export function adhocQueries(meta: TsbsMeta, variants: number, seed: number): BenchQuery[] {
  const r = new QueryDraws(meta, seed + 1), values = tagValues(meta.hosts);
  const specs: readonly { id: string; what: string; ordered: boolean; checkColumns?: number[]; draw: () => QueryText }[] = [
    { id: 'count-distinct-by-tag', what: 'count_distinct(tag) per tag, 3 h, double filter', ordered: false, draw: () => countDistinct(r) },
    { id: 'two-tags-top10', what: 'GROUP BY two tags, 6 h, ORDER BY avg DESC LIMIT 10', ordered: true, draw: () => twoKeysTop(r) },
    { id: 'case-count-in-list', what: 'sum(CASE …) and count() per host, 20-host IN, whole table', ordered: false, draw: () => caseInList(r) },
    { id: 'like-prefix-filter', what: 'tag LIKE prefix + double filter, count and avg', ordered: true, draw: () => likePrefix(r, values) },
    // Many rows tie at a walk's bound (100.00), so only the ordered column is compared.
    { id: 'top10-double', what: 'ORDER BY a double DESC LIMIT 10, 6 h', ordered: true, checkColumns: [2], draw: () => topByDouble(r) },
  ];
  return specs.map((s) => {
    const texts = Array.from({ length: variants }, s.draw);
    return { id: s.id, what: s.what, q: texts[0].q, d: texts[0].d, ordered: s.ordered, checkColumns: s.checkColumns, variants: texts };
  });
}
