import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
// Relative, with its extension: the render worker loads this module on Node's own type stripping.
import { allVariants, pageFileOf, variantSlug } from '../edge/rewrite.ts';

/*
 * Which pages a publish renders (docs/decisions/050, 065, 071). Every keyed route's `getStaticPaths` passes its
 * entries through `pagesToRender`: each entry's key (a hash of what the page shows) is recorded
 * against the file the page is written to, and when the publisher asks for the changed pages only
 * (its `PageRun` names the last release's record), the entries whose key is unchanged are left out:
 * the render workers never render them, and the publisher hard-links their files from the last
 * release. Without a run (`astro build` on a CDN) every page renders.
 */

/**
 * What a render worker tells the pages it renders for one publish, besides the settings inside the
 * snapshot: set by the worker (render-worker.ts) before it lists the pages, read by the pages of the
 * bundle, which hold their own copy of this module, so it is kept on `globalThis`.
 */
export type PageRun = {
  /** The catalogue snapshot the publisher wrote (page-snapshot.ts). */
  snapshotFile: string;
  /** The key of the frame every page has (`shellData`), part of every page's key. */
  shellKey: string;
  /** This worker keys the entries whose position modulo `of` is `index`. */
  share: { index: number; of: number };
  /** The served release's record, whose keys a publish of the changed pages compares with; null: every page renders. */
  previousPages: string | null;
};

/** The file a page of `route` is written to (`pageFileOf`), e.g. `en-usd/productsList/details/12.html`. */
export const pageFile = (route: string, params: Record<string, string | number | undefined>): string =>
  pageFileOf(
    route.replace(/\[(\w+)\]/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name]))),
  );

/** The files a release counts as its pages (the web manifests, scripts and pictures are not). */
export const isPageFile = (file: string) => file.endsWith('.html') || file === 'sitemap.xml';

type Recorded = Map<string, string>;
const store = globalThis as {
  shopPageRun?: PageRun;
  shopRunSnapshot?: unknown;
  shopPageKeys?: Recorded;
  shopRenderedPages?: Set<string>;
  shopPreviousPages?: Record<string, string>;
};

/** The publish this thread renders the pages of; undefined in a build on its own. */
export const pageRun = (): PageRun | undefined => store.shopPageRun;

/** Every keyed page of this build: its file → its key (read by the render workers, render-worker.ts). */
export const recordedPageKeys = (): Recorded => (store.shopPageKeys ??= new Map());
/** The keyed pages this build hands Astro to render, by file. */
export const renderedPages = (): Set<string> => (store.shopRenderedPages ??= new Set());

/** Starts `run` in this thread, forgetting what an earlier one recorded and read (a render worker kept between publishes). */
export function startPageRun(run: PageRun) {
  endPageRun();
  store.shopPageRun = run;
}

/** Forgets the run and what it recorded and read: a render worker kept between publishes holds none of it while it waits. */
export function endPageRun() {
  delete store.shopPageRun;
  delete store.shopPageKeys;
  delete store.shopRenderedPages;
  delete store.shopPreviousPages;
  delete store.shopRunSnapshot;
}

/** The catalogue snapshot this run's pages read (page-snapshot.ts): loaded once for all of them, forgotten with the run. */
export const runSnapshot = <Snapshot>(load: () => Snapshot): Snapshot => (store.shopRunSnapshot ??= load()) as Snapshot;

function previousPages(): Record<string, string> {
  if (!store.shopPreviousPages) {
    const file = pageRun()?.previousPages;
    store.shopPreviousPages = file
      ? ((JSON.parse(readFileSync(file, 'utf8')) as { pages?: Record<string, string> }).pages ?? {})
      : {};
  }
  return store.shopPreviousPages;
}

/** True when this build renders only the pages whose key changed since the last release. */
export const rendersChangedOnly = () => Boolean(pageRun()?.previousPages);

/**
 * Whether this thread keys and renders the entries of `group` (or of an entry without one, its
 * position): `pagesToRender` leaves out the others, and a route with many entries per group asks
 * first and makes only its own.
 */
export function ownsGroup(group: number) {
  const { index, of } = pageRun()?.share ?? { index: 0, of: 1 };
  return group % of === index;
}

/**
 * A keyed route's entry: `content()` is everything the page shows besides the frame every page has.
 * Entries of one `group` (a product's pages in every language and currency) go to the same render
 * worker, which then works out what they share once.
 */
type KeyedEntry = { params: Record<string, string | number | undefined>; content: () => unknown; group?: number };

/**
 * The entries this build renders, each with its key (`cacheKey`): a hash of the frame every page has
 * (the run's `shellKey`, from the publisher) and of `content()`. A render worker keys only its share
 * of a route's entries (the run's `share`, by position or by group, render-worker.ts), so the workers of a
 * publish key and render side by side (docs/decisions/071). Each key is recorded against the file the
 * page is written to; when the publisher asks for the changed pages only, the entries whose key is
 * the last release's are left out.
 */
export function pagesToRender<Entry extends KeyedEntry>(
  routePattern: string,
  entries: Entry[],
): (Omit<Entry, 'content' | 'group'> & { cacheKey: string })[] {
  const shell = pageRun()?.shellKey ?? '';
  const recorded = recordedPageKeys();
  const rendered = renderedPages();
  const changedOnly = rendersChangedOnly();
  const previous = changedOnly ? previousPages() : {};
  const mine: (Omit<Entry, 'content' | 'group'> & { cacheKey: string })[] = [];
  entries.forEach((whole, position) => {
    if (!ownsGroup(whole.group ?? position)) return;
    const { content, group: _group, ...entry } = whole;
    const file = pageFile(routePattern, entry.params);
    const cacheKey = hash('sha256', shell + JSON.stringify(content()), 'base64url').slice(0, 24);
    recorded.set(file, cacheKey);
    if (changedOnly && previous[file] === cacheKey) return;
    rendered.add(file);
    mine.push({ ...entry, cacheKey });
  });
  return mine;
}

/**
 * `getStaticPaths` for a page built once per language × currency. Such a page shows no catalogue
 * data, only the frame every page has; the publisher hashes that frame into the shell key, so a
 * publish keeps these pages until it (or the code) changes.
 */
export const variantPaths = ({ routePattern }: { routePattern: string }) =>
  pagesToRender(
    routePattern,
    allVariants.map((variant) => ({
      params: { variant: variantSlug(variant) },
      props: { variant },
      content: () => variantSlug(variant),
    })),
  );
