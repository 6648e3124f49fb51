import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type Aggregator,
} from 'prom-client';

/*
 * The shop's Prometheus metrics (docs/decisions/072): one registry per process, served at GET /metrics
 * (src/server/http/health.ts). A feature counts through the counters here (`metrics.ordersCreated.inc()`);
 * a figure read when scraped (a count in the database) is a gauge added with `addGauge`.
 *
 * With several processes (WORKERS > 1, Node's cluster) a scrape reaches one of them; it asks the
 * primary process, which gathers every process's registry and adds them up (prom-client's
 * AggregatorRegistry): counters and histograms are summed, gauges of the whole shop take the largest.
 */

export const registry = new Registry();

const counter = (name: string, help: string, labelNames: string[] = []) =>
  new Counter({ name, help, labelNames, registers: [registry] });

export const metrics = {
  /** Every HTTP request, by the route template that answered it (not the path: no ids, no personal data), method and status. */
  requestSeconds: new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  ordersCreated: counter('shop_orders_created_total', 'Orders placed'),
  /** outcome: the provider's answer to a capture: completed, declined, processing (held), payer-action, pending (no answer yet). */
  payments: counter('shop_payments_total', "Payment captures, by the provider's answer", ['outcome']),
  /** outcome: refunded, reversed (a chargeback). */
  refunds: counter('shop_refunds_total', 'Payments whose money went back, by outcome', ['outcome']),
  /** outcome: handled, refused (a signature that does not verify), failed (an error while handling it; the provider sends it again). */
  webhooks: counter('shop_webhooks_total', 'Payment provider webhooks received, by outcome', ['outcome']),
  /** outcome of each attempt to send an outbox mail: sent, retry (tried again later), failed (refused for good). */
  mails: counter('shop_mails_total', 'Attempts to hand a mail to the mail server (or the mail folder), by outcome', [
    'outcome',
  ]),
  jobLastSuccess: new Gauge({
    name: 'shop_job_last_success_timestamp_seconds',
    help: 'When each background job last finished without error (Unix time)',
    labelNames: ['job'],
    aggregator: 'max',
    registers: [registry],
  }),
};

/**
 * Adds (or replaces) a gauge of the whole shop read when scraped, such as the unpaid orders: with
 * several processes the largest reading counts, so one process's reading is the shop's.
 */
export function addGauge(spec: {
  name: string;
  help: string;
  read: () => Promise<number> | number;
  aggregator?: Aggregator;
}) {
  registry.removeSingleMetric(spec.name);
  const read = spec.read;
  return new Gauge({
    name: spec.name,
    help: spec.help,
    aggregator: spec.aggregator ?? 'max',
    registers: [registry],
    async collect() {
      this.set(await read());
    },
  });
}

let processMetrics = false;
/** Node's own figures (memory, event loop lag, CPU, handles), once per process. */
export function collectProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

export const METRICS_CONTENT_TYPE = registry.contentType;

type MetricsRequest = { shopMetrics: string };
type MetricsAnswer = { shopMetricsOf: string; text?: string; error?: string };

/** The text of a scrape: this process's registry, or with several processes every process's, added up by the primary. */
export async function scrape(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(
      () => settle(() => reject(new Error('the primary process did not answer with the metrics'))),
      10_000,
    );
    const settle = (done: () => void) => {
      clearTimeout(timeout);
      process.off('message', onMessage);
      done();
    };
    const onMessage = (message: unknown) => {
      const answer = message as MetricsAnswer;
      if (typeof message !== 'object' || message === null || answer.shopMetricsOf !== id) return;
      settle(() => (answer.error === undefined ? resolve(answer.text ?? '') : reject(new Error(answer.error))));
    };
    process.on('message', onMessage);
    process.send!({ shopMetrics: id } satisfies MetricsRequest);
  });
}

/** In a worker: lets the primary read this process's registry (prom-client answers its requests once an AggregatorRegistry exists here). */
export function shareMetricsWithPrimary() {
  if (!cluster.isWorker) return;
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** In the primary of several processes: answers a worker's scrape with the metrics of all of them, added up. */
export function aggregateWorkerMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const request = message as MetricsRequest;
    if (typeof message !== 'object' || message === null || typeof request.shopMetrics !== 'string') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ shopMetricsOf: request.shopMetrics, text } satisfies MetricsAnswer),
      (error: unknown) =>
        worker.send({
          shopMetricsOf: request.shopMetrics,
          error: String((error as Error).message),
        } satisfies MetricsAnswer),
    );
  });
}
