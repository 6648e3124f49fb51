/**
 * Where the test suite's time goes: runs `vitest run` (any arguments pass through, e.g.
 * `npm run test:profile -- --project e2e`) and prints the slowest files with their parts:
 * - prepare: starting the worker and its environment;
 * - collect: importing the file and its top-level awaits (an end-to-end file starts its shop and
 *   browser there, `aStorefront()`);
 * - tests: the tests and their hooks, with the slowest test named.
 * Each project's first file is timed from the run's start, which covers its global setup (the template
 * database; the demo shop's pages for the end-to-end tests) and any project that ran before it.
 */
import { performance } from 'node:perf_hooks';
import type { Reporter, TestModule } from 'vitest/node';
import { parseCLI, startVitest } from 'vitest/node';

const slowest = Number(process.env.PROFILE_TOP ?? 20);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

interface FileProfile {
  file: string;
  project: string;
  prepare: number;
  collect: number;
  tests: number;
  slowestTest: { name: string; ms: number };
}

const files: FileProfile[] = [];
const globalSetups = new Map<string, number>();
const setupStarted = new Map<string, number>();

const profile: Reporter = {
  onTestRunStart(specifications) {
    for (const { project } of specifications)
      if (!setupStarted.has(project.name)) setupStarted.set(project.name, performance.now());
  },
  onTestModuleStart(testModule: TestModule) {
    const name = testModule.project.name;
    if (!globalSetups.has(name))
      globalSetups.set(name, performance.now() - (setupStarted.get(name) ?? performance.now()));
  },
  onTestModuleEnd(testModule: TestModule) {
    const diagnostic = testModule.diagnostic();
    let slowestTest = { name: '', ms: 0 };
    for (const test of testModule.children.allTests()) {
      const ms = test.diagnostic()?.duration ?? 0;
      if (ms > slowestTest.ms) slowestTest = { name: test.fullName, ms };
    }
    files.push({
      file: testModule.relativeModuleId,
      project: testModule.project.name,
      prepare: diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration,
      collect: diagnostic.collectDuration,
      tests: diagnostic.duration,
      slowestTest,
    });
  },
};

const started = performance.now();
const total = (file: FileProfile) => file.prepare + file.collect + file.tests;

function printProfile() {
  const wall = performance.now() - started;
  const inProject = (project: string) => files.filter((file) => file.project === project);
  console.log(`\nWhole run: ${seconds(wall).trim()} for ${files.length} files.`);
  for (const [project, ms] of globalSetups) {
    const inFiles = inProject(project).reduce((sum, file) => sum + total(file), 0);
    console.log(
      `  ${project}: first file began ${seconds(ms).trim()} into the run (its global setup, and any project run before it), ${inProject(project).length} files, ${seconds(inFiles).trim()} in files (summed over workers)`,
    );
  }
  console.log(
    `\nThe ${slowest} slowest files (prepare = worker and environment, collect = imports and top-level awaits such as a shop's start):`,
  );
  console.log(
    `${'file'.padEnd(58)} ${'total'.padStart(8)} ${'prepare'.padStart(8)} ${'collect'.padStart(8)} ${'tests'.padStart(8)}  slowest test`,
  );
  for (const file of files.sort((a, b) => total(b) - total(a)).slice(0, slowest)) {
    console.log(
      `${`${file.project}: ${file.file}`.slice(-58).padEnd(58)} ${seconds(total(file))} ${seconds(file.prepare)} ${seconds(file.collect)} ${seconds(file.tests)}  ${seconds(file.slowestTest.ms).trim()} ${file.slowestTest.name.slice(0, 70)}`,
    );
  }
}

const { filter, options } = parseCLI(['vitest', 'run', ...process.argv.slice(2)]);
const vitest = await startVitest('test', filter, {
  ...options,
  watch: false,
  reporters: ['default', { ...profile, onTestRunEnd: printProfile }],
});
await vitest?.close();
process.exitCode = vitest?.state.getCountOfFailedTests() ? 1 : 0;
