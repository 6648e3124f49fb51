import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Executor } from './client';
import { changedNoRow, countWrites, isPlainRead, preparedAndKept } from './kept-reads';

/* The embedded database's kept reads: read once, read again after any statement that changed a row. */

const client = new PGlite();
const db = drizzle({ client }) as unknown as Executor;
countWrites(client, db);
await client.exec('create table stock (id int primary key, units int not null); insert into stock values (1, 5)');

let reads = 0;
const unitsOf = preparedAndKept<Executor, { id: number }, { units: number }>((executor) => ({
  async execute({ id }: { id: number }) {
    reads += 1;
    return rowsOf<{ units: number }>(await executor.execute(sql`select units from stock where id = ${id}`));
  },
}));
const units = async () => (await unitsOf(db).execute({ id: 1 }))[0]!.units;

describe('kept reads on the embedded database', () => {
  it('answers again from what it kept until a statement that may write, whichever way it is sent', async () => {
    expect(await units()).toBe(5);
    expect(await units()).toBe(5);
    expect(reads).toBe(1);
    await client.query('select units from stock');
    expect(await units()).toBe(5);
    expect(reads).toBe(1);

    const writes: [string, () => Promise<unknown>, number][] = [
      ['query', () => client.query('update stock set units = units - 1 where id = 1'), 4],
      ['exec', () => client.exec('update stock set units = units - 1'), 3],
      ['transaction', () => client.transaction((tx) => tx.query('update stock set units = 2')), 2],
      ['drizzle', () => db.execute(sql`update stock set units = 1`), 1],
      [
        'a locking read, then a write in a function',
        () =>
          client
            .query('select units from stock for update')
            .then(() => client.exec(`do $$ begin update stock set units = 0; end $$`)),
        0,
      ],
    ];
    for (const [, write, expected] of writes) {
      await write();
      expect(await units()).toBe(expected);
    }
    expect(reads).toBe(1 + writes.length);
  });

  it('gives each caller its own rows', async () => {
    const first = await unitsOf(db).execute({ id: 1 });
    first[0]!.units = 99;
    expect(await units()).toBe(0);
  });

  it('keeps its rows through statements that changed no row, and reads again after one that did', async () => {
    const before = reads;
    const nothing: [string, () => Promise<unknown>][] = [
      ['a write of no row', () => client.query('update stock set units = 7 where id = 2')],
      ['a delete of no row, sent whole', () => client.exec('delete from stock where units > 100')],
      [
        'an insert that met its conflict',
        () => db.execute(sql`insert into stock values (1, 9) on conflict (id) do nothing`),
      ],
      [
        'a locking read in a transaction',
        () => client.transaction((tx) => tx.query('select units from stock for update')),
      ],
    ];
    for (const [name, statement] of nothing) {
      await statement();
      expect(await units(), name).toBe(0);
    }
    expect(reads).toBe(before);
    // Its tag counts only the insert's rows: the delete through the CTE changed one.
    await client.query(
      'with gone as (delete from stock where id = 1 returning units) insert into stock select 2, units + 3 from gone where false',
    );
    await client.exec('insert into stock values (1, 4)');
    expect(await units()).toBe(4);
    expect(reads).toBe(before + 1);
  });

  it('tells plain reads from the rest', () => {
    expect(isPlainRead('select 1')).toBe(true);
    expect(isPlainRead('  /* kept */ SELECT "users"."id" from "users" where "updated_at" > $1')).toBe(true);
    for (const statement of [
      'select * from stock for update',
      'select nextval($1)',
      'with gone as (delete from stock returning *) select * from gone',
      'begin',
      'commit',
      'select 1; update stock set units = 1',
      "select pg_notify('c', '')",
    ]) {
      expect(isPlainRead(statement), statement).toBe(false);
    }
    expect(changedNoRow('update stock set units = 1 where id = 9', 'UPDATE 0')).toBe(true);
    expect(changedNoRow('insert into stock values (1, 1) on conflict (id) do update set units = 1', 'INSERT 0 0')).toBe(
      true,
    );
    expect(changedNoRow('select * from stock for no key update skip locked', 'SELECT 3')).toBe(true);
    expect(changedNoRow('update stock set units = 1', 'UPDATE 2')).toBe(false);
    expect(
      changedNoRow('with gone as (delete from stock returning *) update stock set units = 1 where false', 'UPDATE 0'),
    ).toBe(false);
    expect(changedNoRow('with gone as (delete from stock returning *) select * from gone', 'SELECT 1')).toBe(false);
    expect(changedNoRow('do $$ begin update stock set units = 0; end $$', 'DO')).toBe(false);
    expect(changedNoRow("select pg_notify('c', '')", 'SELECT 1')).toBe(false);
  });
});
