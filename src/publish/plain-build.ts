import { fileURLToPath } from 'node:url';
import type { HeaderPolicyInput } from '../lib/security-headers.ts';
import { writeHeaderPolicy } from './header-policy.ts';

/*
 * The last step of a plain `astro build` (a CDN's build, `astro:build:done`): every page was rendered,
 * so the inline scripts' hashes are read from them and the header policy is written. The shop's own
 * publishes complete their releases themselves (src/publish/publish.ts, docs/decisions/065).
 */
export function completeRelease(dir: URL | string, settings: Omit<HeaderPolicyInput, 'scriptHashes'>) {
  writeHeaderPolicy(typeof dir === 'string' ? dir : fileURLToPath(dir), settings);
}
