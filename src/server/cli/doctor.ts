import type { Config } from '../config';
import type { Command } from './operator';

/**
 * `npm run shop -- doctor`: every check a production start makes (src/server/config.ts,
 * productionChecks) and whether the current environment passes it, without starting or opening
 * anything. Exits with 1 when one fails in production, so a deployment can run it before switching over.
 */
export function doctorReport(
  config: Pick<Config, 'production' | 'environment' | 'publicOrigin' | 'productionChecks'>,
): { text: string; passes: boolean } {
  const passes = config.productionChecks.every((check) => check.passes);
  const mode = config.production
    ? `This shop runs in production (NODE_ENV=${config.environment}, PUBLIC_ORIGIN ${config.publicOrigin}): a start refuses on any failing check.`
    : `This shop does not run in production (NODE_ENV=${config.environment}, PUBLIC_ORIGIN ${config.publicOrigin}); with NODE_ENV=production or an https PUBLIC_ORIGIN a start checks:`;
  const lines = config.productionChecks.map(
    (check) =>
      `  ${check.passes ? 'pass' : 'FAIL'}  ${check.variables.join(', ')}: ${check.check}${check.passes ? '' : `\n        ${check.fix}`}`,
  );
  return {
    text: [
      mode,
      '',
      ...lines,
      '',
      passes
        ? 'Every production check passes.'
        : `${lines.filter((line) => line.startsWith('  FAIL')).length} production check(s) fail.`,
    ].join('\n'),
    passes,
  };
}

export const doctorCommand: Command = {
  usage: 'doctor',
  help: 'prints every check a production start makes (payments, mail, sender, proxy, https, password hashing) and whether this environment passes it; starts nothing. Exits with 1 when one fails in production (NODE_ENV=production or an https PUBLIC_ORIGIN)',
  run: async (_args, config) => {
    const report = doctorReport(config);
    console.log(report.text);
    if (config.production && !report.passes) process.exitCode = 1;
  },
};
