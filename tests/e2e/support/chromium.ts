import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Chromium flags for a machine with no network but loopback (see README). */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium or Chrome binary)';

/**
 * Playwright cannot download its own browsers here, so the tests drive the system's Chromium. As root
 * on Debian it installs it; otherwise it says exactly what to run.
 */
export async function findChromium(): Promise<string> {
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium for the end-to-end tests (apt-get install chromium)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(`The end-to-end tests need Chromium and none was found. Install it with:\n  ${INSTALL_HINT}`);
}
