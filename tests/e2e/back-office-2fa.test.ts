import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { inviteOperator, setOperatorPassword } from '@/features/backoffice/operators/operator-auth';
import { axeViolations } from './support/axe';
import { aStorefront, untranslatedKeys } from './support/shop';

/* Two-step sign-in at /admin: an operator turns it on with an authenticator app and signs in with its code; an admin resets it. */

const shop = await aStorefront();
const PASSWORD = 'a long back-office passphrase';

/** What an authenticator app shows for the key, `steps` 30-second steps from now. */
const appCode = (key: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + steps * 30_000 });

async function anOperator(email: string, role: 'admin' | 'editor') {
  const { link } = await inviteOperator(shop.db, { email, role }, shop.config.publicOrigin);
  await setOperatorPassword(shop.db, shop.config, new URL(link).searchParams.get('invite')!, PASSWORD);
}

async function signIn(page: Page, email: string) {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('two-step sign-in', () => {
  it('is turned on by scanning the code into an app, then asked for at sign-in, and reset by an admin', async () => {
    await anOperator('careful.editor@shop.example', 'editor');
    const editor = await shop.newPage();
    await signIn(editor, 'careful.editor@shop.example');
    await editor.getByText('careful.editor@shop.example (editor)').waitFor();

    await editor
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Two-step sign-in' })
      .click();
    await editor.getByText('Two-step sign-in is off.', { exact: false }).waitFor();
    await editor.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = editor.getByRole('img', { name: 'QR code that adds this back office to an authenticator app' });
    await qr.waitFor();
    await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    // The app reads the same key from the QR code as the text beside it.
    const key = (await editor.getByTestId('second-factor-key').textContent())!.replaceAll(' ', '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect(axeViolations(editor)).resolves.toEqual([]);

    const code = editor.getByLabel('6-digit code from the app');
    await code.fill(appCode(key, 3));
    await editor.getByRole('button', { name: 'Turn on' }).click();
    await editor.getByRole('alert').getByText('The code is wrong or was used already.', { exact: false }).waitFor();
    await code.fill(appCode(key));
    await editor.getByRole('button', { name: 'Turn on' }).click();
    await editor.getByText('Two-step sign-in is on. Your other signed-in browsers were signed out.').waitFor();
    await expect(editor.getByTestId('second-factor-key').count()).resolves.toBe(0);

    await editor.getByRole('button', { name: 'Sign out', exact: true }).click();
    // Signing in in Malay, chosen on the sign-in page: the code step speaks it too.
    await editor.goto('/admin/');
    await editor.getByLabel('Language').selectOption('MS');
    await editor.getByLabel('E-mel').fill('careful.editor@shop.example');
    await editor.getByLabel('Kata laluan').fill(PASSWORD);
    await editor.getByRole('button', { name: 'Log masuk' }).click();
    await editor.getByRole('heading', { name: 'Log masuk dua langkah' }).waitFor();
    await expect(untranslatedKeys(editor)).resolves.toEqual([]);
    await expect(axeViolations(editor)).resolves.toEqual([]);
    // The code that turned it on is spent: the app's next one signs in.
    await editor.getByLabel('Kod 6 digit daripada aplikasi').fill(appCode(key, 1));
    await editor.getByRole('button', { name: 'Sahkan dan log masuk' }).click();
    // Signed in, the back office speaks the editor's own language again (English, kept on the account).
    await editor.getByText('careful.editor@shop.example (editor)').waitFor();

    await anOperator('chief@shop.example', 'admin');
    const admin = await shop.newPage();
    await signIn(admin, 'chief@shop.example');
    await admin.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Two-step sign-in' }).click();
    await admin.getByLabel('Operator email').fill('careful.editor@shop.example');
    await admin.getByRole('button', { name: 'Reset…' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Reset', exact: true }).click();
    await admin.getByText('Two-step sign-in of careful.editor@shop.example is reset', { exact: false }).waitFor();
    await expect(axeViolations(admin)).resolves.toEqual([]);

    const again = await shop.newPage();
    await signIn(again, 'careful.editor@shop.example');
    await again.getByText('careful.editor@shop.example (editor)').waitFor();

    await admin.getByRole('button', { name: 'Audit log' }).click();
    await expect(
      admin.getByRole('row').filter({ hasText: 'operator.second-factor-reset' }).textContent(),
    ).resolves.toContain('chief@shop.example');
    await expect(
      admin.getByRole('row').filter({ hasText: 'operator.second-factor-on' }).textContent(),
    ).resolves.toContain('careful.editor@shop.example');
  });
});
