// Relative imports with their extensions: astro.config.mjs loads this module as it is.
import { DEFAULT_AGE_GATE_LEAVE_URL } from '../features/site/age-gate.ts';
import { checkoutSdkUrl, type HeaderPolicyInput } from '../lib/security-headers.ts';
import { netlifyRedirects } from './netlify-redirects.ts';

/*
 * The settings of a build of the pages, parsed once. A build on its own (`astro build` on a CDN)
 * reads them from its environment; the shop's publisher reads them at each publish, with the public
 * and API origins its configuration settled, and hands them whole to the renderer build it starts
 * (`astro build` in a child process: as JSON in SHOP_BUILD_SETTINGS). What the pages show besides the
 * catalogue (`pages`) travels inside the catalogue snapshot they read (page-snapshot.ts).
 */

/** A shop on the default HOST and PORT (src/server/config.ts `listenUrl`): where the pages link when PUBLIC_ORIGIN is not set. */
const DEFAULT_ORIGIN = 'http://127.0.0.1:4321';

/** What every page needs besides the catalogue; handed to the pages inside the snapshot. */
export type PageSettings = {
  /** The origin of canonical links, language alternates and the sitemap, without a trailing slash (PUBLIC_ORIGIN, docs/decisions/024). */
  publicOrigin: string;
  /** Where "I am under 18" on the age confirmation leads (AGE_GATE_LEAVE_URL, docs/decisions/030). */
  ageGateLeaveUrl: string;
};

export type BuildSettings = {
  pages: PageSettings;
  /** The shop's API (SHOP_API_ORIGIN): a build on its own reads the catalogue snapshot from it. */
  apiOrigin: string;
  /** The header policy's settings besides the pages' script hashes (PAYMENT_PROVIDER, PAYPAL_SDK_URL). */
  headers: Omit<HeaderPolicyInput, 'scriptHashes'>;
  /** The PUBLIC_ variables, which Vite hands the browser's scripts: a change of one is a change of the code (code-version.ts). */
  publicVariables: [string, string][];
  /** Set by the publisher for its renderer build: `astro build` keeps its bundle there and renders no page (renderer-bundle.ts). */
  rendererDir: string | null;
  /** Added to NODE_OPTIONS of the renderer build the publisher starts (SHOP_BUILD_NODE_OPTIONS). */
  rendererNodeOptions: string;
  /** Netlify's `_redirects` of a CDN build (SHOP_API_ORIGIN, SHOP_PAGES_ORIGIN, netlify-redirects.ts); null: none. */
  netlifyRedirects: string | null;
};

export const BUILD_SETTINGS_VARIABLE = 'SHOP_BUILD_SETTINGS';

const withoutSlash = (origin: string) => origin.replace(/\/$/, '');

/**
 * The build's settings from `env`: the ones the publisher handed over (SHOP_BUILD_SETTINGS) when it
 * started this build, else the variables themselves; `origins` (the publisher's) override both.
 */
export function readBuildSettings(
  env: Record<string, string | undefined>,
  origins: { publicOrigin?: string; apiOrigin?: string } = {},
): BuildSettings {
  const handed = env[BUILD_SETTINGS_VARIABLE];
  if (handed) return withOrigins(JSON.parse(handed) as BuildSettings, origins);
  const publicOrigin = withoutSlash(env.PUBLIC_ORIGIN ?? DEFAULT_ORIGIN);
  return withOrigins(
    {
      pages: { publicOrigin, ageGateLeaveUrl: env.AGE_GATE_LEAVE_URL || DEFAULT_AGE_GATE_LEAVE_URL },
      apiOrigin: withoutSlash(env.SHOP_API_ORIGIN ?? DEFAULT_ORIGIN),
      headers: { publicOrigin, paypalSdkUrl: checkoutSdkUrl(env.PAYMENT_PROVIDER, env.PAYPAL_SDK_URL) },
      publicVariables: Object.entries(env)
        .filter((entry): entry is [string, string] => entry[0].startsWith('PUBLIC_') && entry[1] !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)),
      rendererDir: null,
      rendererNodeOptions: env.SHOP_BUILD_NODE_OPTIONS ?? '',
      netlifyRedirects: netlifyRedirects(env),
    },
    origins,
  );
}

function withOrigins(
  settings: BuildSettings,
  { publicOrigin, apiOrigin }: { publicOrigin?: string; apiOrigin?: string },
): BuildSettings {
  const origin = publicOrigin === undefined ? settings.pages.publicOrigin : withoutSlash(publicOrigin);
  return {
    ...settings,
    pages: { ...settings.pages, publicOrigin: origin },
    headers: { ...settings.headers, publicOrigin: origin },
    apiOrigin: apiOrigin === undefined ? settings.apiOrigin : withoutSlash(apiOrigin),
  };
}
