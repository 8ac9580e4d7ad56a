// The engine's query surface, the only engine module the HTTP layer calls for data: run a registry macro as JSON rows,
// a count, or a byte stream (JSON, Arrow, CSV); resolve an entity; read the warehouse state through the Engine.
export { mapInput, type MacroQuery, type MacroCall } from './MacroQuery.ts';
export { macroCall } from './macroCall.ts';
export { jsonRows, countRows } from './runMacro.ts';
export { renderedGzipArray, renderedJsonArray } from './renderedAnswer.ts';
// which macros the rendered store answers (the HTTP layer's response memo keeps only their endpoints' answers)
export { RENDERED_QUERIES } from '../serving/renderedQueries.ts';
export { answerCache, AnswerCache, DEFAULT_ANSWER_CACHE_BYTES } from './AnswerCache.ts';
export { LruCache } from './LruCache.ts';
export { rowStream, type Format, type StreamOptions } from './rowStream.ts';
export { missingMacros } from './missingMacros.ts';
export { resolveEntity, ENTITY_IDENTIFIERS, type EntityIdentifier, type ResolvedEntity } from './resolveEntity.ts';
export { resolveFund, fundOfEntity, type ResolvedFund } from './resolveFund.ts';
// the as-reported statement's registry entry: http reaches it only through this public module
export { AS_REPORTED, type AsReportedParams } from '../financials/asReported.ts';
export { Engine, QueryAbortedError, type BorrowOptions } from '../db/Engine.ts';
export { PoolBusyError, type PoolStats } from '../db/ConnectionPool.ts';
export type { WarehouseSnapshot } from '../db/WarehouseState.ts';
