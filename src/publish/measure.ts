import { readFileSync, writeFileSync } from 'node:fs';

/*
 * What a publish measures of itself (its `PublishResult`), and the switches the build benchmark
 * (`npm run bench:build`, scripts/bench-build.ts) turns on. Those switches are read here only, from the
 * environment, which the render workers share with the shop: they are a benchmark's, not the shop's settings.
 */

/** The benchmark's switches: `SHOP_RENDER_MEMORY_TRACE` (1, or a folder for heap snapshots) and `SHOP_RENDER_CPU_PROF` (a folder for CPU profiles). */
export const benchmarkSwitches = () => ({
  memoryTrace: process.env.SHOP_RENDER_MEMORY_TRACE || null,
  cpuProfileDir: process.env.SHOP_RENDER_CPU_PROF || null,
});

/** Lets the process's peak memory be measured from here on (Linux: `/proc/self/clear_refs`; elsewhere nothing happens). */
export function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak is then the process's whole life's.
  }
}

export function peakRssMb(): number {
  try {
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}
