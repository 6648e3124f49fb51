import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { LISTENING_APPLICATION } from '@/server/db/client';
import type { TestApi } from './api';

/*
 * Counts the SQL statements the shop sends to its database, transactions included: BEGIN, COMMIT and
 * ROLLBACK count as statements like any other. It wraps the driver, below Drizzle, so nothing the
 * services run escapes it: PGlite's query/exec and its transactions, or every query of a node-postgres
 * client (the pool's own queries and those of the clients it lends to transactions).
 */

export type SqlCounter = {
  /** The statements sent since the counter was made or last reset, in order. */
  readonly statements: string[];
  reset(): void;
  /** Stops counting and puts the driver back as it was. */
  stop(): void;
};

const textOf = (query: unknown) =>
  typeof query === 'string' ? query : ((query as { text?: string })?.text ?? String(query));

export function countStatements(shop: Pick<TestApi, 'db' | 'databaseKind'>): SqlCounter {
  const statements: string[] = [];
  const record = (query: unknown) => statements.push(textOf(query).replace(/\s+/g, ' ').trim());
  const restore =
    shop.databaseKind === 'pglite'
      ? wrapPglite((shop.db as unknown as { $client: PGlite }).$client, record)
      : wrapNodePostgres(record);
  return {
    statements,
    reset: () => void statements.splice(0),
    stop: restore,
  };
}

function wrapPglite(client: PGlite, record: (query: unknown) => void): () => void {
  const { query, exec, transaction } = client;
  const counted = <Q extends PGlite['query'] | PGlite['exec']>(run: Q): Q =>
    (async (text: string, ...rest: unknown[]) => {
      record(text);
      return (run as (...args: unknown[]) => unknown)(text, ...rest);
    }) as unknown as Q;
  client.query = counted(query.bind(client));
  client.exec = counted(exec.bind(client));
  client.transaction = (async <T>(work: (tx: Transaction) => Promise<T>) => {
    record('BEGIN');
    try {
      const result = await transaction.call(client, (tx) =>
        work({ ...tx, query: counted(tx.query.bind(tx)), exec: counted(tx.exec.bind(tx)) } as Transaction),
      );
      record('COMMIT');
      return result;
    } catch (error) {
      record('ROLLBACK');
      throw error;
    }
  }) as PGlite['transaction'];
  return () => {
    client.query = query;
    client.exec = exec;
    client.transaction = transaction;
  };
}

/** What node-postgres keeps of a client's connection settings (not in its types). */
type ClientWithParameters = { connectionParameters: { application_name?: string } };

function wrapNodePostgres(record: (query: unknown) => void): () => void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const { query } = prototype;
  prototype.query = function countedQuery(this: unknown, ...args: unknown[]) {
    // Not the shop's work: the API harness's barrier (`settled`) on the catalogue's listening connection.
    if (!(this as ClientWithParameters).connectionParameters.application_name?.startsWith(LISTENING_APPLICATION))
      record(args[0]);
    return query.apply(this, args);
  };
  return () => {
    prototype.query = query;
  };
}
