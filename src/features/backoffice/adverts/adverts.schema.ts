import { z } from '@hono/zod-openapi';
import { advertImportSchema } from '@/features/catalogue/catalogue-import.schema';
import { languages } from '@/lib/locale';
import { recordIdSchema } from '@/lib/record-id';

/*
 * The contract of /api/v1/admin/adverts/*: adverts by position, their fields checked by the catalogue
 * import format's own rules (position, link inside the shop, a text in every language).
 */

const advertisingId = recordIdSchema;
const texts = z.object(
  Object.fromEntries(languages.map((language) => [language, z.string()])) as Record<
    (typeof languages)[number],
    z.ZodString
  >,
);

/** An advert as the editor shows it. */
export const editableAdvertSchema = z.object({
  advertisingId: z.number().int(),
  /** The import format's stable key; the shop makes it when the advert is created. */
  key: z.string(),
  position: z.string(),
  sort: z.number().int(),
  link: z.string(),
  active: z.boolean(),
  /** `stored:adverts/…webp` as the import format names a stored picture, and where it is served; null without one. */
  picture: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  title: texts,
  body: texts,
  /** Languages with an empty title or text. */
  missingLanguages: z.array(z.enum(languages)),
});
export type EditableAdvert = z.infer<typeof editableAdvertSchema>;

/** The positions the pages show, then any other that has adverts, each with its adverts in order. */
export const advertBoardSchema = z.array(z.object({ position: z.string(), adverts: z.array(editableAdvertSchema) }));
export const advertBoardQuerySchema = z.object({ position: advertImportSchema.shape.position.optional() });

/**
 * What the editor sends: the import format's fields without the key. Without `sort`, a new advert
 * goes last in its position and an edited one keeps its place (last, when it moves to another position).
 */
export const advertFieldsSchema = advertImportSchema
  .pick({ position: true, link: true, title: true, body: true })
  .extend({
    sort: advertImportSchema.shape.sort.unwrap().optional(),
    /** A `stored:` reference from the picture upload; null or left out: no picture. */
    picture: z.string().min(1).nullable().optional(),
    active: z.boolean(),
  });
export type AdvertFields = z.infer<typeof advertFieldsSchema>;

export const advertCreateBodySchema = z.object({ advert: advertFieldsSchema });
export const advertUpdateBodySchema = z.object({ advertisingId, advert: advertFieldsSchema });
export const advertActiveBodySchema = z.object({ advertisingId, active: z.boolean() });
export const advertIdBodySchema = z.object({ advertisingId });
export const advertReorderBodySchema = z.object({
  position: advertImportSchema.shape.position,
  /** Every advert of the position, in the new order. */
  advertisingIds: z.array(advertisingId).min(1).max(200),
});
