import { z } from 'zod';
import { phoneSchema } from '@/features/account/account.schema';
import { personNameSchema } from '@/features/auth/auth.schema';
import { deliveryCountries, findCountry, findState } from './delivery-areas';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';

/* The delivery endpoints' contract, shared by the API (which validates with it) and the checkout form. */

const text = (max: number) => z.string().trim().min(1).max(max);

export const areaSchema = z.object({ code: z.string(), name: z.string() });
export const deliveryCountrySchema = areaSchema.extend({ states: z.array(areaSchema) });
export type DeliveryCountryOption = z.infer<typeof deliveryCountrySchema>;

const addressFields = {
  firstName: personNameSchema,
  lastName: personNameSchema,
  /** A delivery country's code (`US`), see getDeliveryAreaOptionList. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(2)
    .meta({ enum: deliveryCountries.map((country) => country.code) }),
  /** One of the country's state codes (`CA`). */
  state: z.string().trim().toUpperCase().min(1).max(3),
  city: text(100),
  address: text(200),
  address2: z.string().trim().max(200).default(''),
  zipCode: text(10),
  phone: phoneSchema.default(''),
  /** Make this the default address; the first address always is. */
  isDefault: z.boolean().optional(),
};

/** The country must be one the shop delivers to, the state one of its states, the ZIP code in its format. */
function checkArea(address: { country: string; state: string; zipCode: string }, context: z.RefinementCtx) {
  const country = findCountry(address.country);
  if (!country) {
    context.addIssue({ code: 'custom', path: ['country'], message: 'not a delivery country' });
    return;
  }
  if (!findState(country, address.state))
    context.addIssue({ code: 'custom', path: ['state'], message: 'not a state of the country' });
  if (!country.zipCode.test(address.zipCode))
    context.addIssue({ code: 'custom', path: ['zipCode'], message: 'not a ZIP code of the country' });
}

export const newAddressBodySchema = z.object(addressFields).superRefine(checkArea);
export type NewAddressBody = z.infer<typeof newAddressBodySchema>;

export const addressBodySchema = z.object({ addressId: recordIdSchema, ...addressFields }).superRefine(checkArea);
export type AddressBody = z.infer<typeof addressBodySchema>;

export const addressIdQuerySchema = z.object({ addressId: recordIdParamSchema });

export const addressSchema = z.object({
  addressId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  countryName: z.string(),
  state: z.string(),
  stateName: z.string(),
  city: z.string(),
  address: z.string(),
  address2: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
