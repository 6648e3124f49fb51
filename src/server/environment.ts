import os from 'node:os';
import { z } from 'zod';
import { currencies } from '@/lib/locale';

/* The shop's environment variables, their defaults and bounds: read by loadConfig (config.ts). */

const integer = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const percent = (fallback: number) => z.coerce.number().min(0).max(100).default(fallback);
const optionalUrl = z.url().optional();
/** A comma-separated list of shop currencies (`USD,MYR`); `none` for none. Only `allowed` may appear. */
const currencyList = (fallback: string, allowed: readonly string[] = ['USD', 'CNY', 'MYR']) =>
  z
    .string()
    .default(fallback)
    .transform((text) =>
      text.trim().toLowerCase() === 'none'
        ? []
        : [
            ...new Set(
              text
                .split(',')
                .map((part) => part.trim().toUpperCase())
                .filter(Boolean),
            ),
          ],
    )
    .pipe(
      z
        .array(z.enum(currencies))
        .refine(
          (list) => list.every((currency) => allowed.includes(currency)),
          `a comma-separated list of ${allowed.join(', ')}, or none`,
        ),
    );
/**
 * The footer's record or filing number per host (`shop.example.cn=沪ICP备12345678号-1; shop.example.my=…`):
 * `host=number` pairs separated by `;`. Hosts are compared without regard to letter case and without a port.
 */
const recordNumbers = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(';')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const [host = '', ...number] = pair.split('=');
        return { host: host.trim().toLowerCase(), number: number.join('=').trim() };
      }),
  )
  .pipe(
    z.array(
      z.object({
        host: z
          .string()
          .regex(/^[a-z0-9.-]{1,253}$/, 'host=number pairs separated by ";", each host a name such as shop.example.cn'),
        number: z.string().min(1, 'host=number pairs separated by ";", each with a number').max(80),
      }),
    ),
  );
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

export const DEFAULT_MAIL_FROM = 'Energy Shop <shop@localhost>';

/** Every setting the shop reads from its environment. Parsed once, at start; passed down from there. */
export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: integer(4321, 0, 65535),
  /**
   * The origin customers reach the shop at (behind a proxy or CDN: its public URL); payment returns and
   * links in mails are built from it, never from a Host header. Unset: the URL `npm start` prints.
   */
  PUBLIC_ORIGIN: z.url().optional(),
  /** PostgreSQL; without it the shop runs on embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('var'),
  /**
   * Processes serving the shop on one port (Node's cluster); `auto`: one per core. More than one
   * needs PostgreSQL: the embedded database serves one process (docs/decisions/047).
   */
  WORKERS: z
    .string()
    .trim()
    .default('1')
    .refine(
      (value) => value === 'auto' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64),
      'a number from 1 to 64, or auto',
    )
    .transform((value) => (value === 'auto' ? os.availableParallelism() : Number(value))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Worker threads a full publish renders the pages in: one per core by default (docs/decisions/065). */
  SHOP_RENDER_WORKERS: integer(os.availableParallelism(), 1, 64),
  /** Each render worker's old-generation heap in MB; 0 sizes it from the catalogue snapshot (docs/decisions/087). */
  SHOP_RENDER_WORKER_HEAP_MB: integer(0, 0),

  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** smtp(s)://user:pass@host:port; without it mail is written to DATA_DIR/mail as .eml files. */
  SMTP_URL: optionalUrl,
  /** `folder` says on purpose that a production shop keeps its mail in DATA_DIR/mail (no SMTP_URL); see productionChecks. */
  MAIL_TRANSPORT: z.enum(['smtp', 'folder']).optional(),

  PAYMENT_PROVIDER: z.enum(['test', 'paypal']).default('test'),
  /** A demonstration shop: a production shop may then run on the test payment gateway, and its pages say so. */
  SHOP_DEMO: flag(false),
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /** A shop on https that is meant to use PayPal's sandbox (a staging shop) says so; otherwise it refuses to start on it. */
  PAYPAL_SANDBOX: flag(false),
  /** Where the browser loads PayPal's JavaScript SDK (for its card fields) from. */
  PAYPAL_SDK_URL: z.url({ protocol: /^https?$/ }).default('https://www.paypal.com/sdk/js'),
  /** How long a call to PayPal may take before the shop gives up on it (and retries it safely later). */
  PAYPAL_TIMEOUT_MS: integer(20_000, 100, 120_000),
  /** The shop currencies the merchant's PayPal account receives PayPal payments in (CNY and MYR only for accounts in China and Malaysia). */
  PAYPAL_CURRENCIES: currencyList('USD'),
  /** The shop currencies PayPal's card fields charge in for this account (PayPal lists neither CNY nor MYR for them). */
  PAYPAL_CARD_CURRENCIES: currencyList('USD', ['USD']),
  /** When PayPal runs 3-D Secure on cards: where a regulation requires it (PSD2), or for every card payment. */
  PAYPAL_CARD_3DS: z.enum(['when-required', 'always']).default('when-required'),

  /** The currencies the storefront offers; one switched off leaves the selector without a rebuild (the shell reads the list at start). */
  SHOP_CURRENCIES: currencyList('USD,CNY,MYR').refine((list) => list.length > 0, 'at least one currency'),
  /** The record or filing number the footer shows on a host (e.g. an ICP number on a mainland China host); none elsewhere. */
  FOOTER_RECORD_NUMBERS: recordNumbers,

  REBATE_RATE_PERCENT: percent(5),
  FRIEND_DISCOUNT_PERCENT: percent(5),
  POINTS_PER_USD: integer(100, 1),
  POINTS_PER_CNY: integer(14, 1),
  POINTS_PER_MYR: integer(22, 1),

  ORDER_PAYMENT_MINUTES: integer(30, 1),
  /** Orders awaiting payment, and the units they hold, one customer may have at once (docs/decisions/075). */
  UNPAID_ORDERS_PER_CUSTOMER: integer(5, 1),
  UNPAID_UNITS_PER_CUSTOMER: integer(50, 1),
  /** Orders, and units, one client address may place in a RATE_LIMIT_WINDOW_SECONDS window, signed in or as a guest. */
  ORDERS_PER_ADDRESS: integer(20, 1),
  ORDER_UNITS_PER_ADDRESS: integer(200, 1),
  ORDER_AUTO_COMPLETE_DAYS: integer(7, 1),
  /** A referral rebate stays pending this many days after its order completes (the return window), then becomes available; 0: at completion. */
  REBATE_HOLD_DAYS: integer(14, 0),
  COUPON_EXPIRY_DAYS: integer(30, 1),
  /** Days a customer's session lasts unused; each visit slides it forward, up to SESSION_MAX_DAYS after sign-in. */
  SESSION_DAYS: integer(30, 1),
  /** Days after sign-in a customer's session ends, however much it is used. */
  SESSION_MAX_DAYS: integer(30, 1),
  /** Hours after sign-in an operator's session ends. */
  OPERATOR_SESSION_HOURS: integer(12, 1, 24 * 30),
  /** log2 of scrypt's N. 17 is OWASP's recommendation; tests lower it. Hashes keep their own cost, so old ones still verify. */
  PASSWORD_HASH_COST: integer(17, 10, 20),
  PASSWORD_RESET_MINUTES: integer(30, 1, 24 * 60),
  /** An anti-counterfeit code checked more often than this warns that the item may be a copy. */
  VERIFY_WARN_AFTER_CHECKS: integer(5, 1),

  BODY_LIMIT_BYTES: integer(64 * 1024, 1024),
  RATE_LIMIT_WINDOW_SECONDS: integer(15 * 60, 1),
  RATE_LIMIT_PER_IP: integer(50, 1),
  RATE_LIMIT_PER_ACCOUNT: integer(10, 1),
  /** Behind a proxy or CDN: take the client address from the first X-Forwarded-For hop. Never set it when clients reach the API directly. */
  TRUST_PROXY: flag(false),

  /** Where pictures and avatars are kept: `folder` (DATA_DIR/storage) or an S3-compatible bucket every process and machine shares. */
  STORAGE: z.enum(['folder', 's3']).default('folder'),
  /** An S3-compatible server (MinIO, Cloudflare R2, …), addressed by path; unset: Amazon S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Both or neither; neither: the AWS SDK's standard credential chain (an instance or task role). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),

  /** With it, GET /metrics answers only `Authorization: Bearer <token>`; without it, only clients on this machine (loopback). */
  METRICS_TOKEN: z.string().trim().min(16, 'at least 16 characters').optional(),

  /** Netlify's build hook; without it the operator's rebuild builds locally. */
  BUILD_HOOK_URL: optionalUrl,
  /**
   * Netlify's site id and a personal access token for its purge API: Netlify's CDN then caches the pages
   * this shop serves, and each publish purges the pages it changed (docs/decisions/085). The build hook
   * stays for a first deploy and a code change.
   */
  NETLIFY_SITE_ID: z.string().trim().min(1).optional(),
  NETLIFY_PURGE_TOKEN: z.string().trim().min(1).optional(),
  NETLIFY_API_URL: z.url().default('https://api.netlify.com'),

  /* Privacy (docs/decisions/035-privacy.md) */
  /** What the customer's card or PayPal statement shows; PayPal allows 22 characters. */
  BILLING_DESCRIPTOR: z.string().trim().min(1).max(22).default('ES ONLINE'),
  /** The name in the merchant's PayPal profile ("credit card statement name"): PayPal prints it before the descriptor. */
  PAYPAL_STATEMENT_NAME: z.string().trim().max(22).default(''),
  /** The sender's name on parcels' labels. */
  PARCEL_SENDER: z.string().trim().min(1).max(60).default('ES Online'),
  /** How a parcel is packed, per language; without one the shop's own wording is shown. */
  PACKING_NOTE_EN: z.string().trim().max(300).optional(),
  PACKING_NOTE_ZH: z.string().trim().max(300).optional(),
  PACKING_NOTE_MS: z.string().trim().max(300).optional(),
  /** Days a mail file stays in the outbox folder (DATA_DIR/mail) before the background jobs delete it. */
  MAIL_RETENTION_DAYS: integer(30, 1),
  /** Days after an order closed unpaid before its name, address, phone and email are removed from it. */
  UNPAID_ORDER_RETENTION_DAYS: integer(90, 1),
  /** Days a newsletter subscription waits for its confirmation link to be opened before it is deleted. */
  NEWSLETTER_CONFIRM_DAYS: integer(7, 1),
  /** Newsletter sign-ups for one email address in a RATE_LIMIT_WINDOW_SECONDS window, each of which mails it (docs/decisions/075). */
  NEWSLETTER_SIGN_UPS_PER_EMAIL: integer(3, 1),
});

export type Environment = z.input<typeof environmentSchema>;

export type ParsedEnvironment = z.output<typeof environmentSchema>;
