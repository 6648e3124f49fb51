import { z } from '@hono/zod-openapi';
import { currencies, languages } from '@/lib/locale';
import { recordIdSchema } from '@/lib/record-id';

/*
 * The contract of shipping zones and tax rates: what the back office and the operator CLI send
 * (/api/v1/admin/shipping/*), and the shipping choices a checkout quote lists.
 */

const texts = z.object(
  Object.fromEntries(languages.map((language) => [language, z.string().trim().min(1).max(80)])) as Record<
    (typeof languages)[number],
    z.ZodString
  >,
);
const minorUnits = z.number().int().min(0).max(100_000_000);
const amounts = z
  .object(
    Object.fromEntries(currencies.map((currency) => [currency, minorUnits.optional()])) as Record<
      (typeof currencies)[number],
      z.ZodOptional<typeof minorUnits>
    >,
  )
  .strict();

/** `US`, `US-CA` (a state) or `*` (the rest of the world). */
export const regionSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:\*|[A-Z]{2}(?:-[A-Z0-9]{1,3})?)$/);
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
const state = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{0,3}$/);

export const shippingMethodInputSchema = z
  .object({
    /** The method being changed; a new one without. */
    shippingMethodId: recordIdSchema.optional(),
    name: texts,
    deliveryTime: texts,
    /** Minor units per currency; the method is not offered in a currency it has no price in. */
    prices: amounts,
    /** Orders whose goods less discount reach this (per currency) ship free with this method. */
    freeFrom: amounts.default({}),
    discreetPackaging: z.boolean().default(true),
  })
  .strict();

export const shippingZoneInputSchema = z
  .object({
    /** The zone being changed; a new one without. */
    shippingZoneId: recordIdSchema.optional(),
    name: z.string().trim().min(1).max(80),
    regions: z.array(regionSchema).min(1).max(300),
    /** In the order checkout lists them; the first is the one chosen unless the customer picks another. */
    methods: z.array(shippingMethodInputSchema).min(1).max(10),
  })
  .strict();
export type ShippingZoneInput = z.infer<typeof shippingZoneInputSchema>;

export const shippingZoneSchema = z.object({
  shippingZoneId: z.number().int(),
  name: z.string(),
  regions: z.array(z.string()),
  methods: z.array(
    z.object({
      shippingMethodId: z.number().int(),
      name: z.record(z.string(), z.string()),
      deliveryTime: z.record(z.string(), z.string()),
      prices: z.record(z.string(), z.number().int()),
      freeFrom: z.record(z.string(), z.number().int()),
      discreetPackaging: z.boolean(),
    }),
  ),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const taxRateInputSchema = z
  .object({
    country,
    /** Empty for the whole country; a state's rate wins over its country's. */
    state: state.default(''),
    /** Hundredths of a percent: 600 is 6%. */
    rateBasisPoints: z.number().int().min(0).max(10_000),
    /** Prices shown include the tax (CNY, MYR), or it is added at checkout (US sales tax). */
    included: z.boolean(),
    /** How the order names the tax: `SST`, `VAT`, `Sales tax`. */
    label: z.string().trim().min(1).max(20),
  })
  .strict();
export type TaxRateInput = z.infer<typeof taxRateInputSchema>;
export const taxRateSchema = z.object({
  country: z.string(),
  state: z.string(),
  rateBasisPoints: z.number().int(),
  included: z.boolean(),
  label: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const shippingSetupSchema = z.object({ zones: z.array(shippingZoneSchema), taxRates: z.array(taxRateSchema) });
export type ShippingSetup = z.infer<typeof shippingSetupSchema>;

export const shippingZoneBodySchema = z.object({ zone: shippingZoneInputSchema }).strict();
export const shippingZoneIdBodySchema = z.object({ shippingZoneId: recordIdSchema }).strict();
export const taxRateBodySchema = z.object({ taxRate: taxRateInputSchema }).strict();
export const taxDestinationBodySchema = z.object({ country, state: state.default('') }).strict();

/** A shipping method a checkout can choose, named in the request's language, priced in its currency. */
export const shippingChoiceSchema = z.object({
  shippingMethodId: z.number().int(),
  name: z.string(),
  deliveryTime: z.string(),
  /** What it costs this order (0 once the order reaches `freeFrom`). */
  fee: z.number().int(),
  /** The price without the threshold. */
  price: z.number().int(),
  /** Goods less discount from which it ships free; null without a threshold. */
  freeFrom: z.number().int().nullable(),
  discreetPackaging: z.boolean(),
});
export type ShippingChoice = z.infer<typeof shippingChoiceSchema>;
