import { z } from 'zod';
import { pictureSchema } from '@/features/catalogue/catalogue.schema';
import { recordIdParamSchema } from '@/lib/record-id';

const position = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

/** The positions the pages show adverts in (the home page reads them all). */
export const pagePositions = ['home-banner', 'go-to-buy', 'why-us', 'new-arrivals'] as const;

export const advertSchema = z.object({
  advertisingId: z.number().int(),
  position: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  picture: pictureSchema.nullable(),
});
export type Advert = z.infer<typeof advertSchema>;

export const advertListQuerySchema = z.object({ position });
export const advertQuerySchema = z.object({ advertisingId: recordIdParamSchema });
export const advertPositionsBodySchema = z.object({ positions: z.array(position).min(1).max(20) });
export const advertsByPositionSchema = z.record(z.string(), z.array(advertSchema));
export type AdvertsByPosition = z.infer<typeof advertsByPositionSchema>;
