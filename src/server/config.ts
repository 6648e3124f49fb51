import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { currencies } from '@/lib/locale';
import type { StorageSettings } from './storage/storage';

const integer = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const percent = (fallback: number) => z.coerce.number().min(0).max(100).default(fallback);
const optionalUrl = z.url().optional();
/** A comma-separated list of shop currencies (`USD,MYR`); `none` for none. Only `allowed` may appear. */
const currencyList = (fallback: string, allowed: readonly string[] = ['USD', 'CNY', 'MYR']) =>
  z
    .string()
    .default(fallback)
    .transform((text) => (text.trim().toLowerCase() === 'none' ? [] : [...new Set(text.split(',').map((part) => part.trim().toUpperCase()).filter(Boolean))]))
    .pipe(z.array(z.enum(currencies)).refine((list) => list.every((currency) => allowed.includes(currency)), `a comma-separated list of ${allowed.join(', ')}, or none`));
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
        host: z.string().regex(/^[a-z0-9.-]{1,253}$/, 'host=number pairs separated by ";", each host a name such as shop.example.cn'),
        number: z.string().min(1, 'host=number pairs separated by ";", each with a number').max(80),
      }),
    ),
  );
const flag = (fallback: boolean) =>
  z.enum(['true', 'false', '1', '0']).default(fallback ? 'true' : 'false').transform((value) => value === 'true' || value === '1');

const DEFAULT_MAIL_FROM = 'Energy Shop <shop@localhost>';

/** Every setting the shop reads from its environment. Parsed once, at start; passed down from there. */
const environmentSchema = z.object({
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
    .refine((value) => value === 'auto' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64), 'a number from 1 to 64, or auto')
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

export class ConfigError extends Error {
  readonly fields: string[];
  constructor(fields: string[], message: string) {
    super(message);
    this.fields = fields;
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env) {
  const parsed = environmentSchema.safeParse(stripEmpty(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(
      parsed.error.issues.map((issue) => issue.path.join('.')),
      `Invalid configuration:\n  ${problems.join('\n  ')}`,
    );
  }
  const env = parsed.data;
  const problems = crossChecks(env);
  if (problems.length > 0) {
    throw new ConfigError(
      problems.flatMap((problem) => problem.fields),
      `Invalid configuration:\n  ${problems.map((problem) => `${problem.fields.join(', ')}: ${problem.message}`).join('\n  ')}`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    environment: env.NODE_ENV,
    /** A shop customers use: NODE_ENV=production, or served over https. It refuses to start on settings only safe on a laptop (productionChecks). */
    production: env.NODE_ENV === 'production' || (env.PUBLIC_ORIGIN?.startsWith('https:') ?? false),
    /** What a production start checks, each with whether it passes here (`npm run shop -- doctor` prints them). */
    productionChecks: productionChecks(env, environment),
    demo: env.SHOP_DEMO,
    metricsToken: env.METRICS_TOKEN,
    host: env.HOST,
    port: env.PORT,
    /** Without PUBLIC_ORIGIN, the shop settles this to the URL it prints once it listens (see main.ts). */
    publicOrigin: (env.PUBLIC_ORIGIN ?? listenUrl(env.HOST, env.PORT)).replace(/\/$/, ''),
    publicOriginSet: env.PUBLIC_ORIGIN !== undefined,
    databaseUrl: env.DATABASE_URL,
    workers: env.WORKERS,
    dataDir,
    logLevel: env.LOG_LEVEL,
    mail: { from: env.MAIL_FROM, senderName: senderNameOf(env.MAIL_FROM), smtpUrl: env.SMTP_URL, outboxDir: path.join(dataDir, 'mail') },
    payment: {
      provider: env.PAYMENT_PROVIDER,
      paypal: {
        apiBase: env.PAYPAL_API_BASE,
        clientId: env.PAYPAL_CLIENT_ID,
        clientSecret: env.PAYPAL_CLIENT_SECRET,
        webhookId: env.PAYPAL_WEBHOOK_ID,
        sdkUrl: env.PAYPAL_SDK_URL,
        timeoutMs: env.PAYPAL_TIMEOUT_MS,
        walletCurrencies: env.PAYPAL_CURRENCIES,
        cardCurrencies: env.PAYPAL_CARD_CURRENCIES,
        cardVerification: env.PAYPAL_CARD_3DS === 'always' ? ('SCA_ALWAYS' as const) : ('SCA_WHEN_REQUIRED' as const),
        /** Sent as PayPal's soft descriptor, so the statement shows what the checkout page says it will. */
        softDescriptor: env.BILLING_DESCRIPTOR,
      },
    },
    site: { currencies: env.SHOP_CURRENCIES, recordNumbers: env.FOOTER_RECORD_NUMBERS },
    referral: { rebateRatePercent: env.REBATE_RATE_PERCENT, friendDiscountPercent: env.FRIEND_DISCOUNT_PERCENT },
    referenceRates: { USD: env.POINTS_PER_USD, CNY: env.POINTS_PER_CNY, MYR: env.POINTS_PER_MYR },
    orders: {
      paymentMinutes: env.ORDER_PAYMENT_MINUTES,
      autoCompleteDays: env.ORDER_AUTO_COMPLETE_DAYS,
      rebateHoldDays: env.REBATE_HOLD_DAYS,
      unpaid: {
        ordersPerCustomer: env.UNPAID_ORDERS_PER_CUSTOMER,
        unitsPerCustomer: env.UNPAID_UNITS_PER_CUSTOMER,
        ordersPerAddress: env.ORDERS_PER_ADDRESS,
        unitsPerAddress: env.ORDER_UNITS_PER_ADDRESS,
      },
    },
    coupons: { expiryDays: env.COUPON_EXPIRY_DAYS },
    sessions: { days: env.SESSION_DAYS, maxDays: env.SESSION_MAX_DAYS, operatorHours: env.OPERATOR_SESSION_HOURS },
    passwords: { hashCost: env.PASSWORD_HASH_COST, resetMinutes: env.PASSWORD_RESET_MINUTES },
    verify: { warnAfterChecks: env.VERIFY_WARN_AFTER_CHECKS },
    trustProxy: env.TRUST_PROXY,
    limits: {
      bodyBytes: env.BODY_LIMIT_BYTES,
      rateLimitWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      rateLimitPerIp: env.RATE_LIMIT_PER_IP,
      rateLimitPerAccount: env.RATE_LIMIT_PER_ACCOUNT,
    },
    storage: storageSettings(env, dataDir),
    buildHookUrl: env.BUILD_HOOK_URL,
    cdn: env.NETLIFY_SITE_ID && env.NETLIFY_PURGE_TOKEN ? { siteId: env.NETLIFY_SITE_ID, token: env.NETLIFY_PURGE_TOKEN, apiUrl: env.NETLIFY_API_URL } : null,
    render: { workers: env.SHOP_RENDER_WORKERS, heapMb: env.SHOP_RENDER_WORKER_HEAP_MB || null },
    privacy: {
      billingDescriptor: env.BILLING_DESCRIPTOR,
      paypalStatementName: env.PAYPAL_STATEMENT_NAME,
      parcelSender: env.PARCEL_SENDER,
      packingNotes: { EN: env.PACKING_NOTE_EN, ZH: env.PACKING_NOTE_ZH, MS: env.PACKING_NOTE_MS },
      mailRetentionDays: env.MAIL_RETENTION_DAYS,
      unpaidOrderRetentionDays: env.UNPAID_ORDER_RETENTION_DAYS,
      newsletterConfirmDays: env.NEWSLETTER_CONFIRM_DAYS,
      newsletterSignUpsPerEmail: env.NEWSLETTER_SIGN_UPS_PER_EMAIL,
    },
  };
}

type ParsedEnvironment = z.output<typeof environmentSchema>;

/** One check a production start makes: which variables, whether they pass, and what to set when they do not. */
export type ProductionCheck = { variables: string[]; passes: boolean; check: string; fix: string };

/**
 * Settings that are only safe on a laptop. A production shop (NODE_ENV=production or an https
 * PUBLIC_ORIGIN) refuses to start on any of them (docs/decisions/072); `npm run shop -- doctor` prints them all.
 * `raw` is the environment as given, for settings whose default is fine on a laptop but must be chosen in production.
 */
function productionChecks(env: ParsedEnvironment, raw: Record<string, string | undefined>): ProductionCheck[] {
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1]?.toLowerCase() ?? '';
  const localDomain = mailDomain === '' || !mailDomain.includes('.') || /(^|\.)localhost$|\.(local|test|example|invalid)$|^\[?(127\.|::1)/.test(mailDomain);
  return [
    {
      variables: ['PAYMENT_PROVIDER', 'SHOP_DEMO'],
      passes: env.PAYMENT_PROVIDER !== 'test' || env.SHOP_DEMO,
      check: 'takes real payments',
      fix: 'PAYMENT_PROVIDER is the test payment gateway, which pays any order with "Approve": set PAYMENT_PROVIDER=paypal (with PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID), or SHOP_DEMO=true for a demonstration shop (its pages then say that nothing is charged)',
    },
    {
      variables: ['SMTP_URL', 'MAIL_TRANSPORT'],
      passes: env.SMTP_URL !== undefined ? env.MAIL_TRANSPORT !== 'folder' : env.MAIL_TRANSPORT === 'folder',
      check: 'sends mail',
      fix:
        env.SMTP_URL !== undefined
          ? 'SMTP_URL is set and MAIL_TRANSPORT=folder: unset one of them'
          : 'SMTP_URL is not set, so mail would be written to DATA_DIR/mail, where no customer reads it: set SMTP_URL=smtps://user:password@smtp.example.com:465, or MAIL_TRANSPORT=folder to keep mail in that folder on purpose',
    },
    {
      variables: ['MAIL_FROM'],
      passes: raw.MAIL_FROM !== undefined && raw.MAIL_FROM !== '' && env.MAIL_FROM !== DEFAULT_MAIL_FROM && !localDomain,
      check: 'mail comes from an address customers can answer',
      fix: `MAIL_FROM is ${raw.MAIL_FROM ? `"${env.MAIL_FROM}", an address on a local domain` : 'not set'}: set it to the shop's own address, e.g. MAIL_FROM="ES Online <orders@shop.example.com>" (its name is what customers see)`,
    },
    {
      variables: ['TRUST_PROXY'],
      passes: raw.TRUST_PROXY !== undefined && raw.TRUST_PROXY !== '',
      check: 'knows whether a proxy stands in front',
      fix: 'TRUST_PROXY is not set: set TRUST_PROXY=true behind a proxy or CDN (it passes the client address in X-Forwarded-For; without it every customer shares one rate-limit bucket), or TRUST_PROXY=false when clients reach the shop directly',
    },
    {
      variables: ['PUBLIC_ORIGIN'],
      passes: env.PUBLIC_ORIGIN?.startsWith('https:') ?? false,
      check: 'is served over https at a known address',
      fix: `PUBLIC_ORIGIN is ${env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN : 'not set'}: set it to the https address customers reach the shop at, e.g. PUBLIC_ORIGIN=https://shop.example.com (payment returns and the links in mails are built from it)`,
    },
    {
      variables: ['PASSWORD_HASH_COST'],
      passes: env.PASSWORD_HASH_COST >= 17,
      check: 'hashes passwords at full cost',
      fix: `PASSWORD_HASH_COST is ${env.PASSWORD_HASH_COST}, lowered for tests: unset it (17, OWASP's recommendation) or set 17 or more`,
    },
  ];
}

/** The refusal of a production shop's start, naming each failing variable and what to set; null when every check passes. */
export function productionRefusal(config: Pick<Config, 'production' | 'productionChecks'>): ConfigError | null {
  const failing = config.productionChecks.filter((check) => !check.passes);
  if (!config.production || failing.length === 0) return null;
  return new ConfigError(
    failing.flatMap((check) => check.variables),
    `This shop runs in production (NODE_ENV=production or an https PUBLIC_ORIGIN) and refuses to start on settings only safe on a laptop:\n  ${failing.map((check) => `${check.variables[0]}: ${check.fix}`).join('\n  ')}\n\n\`npm run shop -- doctor\` lists every check.`,
  );
}

/** Settings that are wrong only together with others. */
function crossChecks(env: ParsedEnvironment): { fields: string[]; message: string }[] {
  const problems: { fields: string[]; message: string }[] = [];
  if (env.PAYMENT_PROVIDER === 'paypal' && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
    problems.push({ fields: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'], message: 'required when PAYMENT_PROVIDER=paypal' });
  }
  // A shop on https (or NODE_ENV=production) takes real orders: PayPal's sandbox would take no money, and
  // without the webhook id every PayPal webhook (refunds made at PayPal, chargebacks, held captures) would be refused.
  const live = env.PAYMENT_PROVIDER === 'paypal' && (env.NODE_ENV === 'production' || env.PUBLIC_ORIGIN?.startsWith('https:'));
  if (live && new URL(env.PAYPAL_API_BASE).hostname.includes('sandbox') && !env.PAYPAL_SANDBOX) {
    problems.push({
      fields: ['PAYPAL_API_BASE'],
      message: "is PayPal's sandbox, which takes no real money, on a shop served over https: set PAYPAL_API_BASE=https://api-m.paypal.com, or PAYPAL_SANDBOX=true if this shop is meant to use the sandbox",
    });
  }
  if (live && !env.PAYPAL_WEBHOOK_ID) {
    problems.push({ fields: ['PAYPAL_WEBHOOK_ID'], message: "required for a shop on https: without it every PayPal webhook (refunds and chargebacks made at PayPal, captures it held) is refused" });
  }
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    problems.push({
      fields: ['WORKERS'],
      message:
        `${env.WORKERS} processes need PostgreSQL (DATABASE_URL): the embedded database (PGlite) serves one process at a time. ` +
        'Set DATABASE_URL, or leave WORKERS unset for one process.',
    });
  }
  if (env.STORAGE === 's3' && !env.S3_BUCKET) problems.push({ fields: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
  if (env.STORAGE === 'folder') {
    const unused = (['S3_ENDPOINT', 'S3_BUCKET'] as const).filter((name) => env[name] !== undefined);
    if (unused.length > 0) problems.push({ fields: unused, message: 'set, but STORAGE is folder: set STORAGE=s3 to keep pictures in the bucket, or unset them' });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push({ fields: ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], message: "set both, or neither to use the AWS SDK's standard credentials (an instance or task role)" });
  }
  return problems;
}

function storageSettings(env: ParsedEnvironment, dataDir: string): StorageSettings {
  if (env.STORAGE === 'folder') return { kind: 'folder', dir: path.join(dataDir, 'storage') };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/** The display name of `Name <address>`, which mails also sign with; the address itself when there is none. */
function senderNameOf(from: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim();
  return name || from.trim();
}

export type Config = ReturnType<typeof loadConfig>;

/** The URL a shop listening on `host`:`port` prints (an address that listens everywhere prints as localhost). */
export function listenUrl(host: string, port: number) {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** An empty variable means "not set", as shells and .env files commonly write it. */
function stripEmpty(environment: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
}
