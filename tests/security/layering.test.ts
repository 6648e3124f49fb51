import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/*
 * The layering rules of `npm run lint` (.dependency-cruiser.cjs) fire on a small house that breaks
 * them on purpose (layering-fixture/): a platform file importing a feature, a feature importing the
 * assembly, and a feature importing a feature ranked above it by a type alone. `npm run lint` proves
 * the real tree keeps them.
 */
const { forbidden } = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};
const fixture = path.join(import.meta.dirname, 'layering-fixture');

async function violations() {
  const cwd = process.cwd();
  process.chdir(fixture);
  try {
    const { output } = await cruise(['src'], { ruleSet: { forbidden }, validate: true, tsPreCompilationDeps: true });
    return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('the layering rules', () => {
  it('refuse a platform file importing a feature, a feature importing the assembly or a higher feature, and nothing else', async () => {
    expect((await violations()).sort()).toEqual([
      'features-import-only-lower-features: src/features/cart/cart-total.ts -> src/features/orders/orders.ts',
      'nothing-below-imports-the-assembly: src/features/orders/checkout.ts -> src/app/main.ts',
      'platform-not-from-features: src/server/payments/provider.ts -> src/features/orders/orders.ts',
    ]);
  });
});
