/** The /exp `limit` parameter: the same window as /exec's (core/server/limit-parameter.ts). */
export { parseLimitParameter as parseExportLimit } from '../../core/server/limit-parameter';
