import { DEFAULT_MAIL_FROM, type ParsedEnvironment } from './environment';

/* What loadConfig (config.ts) checks beyond each variable's own bounds: production's settings, and settings wrong only together. */

/** One check a production start makes: which variables, whether they pass, and what to set when they do not. */
export type ProductionCheck = { variables: string[]; passes: boolean; check: string; fix: string };

/**
 * Settings that are only safe on a laptop. A production shop (NODE_ENV=production or an https
 * PUBLIC_ORIGIN) refuses to start on any of them (docs/decisions/072); `npm run shop -- doctor` prints them all.
 * `raw` is the environment as given, for settings whose default is fine on a laptop but must be chosen in production.
 */
export function productionChecks(env: ParsedEnvironment, raw: Record<string, string | undefined>): ProductionCheck[] {
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1]?.toLowerCase() ?? '';
  const localDomain =
    mailDomain === '' ||
    !mailDomain.includes('.') ||
    /(^|\.)localhost$|\.(local|test|example|invalid)$|^\[?(127\.|::1)/.test(mailDomain);
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
      passes:
        raw.MAIL_FROM !== undefined && raw.MAIL_FROM !== '' && env.MAIL_FROM !== DEFAULT_MAIL_FROM && !localDomain,
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

/** Settings that are wrong only together with others. */
export function crossChecks(env: ParsedEnvironment): { fields: string[]; message: string }[] {
  const problems: { fields: string[]; message: string }[] = [];
  if (env.PAYMENT_PROVIDER === 'paypal' && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
    problems.push({
      fields: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      message: 'required when PAYMENT_PROVIDER=paypal',
    });
  }
  // A shop on https (or NODE_ENV=production) takes real orders: PayPal's sandbox would take no money, and
  // without the webhook id every PayPal webhook (refunds made at PayPal, chargebacks, held captures) would be refused.
  const live =
    env.PAYMENT_PROVIDER === 'paypal' && (env.NODE_ENV === 'production' || env.PUBLIC_ORIGIN?.startsWith('https:'));
  if (live && new URL(env.PAYPAL_API_BASE).hostname.includes('sandbox') && !env.PAYPAL_SANDBOX) {
    problems.push({
      fields: ['PAYPAL_API_BASE'],
      message:
        "is PayPal's sandbox, which takes no real money, on a shop served over https: set PAYPAL_API_BASE=https://api-m.paypal.com, or PAYPAL_SANDBOX=true if this shop is meant to use the sandbox",
    });
  }
  if (live && !env.PAYPAL_WEBHOOK_ID) {
    problems.push({
      fields: ['PAYPAL_WEBHOOK_ID'],
      message:
        'required for a shop on https: without it every PayPal webhook (refunds and chargebacks made at PayPal, captures it held) is refused',
    });
  }
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    problems.push({
      fields: ['WORKERS'],
      message:
        `${env.WORKERS} processes need PostgreSQL (DATABASE_URL): the embedded database (PGlite) serves one process at a time. ` +
        'Set DATABASE_URL, or leave WORKERS unset for one process.',
    });
  }
  if (env.STORAGE === 's3' && !env.S3_BUCKET)
    problems.push({ fields: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
  if (env.STORAGE === 'folder') {
    const unused = (['S3_ENDPOINT', 'S3_BUCKET'] as const).filter((name) => env[name] !== undefined);
    if (unused.length > 0)
      problems.push({
        fields: unused,
        message: 'set, but STORAGE is folder: set STORAGE=s3 to keep pictures in the bucket, or unset them',
      });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push({
      fields: ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      message: "set both, or neither to use the AWS SDK's standard credentials (an instance or task role)",
    });
  }
  return problems;
}
