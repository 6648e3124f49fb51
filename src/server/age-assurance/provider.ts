import type { Language } from '@/lib/locale';

/*
 * An age-assurance provider behind one small interface: the shop sends the customer to the provider's
 * page, and asks it afterwards whether the check passed. Only the outcome comes back and is stored;
 * the provider keeps any document it saw. Adding a provider is one new file implementing
 * `AgeCheckProvider`, plus its name in `registry.ts`. See docs/decisions/077-sales-rules.md.
 */

export type AgeCheckOutcome = 'pending' | 'passed' | 'failed';

export type AgeCheckProvider = {
  name: string;
  /** Starts a check; answers the provider's id for it and where the customer proves their age. */
  start(request: { returnUrl: string; language: Language }): Promise<{ checkId: string; url: string }>;
  /** Where the check stands now. */
  outcome(checkId: string): Promise<AgeCheckOutcome>;
};

/** The providers a region may name (`registry.ts` makes each); the back office lists them. */
export const ageCheckProviders = ['stand-in'] as const;
export type AgeCheckProviderName = (typeof ageCheckProviders)[number];
