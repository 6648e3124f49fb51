import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the operator CLI', () => {
  it('lists every command with its usage and what it does', async () => {
    const overview = await run('npx', ['tsx', 'scripts/shop.ts', '--help']);
    for (const name of [
      'rebuild',
      'import-catalogue',
      'set-stock',
      'set-price',
      'orders',
      'ship',
      'add-event',
      'sign-for',
      'complete',
      'refund',
      'disable-user',
    ]) {
      expect(overview.stdout).toContain(`  ${name}`);
    }
    expect(overview.stdout).toContain(
      '  ship <orderNo> --carrier <name> --tracking <number>\n      mark a paid order shipped',
    );
  });

  it('fails with a non-zero exit code on an unknown command', async () => {
    await expect(run('npx', ['tsx', 'scripts/shop.ts', 'teleport'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown command: teleport'),
    });
  });
});
