import type { PGlite } from '@electric-sql/pglite';

/*
 * Reads the embedded database's own process may keep. PGlite has one owner at a time (owner-lock.ts)
 * and one connection: every statement that can change a row passes through this process. So a read's
 * rows stay true until the next statement that is not a plain SELECT (a write, a transaction's begin
 * or end, DDL, NOTIFY): each such statement starts a new generation, and rows kept from an older one
 * are read again. On PostgreSQL other processes and machines write, and nothing is kept
 * (docs/decisions/090).
 */

type Generation = { current: number };
const generations = new WeakMap<object, Generation>();

/** Protocol messages that carry no statement of their own: Bind, Describe, Execute, Sync, Flush, Close. */
const WITHOUT_TEXT = new Set(['B', 'D', 'E', 'S', 'H', 'C'].map((letter) => letter.charCodeAt(0)));
const PARSE = 'P'.charCodeAt(0);
const SIMPLE_QUERY = 'Q'.charCodeAt(0);
/** A SELECT that locks, draws from a sequence, notifies or writes through a CTE is not a plain read. */
const NOT_PLAIN = /\b(for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_notify|insert|update|delete|merge|truncate)\b/i;

/** The SQL text of a Parse ('P': name, then text) or simple Query ('Q': text) message. */
function statementOf(message: Uint8Array): string | undefined {
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  let start = 5;
  if (message[0] === PARSE) start = bytes.indexOf(0, start) + 1;
  else if (message[0] !== SIMPLE_QUERY) return undefined;
  const end = bytes.indexOf(0, start);
  return bytes.toString('utf8', start, end < 0 ? undefined : end);
}

export function isPlainRead(statement: string): boolean {
  const text = statement.replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  return /^select\b/i.test(text) && !NOT_PLAIN.test(text) && !text.includes(';');
}

/**
 * Counts the statements that may change the embedded database `db` runs on, below PGlite's public
 * methods (its queries, `exec` and transactions all send their messages through
 * `execProtocolRawSync`), so no path escapes it.
 */
export function countWrites(client: PGlite, db: object): void {
  const generation: Generation = { current: 0 };
  generations.set(db, generation);
  const send = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (!WITHOUT_TEXT.has(message[0]!)) {
      const statement = statementOf(message);
      if (statement === undefined || !isPlainRead(statement)) generation.current += 1;
    }
    return send(message);
  };
}

type Read<Values, Row> = { execute(values: Values): Promise<Row[]> };

/**
 * `preparedOnce`, whose rows the embedded database's process keeps per `values` until its next write
 * (at most `most` sets of values, the oldest forgotten first). Each caller gets its own copy of the rows.
 * Inside a transaction, and on PostgreSQL, every call reads.
 */
export function preparedAndKept<Db extends object, Values, Row>(build: (db: Db) => Read<Values, Row>, most = 5_000): (db: Db) => Read<Values, Row> {
  const prepared = new WeakMap<object, Read<Values, Row>>();
  const keptPerDatabase = new WeakMap<object, Map<string, { generation: number; rows: Row[] }>>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = build(db)));
    const generation = generations.get(db);
    if (!generation) return query;
    let kept = keptPerDatabase.get(db);
    if (!kept) keptPerDatabase.set(db, (kept = new Map()));
    const rowsKept = kept;
    return {
      async execute(values) {
        const key = JSON.stringify(values);
        const found = rowsKept.get(key);
        if (found?.generation === generation.current) return structuredClone(found.rows);
        // Taken before the read: a write that lands while it runs makes these rows old at once.
        const readIn = generation.current;
        const rows = await query!.execute(values);
        rowsKept.delete(key);
        if (rowsKept.size >= most) rowsKept.delete(rowsKept.keys().next().value!);
        rowsKept.set(key, { generation: readIn, rows: structuredClone(rows) });
        return rows;
      },
    };
  };
}
