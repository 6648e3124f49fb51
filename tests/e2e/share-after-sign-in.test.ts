import { describe, expect, it } from 'vitest';
import { aStorefront } from './support/shop';
import { password, registerInDialog } from './support/storefront';

/*
 * Spec §4's pending share on a phone: a signed-out visitor taps Share, signs in on /sign (another
 * page), and comes back to the page with the share dialog open.
 */

const shop = await aStorefront();

describe('share after sign-in', () => {
  it('on a phone, the share dialog opens on the page the visitor comes back to from /sign', async () => {
    const desktop = await shop.newPage('desktop');
    await desktop.goto('/');
    await registerInDialog(desktop, { firstName: 'Dara', lastName: 'Ng', email: 'dara.share@example.com' });

    const phone = await shop.newPage('mobile');
    await phone.goto('/productsList');
    await phone.waitForLoadState('networkidle');
    await phone.getByRole('button', { name: 'Share', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/sign');
    await phone.getByLabel('Email').fill('dara.share@example.com');
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();

    await phone.waitForURL((url) => url.pathname === '/productsList');
    const dialog = phone.getByRole('dialog', { name: 'Share with friends' });
    await dialog.waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
    // Once: another page of the tab does not open it again.
    await phone.goto('/');
    await phone.waitForLoadState('networkidle');
    await expect(phone.getByRole('dialog', { name: 'Share with friends' }).count()).resolves.toBe(0);
  }, 180_000);
});
