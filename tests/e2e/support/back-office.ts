import { expect } from 'vitest';
import type { OperatorRole } from '@/features/backoffice/operators/operators';
import { inviteOperator } from '@/features/backoffice/operators/operator-auth';
import type { TestShop } from './shop';

const OPERATOR_PASSWORD = 'a long back-office passphrase';

/** Adds an operator as `npm run shop -- operator add` does, sets the password through the link, signs in at /admin. */
export async function operatorSignedIn(shop: TestShop, role: OperatorRole) {
  const email = `${role}@shop.example`;
  const { link } = await inviteOperator(shop.db, { email, role }, shop.config.publicOrigin);
  expect(new URL(link).origin).toBe(shop.url);
  const page = await shop.newPage();
  await page.goto(link);
  await page.getByLabel('New password (at least 12 characters)').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Repeat it').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`${email} (${role})`).waitFor();
  return page;
}
