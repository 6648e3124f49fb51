import { z } from 'zod';

/**
 * The one rule for a record's id wherever a request names one: a path, a query, a body or a page
 * cursor. Ids are PostgreSQL `integer` columns (docs/decisions/054-record-ids-stay-integer.md), so an
 * id past 2^31 - 1 names no record: it is refused as malformed input (-218) before it reaches the
 * database, and the OpenAPI document publishes the bound as `maximum`.
 */
export const RECORD_ID_MAX = 2_147_483_647;

/** The largest whole number an `integer` column (a price, a stock, a count) holds. */
export const INTEGER_COLUMN_MAX = RECORD_ID_MAX;

/** An id in a JSON body: a positive whole number within the column's range. */
export const recordIdSchema = z.number().int().min(1).max(RECORD_ID_MAX);

/** An id in a path or query string: the same rule, read from text. */
export const recordIdParamSchema = z.coerce.number().int().min(1).max(RECORD_ID_MAX);
