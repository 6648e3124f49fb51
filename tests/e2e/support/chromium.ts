import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright';

/** Chromium flags for a machine with no network but loopback (see README). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium's address-bar popups, which it renders (two WebUI pages, one process) for every window it
 * opens, headless too: every browser profile a test opens paid about 1.6 s of processor time for them
 * (ten profiles: 21 s of Chromium's processor time with them, 5.3 s without; Chromium 156).
 */
const unusedFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The run's Chromium as a server for the test files to connect to, without the features no test uses.
 * Chromium takes the last `--disable-features` it is given and Playwright passes its own list (which
 * the tests rely on, e.g. no paint holding), so the list given here is Playwright's, read off a first
 * launch, with ours added.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const executablePath = await findChromium();
  const first = await chromium.launchServer({ executablePath, args: chromiumArgs });
  const playwrights = disabledFeaturesOf(first.process().pid);
  if (!playwrights) return first;
  await first.close();
  return chromium.launchServer({
    executablePath,
    args: [...chromiumArgs, `--disable-features=${[...playwrights, ...unusedFeatures].join(',')}`],
  });
}

/** The features a running Chromium was told to disable, from its command line; undefined where it cannot be read. */
function disabledFeaturesOf(pid: number | undefined): string[] | undefined {
  if (!pid) return undefined;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return (
      args
        .findLast((arg) => arg.startsWith('--disable-features='))
        ?.slice('--disable-features='.length)
        .split(',') ?? []
    );
  } catch {
    return undefined;
  }
}

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const INSTALL_HINT =
  'sudo apt-get update && sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium or Chrome binary)';

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
