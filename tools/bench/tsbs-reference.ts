/**
 * svc/QuestDB per query shape as measured in one sitting before this workload existed (QuestDB 9.4.4 rebuilt
 * on this machine kind, svc main 4abf660, the 10M-row cpu table of 1,000 hosts, both servers warm; issue 40's
 * table). QuestDB never runs beside the bench, so a later build is compared with it through that sitting:
 * later/QuestDB ≈ (4abf660/QuestDB then) × (later/4abf660 now), when the first `--server` is 4abf660.
 * Shapes that sitting reported only as a range carry the middle of it; shapes it reported only as "svc
 * ahead" are absent.
 */
export const BEFORE_VS_QUESTDB: Readonly<Record<string, number>> = {
  'count-distinct-by-tag': 9.1,
  'two-tags-top10': 7.4,
  'case-count-in-list': 3.5,
  'single-groupby-5-1-12': 1.7,
  // "SAMPLE BY 1m / 1h of max() of 1–10 columns, one to eight hosts, 1–8 h: 1.1–1.4×".
  'single-groupby-1-1-1': 1.25,
  'single-groupby-1-1-12': 1.25,
  'single-groupby-1-8-1': 1.25,
  'single-groupby-5-1-1': 1.25,
  'single-groupby-5-8-1': 1.25,
  'cpu-max-all-1': 1.25,
  'cpu-max-all-8': 1.25,
  'like-prefix-filter': 1.35,
  'top10-double': 1.3,
};
