import path from 'node:path';
import { crossChecks, productionChecks } from './config-checks';
import { environmentSchema, type ParsedEnvironment } from './environment';
import type { StorageSettings } from './storage/storage';

/*
 * The shop's settings: its environment parsed once at start (environment.ts), checked (config-checks.ts)
 * and shaped into the `Config` passed down from there.
 */

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
    mail: {
      from: env.MAIL_FROM,
      senderName: senderNameOf(env.MAIL_FROM),
      smtpUrl: env.SMTP_URL,
      outboxDir: path.join(dataDir, 'mail'),
    },
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
    cdn:
      env.NETLIFY_SITE_ID && env.NETLIFY_PURGE_TOKEN
        ? { siteId: env.NETLIFY_SITE_ID, token: env.NETLIFY_PURGE_TOKEN, apiUrl: env.NETLIFY_API_URL }
        : null,
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

/** The refusal of a production shop's start, naming each failing variable and what to set; null when every check passes. */
export function productionRefusal(config: Pick<Config, 'production' | 'productionChecks'>): ConfigError | null {
  const failing = config.productionChecks.filter((check) => !check.passes);
  if (!config.production || failing.length === 0) return null;
  return new ConfigError(
    failing.flatMap((check) => check.variables),
    `This shop runs in production (NODE_ENV=production or an https PUBLIC_ORIGIN) and refuses to start on settings only safe on a laptop:\n  ${failing.map((check) => `${check.variables[0]}: ${check.fix}`).join('\n  ')}\n\n\`npm run shop -- doctor\` lists every check.`,
  );
}

function storageSettings(env: ParsedEnvironment, dataDir: string): StorageSettings {
  if (env.STORAGE === 'folder') return { kind: 'folder', dir: path.join(dataDir, 'storage') };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
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
