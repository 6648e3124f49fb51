import { describe, expect, it } from 'vitest';
import { aShop } from '../../../../tests/support/fixtures';
import { addOperator, listOperators, resetOperatorPassword, setOperatorDisabled } from './operator-accounts';
import * as ErrorCode from '@/lib/error-codes';

const shop = await aShop();

describe('operator accounts, as the Operators section and the CLI change them', () => {
  it('adds, disables, enables and resets; never disables the last admin', async () => {
    const added = await addOperator(shop.db, 'cli', { email: 'lin@example.com', role: 'editor' }, 'https://shop.test');
    expect(added.link).toMatch(/^https:\/\/shop\.test\/admin\/\?invite=/);
    expect((await listOperators(shop.db)).find((operator) => operator.email === 'lin@example.com')).toMatchObject({
      role: 'editor',
      state: 'invited',
    });
    expect((await setOperatorDisabled(shop.db, 'cli', 'lin@example.com', true)).state).toBe('disabled');
    await expect(setOperatorDisabled(shop.db, 'cli', 'lin@example.com', true)).rejects.toMatchObject({
      code: ErrorCode.DataUnchanged,
    });
    await expect(resetOperatorPassword(shop.db, 'cli', 'lin@example.com', 'https://shop.test')).rejects.toMatchObject({
      code: ErrorCode.AccountDisabled,
    });
    expect((await setOperatorDisabled(shop.db, 'cli', 'lin@example.com', false)).state).toBe('invited');
    expect((await resetOperatorPassword(shop.db, 'cli', 'lin@example.com', 'https://shop.test')).link).toContain(
      'invite=',
    );
    const admins = (await listOperators(shop.db)).filter(
      (operator) => operator.role === 'admin' && operator.state === 'active',
    );
    if (admins.length === 1)
      await expect(setOperatorDisabled(shop.db, 'cli', admins[0]!.email, true)).rejects.toMatchObject({
        code: ErrorCode.IllegalRequest,
      });
    await expect(setOperatorDisabled(shop.db, 'cli', 'nobody@example.com', true)).rejects.toMatchObject({
      code: ErrorCode.AccountNotFound,
    });
  });
});
