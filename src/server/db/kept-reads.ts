import type { PGlite } from '@electric-sql/pglite';

/*
 * Reads the embedded database's own process may keep. PGlite has one owner at a time (owner-lock.ts)
 * and one connection: every statement that can change a row passes through this process. So a read's
 * rows stay true until a statement that is not a plain SELECT changes something: each such statement
 * starts a new generation, and rows kept from an older one are read again. What PostgreSQL answers
 * decides: a write whose command tag counts no row (`UPDATE 0`, `DELETE 0`, `INSERT 0 0`), a locking
 * read, a transaction's begin and end change no row (the schema's statement triggers only notify), so
 * the background jobs' round with nothing due keeps every read. Anything else (DDL, DO, NOTIFY, a
 * write through a CTE, whose tag counts only its last part) counts as a change. On PostgreSQL other
 * processes and machines write, and nothing is kept (docs/decisions/090).
 */

type Generation = { current: number };
const generations = new WeakMap<object, Generation>();

/** Protocol messages that carry no statement of their own: Bind, Describe, Execute, Sync, Flush, Close. */
const WITHOUT_TEXT = new Set(['B', 'D', 'E', 'S', 'H', 'C'].map((letter) => letter.charCodeAt(0)));
const PARSE = 'P'.charCodeAt(0);
const SIMPLE_QUERY = 'Q'.charCodeAt(0);
const LOCKING = /\bfor\s+(no\s+key\s+update|update|key\s+share|share)\b/gi;
/** A SELECT that locks, draws from a sequence, notifies or writes through a CTE is not a plain read. */
const NOT_PLAIN =
  /\b(for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_notify|insert|update|delete|merge|truncate)\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate|nextval|setval|pg_notify)\b/gi;
/** Command tags of statements that changed no row. */
const NO_ROW_CHANGED = /^((UPDATE|DELETE|MERGE) 0|INSERT \d+ 0|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)$/;

/** The SQL text of a Parse ('P': name, then text) or simple Query ('Q': text) message. */
function statementOf(message: Uint8Array): string | undefined {
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  let start = 5;
  if (message[0] === PARSE) start = bytes.indexOf(0, start) + 1;
  else if (message[0] !== SIMPLE_QUERY) return undefined;
  const end = bytes.indexOf(0, start);
  return bytes.toString('utf8', start, end < 0 ? undefined : end);
}

const withoutComments = (statement: string) => statement.replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');

export function isPlainRead(statement: string): boolean {
  const text = withoutComments(statement);
  return /^select\b/i.test(text) && !NOT_PLAIN.test(text) && !text.includes(';');
}

/**
 * Whether `tag`, a command tag PostgreSQL answered for `statement` (not a plain read), says no row
 * changed. A zero count is believed only of a statement that writes in one place: a CTE's writes are
 * not in the tag (an ON CONFLICT's DO UPDATE is counted in its INSERT's).
 */
export function changedNoRow(statement: string, tag: string): boolean {
  const text = withoutComments(statement)
    .replace(LOCKING, '')
    .replace(/\bdo\s+update\b/gi, '');
  const writes = text.match(WRITES)?.length ?? 0;
  if (/^SELECT \d+$/.test(tag)) return writes === 0;
  return NO_ROW_CHANGED.test(tag) && writes <= 1 && !text.includes(';');
}

/**
 * Counts the statements that changed the embedded database `db` runs on, below PGlite's public
 * methods: its queries, `exec` and transactions all send their messages through
 * `execProtocolRawSync`, so no path escapes it. A statement's text comes in its Parse (or simple
 * Query) message; its command tags come in the answers `execProtocolStream` parses (the path those
 * methods take), up to the next ReadyForQuery. A statement sent another way, or one whose answer is an
 * error, counts as a change.
 */
export function countWrites(client: PGlite, db: object): void {
  const generation: Generation = { current: 0 };
  generations.set(db, generation);
  let watched: string | undefined;
  let streaming = false;
  const changed = () => {
    generation.current += 1;
    watched = undefined;
  };

  const sendRaw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (!WITHOUT_TEXT.has(message[0]!)) {
      const statement = statementOf(message);
      if (statement === undefined || (!streaming && !isPlainRead(statement))) changed();
      else watched = isPlainRead(statement) ? undefined : statement;
    } else if (watched !== undefined && !streaming) changed();
    return sendRaw(message);
  };

  const sendStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (message, options) => {
    // PGlite sends the message before its first await: the raw hook sees it while this is set.
    streaming = true;
    let answered: ReturnType<typeof sendStream>;
    try {
      answered = sendStream(message, options);
    } finally {
      streaming = false;
    }
    const answers = await answered.catch((error: unknown) => {
      if (watched !== undefined) changed();
      throw error;
    });
    for (const answer of answers) {
      if (watched === undefined) break;
      if (answer.name === 'commandComplete' && 'text' in answer && !changedNoRow(watched, String(answer.text)))
        changed();
      else if (answer.name === 'readyForQuery') watched = undefined;
    }
    return answers;
  };
}

type Read<Values, Row> = { execute(values: Values): Promise<Row[]> };

/**
 * `preparedOnce`, whose rows the embedded database's process keeps per `values` until its next write
 * (at most `most` sets of values, the oldest forgotten first). Each caller gets its own copy of the rows.
 * Inside a transaction, and on PostgreSQL, every call reads.
 */
export function preparedAndKept<Db extends object, Values, Row>(
  build: (db: Db) => Read<Values, Row>,
  most = 5_000,
): (db: Db) => Read<Values, Row> {
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
