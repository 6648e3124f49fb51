import { parseArgs } from 'node:util';

/* What a run measures, read from its command line (the usage is in scripts/bench-api.ts). */

export function benchOptions() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      processes: { type: 'string', default: '1,2' },
      'idle-seconds': { type: 'string', default: '20' },
      'orders-only': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      database: { type: 'string', default: 'postgres,pglite' },
      customers: { type: 'string', default: '200' },
      orders: { type: 'string', default: '600' },
      'in-flight': { type: 'string', default: '50' },
      save: { type: 'boolean', default: false },
    },
  });
  return {
    databases: values.database.split(',') as ('postgres' | 'pglite')[],
    customerCount: Number(values.customers),
    orderCount: Number(values.orders),
    inFlight: Number(values['in-flight']),
    /** How long each rate and each most-per-second step lasts. */
    seconds: Number(values.seconds),
    idleSeconds: Number(values['idle-seconds']),
    processCounts: values.processes.split(',').map(Number),
    ordersOnly: values['orders-only'],
    cpuProfile: values['cpu-prof'],
    save: values.save,
  };
}

export type BenchOptions = ReturnType<typeof benchOptions>;
