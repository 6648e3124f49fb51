import { useEffect } from 'react';
import { takeEarly } from '@/lib/early-taps';
import type { Language } from '@/lib/locale';
import type { Translate } from '@/lib/i18n/ui';
import { deliveryCountryNames, nameIn } from './delivery-countries';
import { setDestination, type Destination } from './destination.store';

type Props = { destination: Destination | null; language: Language; t: Translate };

const countryCodes = deliveryCountryNames.map((country) => country.code);

/**
 * "Deliver to": the country the shopper ships to, so the page can say what cannot be sent there. A
 * country chosen before the island woke (EarlyTaps.astro) is taken as it wakes.
 */
export function DeliverTo({ destination, language, t }: Props) {
  useEffect(() => {
    const country = takeEarly('destination', countryCodes);
    if (country) setDestination({ country, state: '' });
  }, []);
  return (
    <span className="deliver-to">
      <label htmlFor="deliver-to">{t('product.deliverTo')}</label>
      <select
        id="deliver-to"
        data-early="destination"
        value={destination?.country ?? ''}
        onChange={(event) => {
          if (event.target.value) setDestination({ country: event.target.value, state: '' });
        }}
      >
        {!destination && <option value="">{t('product.chooseCountry')}</option>}
        {deliveryCountryNames.map((country) => (
          <option key={country.code} value={country.code}>
            {nameIn(country.name, language)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The country's name in `language`, for "Not available for delivery to …". */
export const countryName = (code: string, language: Language) => {
  const country = deliveryCountryNames.find((candidate) => candidate.code === code);
  return country ? nameIn(country.name, language) : code;
};
