import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionRefusal } from './config';

describe('configuration', () => {
  it('has defaults that run the shop on one machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4321);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payment.provider).toBe('test');
    expect(config.referenceRates).toEqual({ USD: 100, CNY: 14, MYR: 22 });
    expect(config.referral.rebateRatePercent).toBe(5);
    // The URL `npm start` prints, so the session cookie and the payment return share one origin.
    expect(config.publicOrigin).toBe('http://127.0.0.1:4321');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::1' }).publicOrigin).toBe('http://[::1]:4321');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://shop.example/' })).toMatchObject({
      publicOrigin: 'https://shop.example',
      publicOriginSet: true,
    });
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REBATE_RATE_PERCENT: '150' })).toThrow(/REBATE_RATE_PERCENT/);
  });

  it('needs PayPal credentials when PayPal is the payment provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYPAL_CLIENT_ID/);
  });

  it('refuses a shop on https that would take PayPal payments in the sandbox, or refuse every PayPal webhook', () => {
    const paypal = {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PUBLIC_ORIGIN: 'https://shop.example',
    };
    expect(() => loadConfig({ ...paypal, PAYPAL_WEBHOOK_ID: 'WH1' })).toThrow(/PAYPAL_API_BASE: is PayPal's sandbox/);
    expect(loadConfig({ ...paypal, PAYPAL_WEBHOOK_ID: 'WH1', PAYPAL_SANDBOX: 'true' }).payment.paypal.apiBase).toBe(
      'https://api-m.sandbox.paypal.com',
    );
    expect(() => loadConfig({ ...paypal, PAYPAL_API_BASE: 'https://api-m.paypal.com' })).toThrow(
      /PAYPAL_WEBHOOK_ID: required for a shop on https/,
    );
    expect(
      loadConfig({ ...paypal, PAYPAL_API_BASE: 'https://api-m.paypal.com', PAYPAL_WEBHOOK_ID: 'WH1' }).payment.provider,
    ).toBe('paypal');
    // A shop tried out locally (no https) may use the sandbox without a webhook.
    expect(loadConfig({ ...paypal, PUBLIC_ORIGIN: 'http://localhost:4321' }).payment.provider).toBe('paypal');
  });

  it("loads PayPal's card fields from PayPal unless told otherwise, and only from a URL", () => {
    expect(loadConfig({}).payment.paypal.sdkUrl).toBe('https://www.paypal.com/sdk/js');
    expect(loadConfig({ PAYPAL_SDK_URL: 'http://127.0.0.1:9000/sdk/js' }).payment.paypal.sdkUrl).toBe(
      'http://127.0.0.1:9000/sdk/js',
    );
    expect(() => loadConfig({ PAYPAL_SDK_URL: 'www.paypal.com/sdk/js' })).toThrow(/PAYPAL_SDK_URL/);
    expect(() => loadConfig({ PAYPAL_SDK_URL: 'javascript:alert(1)' })).toThrow(/PAYPAL_SDK_URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('hashes passwords at OWASP’s cost and trusts no proxy unless told', () => {
    const config = loadConfig({});
    expect(config.passwords).toEqual({ hashCost: 17, resetMinutes: 30 });
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '8' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('keeps pictures in a folder of the data folder unless told to use an S3 bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).storage).toEqual({ kind: 'folder', dir: '/srv/shop/storage' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'shop-pictures',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'shop-pictures',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // Without keys the AWS SDK's standard credentials (an instance role) apply.
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'shop-pictures', S3_REGION: 'eu-central-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'shop-pictures',
      region: 'eu-central-1',
    });
  });

  it('says which S3 setting is missing or does not fit', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: required when STORAGE=s3');
    expect(() => loadConfig({ STORAGE: 'bucket' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'Shop_Pictures' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/,
    );
    // A bucket named without STORAGE=s3 would silently keep the pictures in the folder.
    expect(() => loadConfig({ S3_BUCKET: 'shop-pictures' })).toThrow('S3_BUCKET: set, but STORAGE is folder');
  });

  it('renders a full publish in one worker per core with V8 sizing their heaps, unless told otherwise', () => {
    expect(loadConfig({}).render).toEqual({ workers: os.availableParallelism(), heapMb: null });
    expect(loadConfig({ SHOP_RENDER_WORKERS: '1', SHOP_RENDER_WORKER_HEAP_MB: '768' }).render).toEqual({
      workers: 1,
      heapMb: 768,
    });
    expect(() => loadConfig({ SHOP_RENDER_WORKERS: '0' })).toThrow(/SHOP_RENDER_WORKERS/);
    expect(() => loadConfig({ SHOP_RENDER_WORKER_HEAP_MB: 'lots' })).toThrow(/SHOP_RENDER_WORKER_HEAP_MB/);
  });

  it('runs one process unless told more, and more only on PostgreSQL', () => {
    expect(loadConfig({}).workers).toBe(1);
    const postgres = { DATABASE_URL: 'postgresql://shop@db.internal/shop' };
    expect(loadConfig({ ...postgres, WORKERS: '2' }).workers).toBe(2);
    expect(loadConfig({ ...postgres, WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    expect(() => loadConfig({ ...postgres, WORKERS: '0' })).toThrow(/WORKERS: a number from 1 to 64, or auto/);
    expect(() => loadConfig({ ...postgres, WORKERS: 'many' })).toThrow(/WORKERS: a number from 1 to 64, or auto/);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'WORKERS: 2 processes need PostgreSQL (DATABASE_URL): the embedded database (PGlite) serves one process at a time.',
    );
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('lists every setting that does not fit the others at once', () => {
    expect(() => loadConfig({ WORKERS: '2', STORAGE: 's3' })).toThrow(
      /WORKERS: .*\n {2}S3_BUCKET: required when STORAGE=s3/,
    );
  });

  describe('in production', () => {
    /** A production shop whose every setting is chosen (docs/decisions/072). */
    const production = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://shop.example.com',
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
      PAYPAL_WEBHOOK_ID: 'WH1',
      SMTP_URL: 'smtps://shop:secret@smtp.example.com:465',
      MAIL_FROM: 'ES Online <orders@shop.example.com>',
      TRUST_PROXY: 'true',
    };
    const refusalOf = (environment: Record<string, string | undefined>) =>
      productionRefusal(loadConfig(environment))?.message ?? null;

    it('is NODE_ENV=production or an https PUBLIC_ORIGIN', () => {
      expect(loadConfig({}).production).toBe(false);
      expect(loadConfig({ PUBLIC_ORIGIN: 'http://shop.lan:4321' }).production).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
      expect(loadConfig({ PUBLIC_ORIGIN: 'https://shop.example.com' }).production).toBe(true);
    });

    it('starts when every setting is chosen, and a laptop starts on the defaults', () => {
      expect(refusalOf(production)).toBeNull();
      expect(refusalOf({})).toBeNull();
    });

    it('refuses the test payment gateway unless the shop is a demonstration', () => {
      const onTestGateway = { ...production, PAYMENT_PROVIDER: 'test' };
      expect(refusalOf(onTestGateway)).toMatch(
        /PAYMENT_PROVIDER: .*test payment gateway.*set PAYMENT_PROVIDER=paypal .*or SHOP_DEMO=true/,
      );
      expect(refusalOf({ ...onTestGateway, SHOP_DEMO: 'true' })).toBeNull();
      expect(loadConfig({ ...onTestGateway, SHOP_DEMO: 'true' }).demo).toBe(true);
    });

    it('refuses mail to the outbox folder unless asked for', () => {
      const withoutSmtp = { ...production, SMTP_URL: undefined };
      expect(refusalOf(withoutSmtp)).toMatch(
        /SMTP_URL: SMTP_URL is not set.*set SMTP_URL=smtps:.*or MAIL_TRANSPORT=folder/,
      );
      expect(refusalOf({ ...withoutSmtp, MAIL_TRANSPORT: 'folder' })).toBeNull();
      expect(refusalOf({ ...production, MAIL_TRANSPORT: 'folder' })).toMatch(
        /SMTP_URL: SMTP_URL is set and MAIL_TRANSPORT=folder/,
      );
    });

    it('refuses a missing, default or local MAIL_FROM', () => {
      expect(refusalOf({ ...production, MAIL_FROM: undefined })).toMatch(
        /MAIL_FROM: MAIL_FROM is not set: set it to the shop's own address/,
      );
      expect(refusalOf({ ...production, MAIL_FROM: 'Energy Shop <shop@localhost>' })).toMatch(/MAIL_FROM: /);
      expect(refusalOf({ ...production, MAIL_FROM: 'Shop <orders@shop.localhost>' })).toMatch(
        /MAIL_FROM: MAIL_FROM is "Shop <orders@shop.localhost>", an address on a local domain/,
      );
      expect(refusalOf({ ...production, MAIL_FROM: 'orders@127.0.0.1' })).toMatch(/MAIL_FROM: /);
      expect(refusalOf({ ...production, MAIL_FROM: 'orders@shop.example.com' })).toBeNull();
    });

    it('refuses to guess whether a proxy stands in front', () => {
      expect(refusalOf({ ...production, TRUST_PROXY: undefined })).toMatch(
        /TRUST_PROXY: TRUST_PROXY is not set: set TRUST_PROXY=true behind a proxy or CDN.*or TRUST_PROXY=false/,
      );
      expect(refusalOf({ ...production, TRUST_PROXY: 'false' })).toBeNull();
    });

    it('refuses an http or missing PUBLIC_ORIGIN with NODE_ENV=production', () => {
      expect(refusalOf({ ...production, PUBLIC_ORIGIN: 'http://shop.example.com' })).toMatch(
        /PUBLIC_ORIGIN: PUBLIC_ORIGIN is http:\/\/shop.example.com: set it to the https address/,
      );
      expect(refusalOf({ ...production, PUBLIC_ORIGIN: undefined })).toMatch(/PUBLIC_ORIGIN: PUBLIC_ORIGIN is not set/);
    });

    it('refuses password hashing lowered for tests', () => {
      expect(refusalOf({ ...production, PASSWORD_HASH_COST: '12' })).toMatch(
        /PASSWORD_HASH_COST: PASSWORD_HASH_COST is 12/,
      );
      expect(refusalOf({ ...production, PASSWORD_HASH_COST: '18' })).toBeNull();
    });

    it("refuses PayPal's sandbox with NODE_ENV=production as on https", () => {
      expect(() => loadConfig({ ...production, PUBLIC_ORIGIN: 'http://shop.lan', PAYPAL_API_BASE: undefined })).toThrow(
        /PAYPAL_API_BASE: is PayPal's sandbox/,
      );
      expect(refusalOf({ ...production, PAYPAL_API_BASE: undefined, PAYPAL_SANDBOX: 'true' })).toBeNull();
    });

    it('names every failing setting at once, with what to set', () => {
      const message = refusalOf({ PUBLIC_ORIGIN: 'https://shop.example.com' })!;
      for (const variable of ['PAYMENT_PROVIDER', 'SMTP_URL', 'MAIL_FROM', 'TRUST_PROXY'])
        expect(message).toMatch(new RegExp(`\\n  ${variable}: `));
      expect(message).toContain('npm run shop -- doctor');
    });
  });
});
