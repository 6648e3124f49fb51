import http from 'node:http';
import { cpuNow, cpuPer } from './proc';

/*
 * The load generator on loopback: requests at fixed rates (open loop, p50/p99), as many as 10
 * connections answer (closed loop), and a read's table of both with the server's CPU per request.
 */

const rates = [100, 200, 500, 1000, 2000, 4000];
export const p99Budget = 20;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** Where a request goes; `headers` may be a function, asked for each request (the next customer's session). */
export type Target = { port: number; path: string; headers?: Record<string, string> | (() => Record<string, string>) };
type Reply = { status: number; body: string; headers: http.IncomingHttpHeaders };
/** The shop's API under /api/v1, as a target. */
export type Api = (pathAndQuery: string, headers?: Record<string, string>) => Target;

export function request(target: Target, init: { method?: string; body?: unknown } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: init.method ?? 'GET',
        agent,
        headers: {
          ...(typeof target.headers === 'function' ? target.headers() : target.headers),
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Closes the connections kept open between requests, so the run can end. */
export const closeConnections = () => agent.destroy();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Open loop: a request every 1/rate s whatever the answers; latency counts from when it was due. */
async function atRate(target: Target, rate: number, seconds: number) {
  const latencies: number[] = [];
  let failed = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; sent < due; sent++) {
      const dueAt = start + (sent * 1000) / rate;
      pending.push(
        request(target).then(
          (reply) => {
            if (reply.status !== 200) failed++;
            latencies.push(performance.now() - dueAt);
          },
          () => void failed++,
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
}

/** Closed loop: `connections` requests in flight for the whole time; also the servers' CPU per request. */
async function mostPerSecond(target: Target, pids: number[], connections: number, forSeconds: number) {
  let done = 0;
  const cpuBefore = cpuNow(pids);
  const until = performance.now() + forSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await request(target);
        done++;
      }
    }),
  );
  return { max: done / forSeconds, cpu: cpuPer(cpuBefore, pids, done) };
}

/** A read at rising rates, `seconds` each, until its p99 passes the budget; then the most per second with 10 connections. */
export async function rateTable(label: string, target: Target, pids: number[], seconds: number) {
  // A second of load first, not counted: the pool opens its connections and the code is compiled, as in a shop that has been running.
  await mostPerSecond(target, pids, 10, 1);
  let best = 0;
  for (const rate of rates) {
    const result = await atRate(target, rate, seconds);
    console.log(
      `  ${label.padEnd(26)} ${String(rate).padStart(5)}/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms${result.failed ? `  ${result.failed} failed` : ''}`,
    );
    if (result.p99 > p99Budget || result.failed) break;
    best = rate;
  }
  const { max, cpu } = await mostPerSecond(target, pids, 10, seconds);
  console.log(
    `  ${label.padEnd(26)} highest rate with p99 ≤ ${p99Budget} ms: ${best}/s; most per second (10 connections): ${max.toFixed(0)}/s; CPU per request: ${cpu.shop.toFixed(3)} ms server, ${cpu.database.toFixed(3)} ms database`,
  );
  return { best, max, cpuPerRequest: cpu.shop };
}

export type Rates = Awaited<ReturnType<typeof rateTable>>;
