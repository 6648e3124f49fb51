import { api, isSuccess } from '@/lib/api-client';
import { emptyAddress, valuesOfAddress, type AddressValues } from './address-form';
import type { Address, DeliveryCountryOption } from './delivery.schema';

/** What a form that ships somewhere starts with: the delivery areas and the customer's default address (or blanks). */
export async function loadDeliveryStart(): Promise<{ areas: DeliveryCountryOption[]; initial: AddressValues }> {
  const [areaResult, defaultResult] = await Promise.all([
    api.get<DeliveryCountryOption[]>('delivery/getDeliveryAreaOptionList'),
    api.get<Address | null>('delivery/getDefaultAddress', { quiet: true }),
  ]);
  return {
    areas: isSuccess(areaResult) ? areaResult.data : [],
    initial: isSuccess(defaultResult) && defaultResult.data ? valuesOfAddress(defaultResult.data) : emptyAddress(),
  };
}
