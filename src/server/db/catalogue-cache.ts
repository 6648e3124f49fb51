import type { DatabaseHandle } from './client';

/**
 * Answers that depend only on the catalogue (the public reads, products as a cart shows them), kept
 * in this process until the catalogue changes. Triggers on the catalogue's tables notify every
 * process on commit (migration 0010), and each forgets everything it keeps; while a process cannot
 * hear them it keeps nothing. See docs/decisions/051-catalogue-cache.md.
 */
export type CatalogueCache = {
  /**
   * The kept answer for `key`, or `read()`'s, kept unless it is null or fails. Concurrent calls for a
   * key share one read.
   */
  remember<T>(key: string, read: () => Promise<T | null>): Promise<T | null>;
  /** Resolves once the changes committed before the call have been heard and forgotten. */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** Answers kept at most; past it the oldest go first (searches can ask for any number of keys). */
const MAX_ANSWERS = 10_000;

export async function watchCatalogue(
  database: Pick<DatabaseHandle, 'listen'>,
  maxAnswers = MAX_ANSWERS,
): Promise<CatalogueCache> {
  const answers = new Map<string, Promise<unknown>>();
  let hearing = false;
  const listening = await database.listen(CATALOGUE_CHANNEL, {
    notified: () => answers.clear(),
    hearing: (yes) => {
      hearing = yes;
      answers.clear();
    },
  });

  return {
    remember<T>(key: string, read: () => Promise<T | null>) {
      if (!hearing) return read();
      const kept = answers.get(key) as Promise<T | null> | undefined;
      if (kept) return kept;
      const reading = read();
      answers.set(key, reading);
      if (answers.size > maxAnswers) answers.delete(answers.keys().next().value!);
      const forgetUnlessKept = (value?: T | null) => {
        if ((value === null || value === undefined) && answers.get(key) === reading) answers.delete(key);
      };
      reading.then(forgetUnlessKept, () => forgetUnlessKept());
      return reading;
    },
    settled: () => listening.settled(),
    close: () => listening.stop(),
  };
}
