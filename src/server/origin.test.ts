import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/api';
import { signUp, solveCaptcha } from '../../tests/support/customers';
import { linkIn, sentMail } from '../../tests/support/mail';
import { listenUrl, loadConfig } from './config';
import { linkOrigin, recordShopOrigin } from './origin';

describe('the default public origin', () => {
  let shop: TestApi;
  beforeAll(async () => {
    shop = await createTestApi({ seed: false });
  });
  afterAll(() => shop.close());

  it('is the URL `npm start` prints, so mailed links open where the customer is signed in', async () => {
    const printed = listenUrl(shop.config.host, shop.config.port);
    expect(printed).toBe('http://127.0.0.1:4321');
    const customer = await signUp(shop, { firstName: 'Ana' });
    const captcha = await solveCaptcha(shop);
    const response = await shop.post(
      '/login/preResetPwd',
      { email: customer.email, captchaCode: captcha.answer },
      { headers: { Cookie: captcha.cookie } },
    );
    expect(response.body.code).toBe(1);

    const mail = (await sentMail(shop)).at(-1)!;
    expect(linkIn(mail, `${printed}/updatePwd/`)).toMatch(/^http:\/\/127\.0\.0\.1:4321\/updatePwd\/[\w-]{43}$/);
    expect(`${mail.text}${String(mail.html)}`).not.toContain('//localhost');
  });
});

describe('the origin of links built outside the serving shop (operator commands, page builds)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-origin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is PUBLIC_ORIGIN when set, else the one the shop of the data folder announced, else the default', async () => {
    const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
    await expect(linkOrigin(config())).resolves.toBe('http://127.0.0.1:4321');
    await expect(linkOrigin(config({ PORT: '8080' }))).resolves.toBe('http://127.0.0.1:8080');

    await recordShopOrigin(dataDir, 'http://127.0.0.1:45678');
    await expect(linkOrigin(config())).resolves.toBe('http://127.0.0.1:45678');
    await expect(linkOrigin(config({ PUBLIC_ORIGIN: 'https://shop.example' }))).resolves.toBe('https://shop.example');
  });
});
