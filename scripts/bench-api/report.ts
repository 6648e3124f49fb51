import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { p99Budget, type Rates } from './load';
import type { Figures } from './shop';

/* The run's summary, each figure beside the one the last saved run kept in docs/benchmarks/api.json, and saving this run's there. */

const savedFigures = path.join(import.meta.dirname, '..', '..', 'docs', 'benchmarks', 'api.json');

export type Run = { column: string; figures: Figures };
type Saved = { date: string; load: number; columns: Record<string, Record<string, string>> };

function lastSaved(): Saved | null {
  try {
    return JSON.parse(readFileSync(savedFigures, 'utf8')) as Saved;
  } catch {
    return null;
  }
}

/** Prints the summary of `runs` beside the bare server's `floor`; with `save`, keeps this run's figures for the next run to compare with. */
export function report({
  runs,
  floor,
  idle,
  customerCount,
  loadAtStart,
  save,
}: {
  runs: Run[];
  floor: Rates;
  idle: Record<string, { first: number; restart: number }>;
  customerCount: number;
  loadAtStart: number;
  save: boolean;
}) {
  const before = lastSaved();
  const rows: [string, (figures: Figures) => string][] = [
    [`product list, highest rate with p99 ≤ ${p99Budget} ms`, (figures) => `${figures.products.best}/s`],
    ['product list, most per second (10 conn.)', (figures) => `${figures.products.max.toFixed(0)}/s`],
    ['product list, server CPU per request', (figures) => `${figures.products.cpuPerRequest.toFixed(3)} ms`],
    [`cart read, one customer, highest rate p99 ≤ ${p99Budget} ms`, (figures) => `${figures.cart.best}/s`],
    [
      `cart read, ${customerCount} customers, highest rate p99 ≤ ${p99Budget} ms`,
      (figures) => `${figures.carts.best}/s`,
    ],
    ['cart read, most per second', (figures) => `${figures.cart.max.toFixed(0)}/s`],
    ['cart read, server CPU per request', (figures) => `${figures.cart.cpuPerRequest.toFixed(3)} ms`],
    [
      `createOrder per second, ${customerCount} customers`,
      (figures) => `${figures.orders.perSecond.toFixed(0)}/s${figures.orders.oversold ? ' OVERSOLD' : ''}`,
    ],
    [
      'createOrder per second, one customer',
      (figures) => `${figures.oneCustomer.perSecond.toFixed(0)}/s${figures.oneCustomer.oversold ? ' OVERSOLD' : ''}`,
    ],
    ['memory idle after a restart (all processes)', (figures) => `${figures.idleMb} MB`],
  ];
  const cell = (text: string) => text.padStart(26);
  console.log(
    `\n  summary (floor: ${floor.best}/s within ${p99Budget} ms, most ${floor.max.toFixed(0)}/s, ${floor.cpuPerRequest.toFixed(3)} ms CPU per request)`,
  );
  if (before) console.log(`  (in brackets: the run saved on ${before.date}, load ${before.load.toFixed(1)})`);
  console.log(`  ${''.padEnd(50)}${runs.map((run) => cell(run.column)).join('')}`);
  const columns: Record<string, Record<string, string>> = {};
  for (const [name, figure] of rows) {
    const cells = runs.map((run) => {
      const now = figure(run.figures);
      (columns[run.column] ??= {})[name] = now;
      const then = before?.columns[run.column]?.[name];
      return cell(then ? `${now} (${then})` : now);
    });
    console.log(`  ${name.padEnd(50)}${cells.join('')}`);
  }
  for (const [name, { first, restart }] of Object.entries(idle))
    console.log(`  idle on ${name}: ${first} MB after the first start, ${restart} MB after a restart`);
  const loadAtEnd = os.loadavg();
  console.log(
    `  load average at the start: ${loadAtStart.toFixed(1)}; at the end: ${loadAtEnd.map((load) => load.toFixed(1)).join(', ')}`,
  );
  if (save) {
    mkdirSync(path.dirname(savedFigures), { recursive: true });
    writeFileSync(
      savedFigures,
      `${JSON.stringify({ date: new Date().toISOString().slice(0, 16).replace('T', ' '), load: Math.max(loadAtStart, loadAtEnd[0]!), columns }, null, 2)}\n`,
    );
    console.log(`  saved in ${path.relative(process.cwd(), savedFigures)}`);
  }
}
