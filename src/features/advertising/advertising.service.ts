import { and, asc, eq, inArray } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { advertTexts, adverts } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { Advert, AdvertsByPosition } from './advertising.schema';

type AdvertReader = { db: Executor; language: Language; pictureUrl: (key: string) => string };

async function findAdverts(
  { db, language, pictureUrl }: AdvertReader,
  where: ReturnType<typeof and>,
): Promise<Advert[]> {
  const rows = await db
    .select({ advert: adverts, text: advertTexts })
    .from(adverts)
    .innerJoin(advertTexts, and(eq(advertTexts.advertId, adverts.id), eq(advertTexts.language, language)))
    .where(and(eq(adverts.active, true), where))
    .orderBy(asc(adverts.position), asc(adverts.sort), asc(adverts.id));
  return rows.map(({ advert, text }) => ({
    advertisingId: advert.id,
    position: advert.position,
    title: text.title,
    body: text.body,
    link: advert.link,
    picture:
      advert.pictureKey && advert.pictureWidth && advert.pictureHeight
        ? { url: pictureUrl(advert.pictureKey), width: advert.pictureWidth, height: advert.pictureHeight }
        : null,
  }));
}

export const getAdvertisingList = (reader: AdvertReader, position: string) =>
  findAdverts(reader, eq(adverts.position, position));

export async function getAdvertising(reader: AdvertReader, advertisingId: number): Promise<Advert> {
  const [advert] = await findAdverts(reader, eq(adverts.id, advertisingId));
  if (!advert) throw new ShopError(ErrorCode.IllegalRequest, { field: 'advertisingId', status: 404 });
  return advert;
}

/** Several positions in one call; a position with no adverts answers an empty list. */
export async function batchGetAdvertisingPosition(
  reader: AdvertReader,
  positions: string[],
): Promise<AdvertsByPosition> {
  const found = await findAdverts(reader, inArray(adverts.position, positions));
  return Object.fromEntries(
    positions.map((position) => [position, found.filter((advert) => advert.position === position)]),
  );
}
