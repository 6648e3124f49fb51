import type { AgeCheckProvider } from './provider';
import { createStandInAgeProvider } from './stand-in';

/** The age-assurance providers a region may name; a real provider is one file beside the stand-in and one line here. */
export const ageCheckProviders = ['stand-in'] as const;
export type AgeCheckProviderName = (typeof ageCheckProviders)[number];

export function ageCheckProvider(name: AgeCheckProviderName, publicOrigin: string): AgeCheckProvider {
  switch (name) {
    case 'stand-in':
      return createStandInAgeProvider(publicOrigin);
  }
}
