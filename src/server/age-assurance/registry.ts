import type { AgeCheckProvider, AgeCheckProviderName } from './provider';
import { createStandInAgeProvider } from './stand-in';

/** Makes the provider a region names; a real provider is one file beside the stand-in, its name in `ageCheckProviders` and a case here. */
export function ageCheckProvider(name: AgeCheckProviderName, publicOrigin: string): AgeCheckProvider {
  switch (name) {
    case 'stand-in':
      return createStandInAgeProvider(publicOrigin);
  }
}
