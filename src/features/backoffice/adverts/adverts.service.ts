import { and, asc, eq, inArray, like, max } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { pagePositions } from '@/features/advertising/advertising.schema';
import type { AdvertImport } from '@/features/catalogue/catalogue-import.schema';
import {
  ADVERT_PICTURE_MAX_PX,
  importCatalogue,
  isStoredPicture,
  STORED_PICTURE,
} from '@/features/catalogue/catalogue-import.service';
import * as ErrorCode from '@/lib/error-codes';
import { languages } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { advertTexts, adverts } from '@/server/db/schema';
import type { ShopDeps } from '@/server/deps';
import { ShopError } from '@/server/http/errors';
import type { AdvertFields, EditableAdvert } from './adverts.schema';
import { pictureUrl, uploadPicture } from '../catalogue/catalogue-pictures.service';
import { invalidFields } from '../catalogue/invalid-fields';
import { localized } from '../catalogue/product-export.service';

/*
 * The back office's adverts: read out in the catalogue import format and saved back through the
 * import, as products are (docs/decisions/045-back-office-adverts.md), so one set of rules decides
 * what a valid advert is. Every change is audited with the advert before and after.
 */

type Deps = Pick<ShopDeps, 'db' | 'storage'>;
/** An advert in the import format (pictures as `stored:` references), with its id. */
type StoredAdvert = { advertisingId: number; advert: Required<Omit<AdvertImport, 'picture'>> & { picture?: string } };

const notFound = () => new ShopError(ErrorCode.IllegalRequest, { field: 'advertisingId', status: 404 });

/** Adverts in the import format, in page order: all, those of one position, or the one with an id or key. */
async function exportAdverts(
  db: Executor,
  filter: { position?: string | undefined; id?: number; key?: string } = {},
): Promise<StoredAdvert[]> {
  const rows = await db
    .select()
    .from(adverts)
    .where(
      and(
        filter.position === undefined ? undefined : eq(adverts.position, filter.position),
        filter.id === undefined ? undefined : eq(adverts.id, filter.id),
        filter.key === undefined ? undefined : eq(adverts.key, filter.key),
      ),
    )
    .orderBy(asc(adverts.position), asc(adverts.sort), asc(adverts.id));
  const ids = rows.map((row) => row.id);
  const texts = ids.length ? await db.select().from(advertTexts).where(inArray(advertTexts.advertId, ids)) : [];
  return rows.map((row) => {
    const own = texts.filter((text) => text.advertId === row.id);
    return {
      advertisingId: row.id,
      advert: {
        key: row.key,
        position: row.position,
        sort: row.sort,
        link: row.link,
        active: row.active,
        ...(row.pictureKey ? { picture: `${STORED_PICTURE}${row.pictureKey}` } : {}),
        title: localized(own, (text) => text.title),
        body: localized(own, (text) => text.body),
      },
    };
  });
}

const editable = (deps: Pick<ShopDeps, 'storage'>, { advertisingId, advert }: StoredAdvert): EditableAdvert => ({
  advertisingId,
  ...advert,
  picture: advert.picture ?? null,
  pictureUrl: advert.picture ? pictureUrl(deps, advert.picture) : null,
  missingLanguages: languages.filter((language) => !advert.title[language].trim() || !advert.body[language].trim()),
});

async function findAdvert(db: Executor, advertisingId: number) {
  const [found] = await exportAdverts(db, { id: advertisingId });
  if (!found) throw notFound();
  return found;
}

/** The positions the pages show (empty ones too, to add to), then any other that has adverts; one position when asked. */
export async function advertBoard(deps: Deps, position?: string) {
  const all = (await exportAdverts(deps.db, { position })).map((stored) => editable(deps, stored));
  const positions = position ? [position] : [...new Set([...pagePositions, ...all.map((advert) => advert.position)])];
  return positions.map((name) => ({ position: name, adverts: all.filter((advert) => advert.position === name) }));
}

/**
 * Writes one advert through the catalogue import and audits it before and after. Its picture must
 * already be stored (uploaded through the back office, or kept from the advert).
 */
async function saveAdvert(
  deps: Deps,
  actor: Actor,
  advert: StoredAdvert['advert'],
  before: StoredAdvert | null,
  action: string,
) {
  if (advert.picture && !isStoredPicture(advert.picture))
    throw invalidFields([{ path: ['picture'], message: 'Upload the picture first' }], 'advert');
  try {
    await importCatalogue(deps.db, deps.storage, { adverts: [advert] }, () =>
      Promise.reject(new Error('only stored pictures')),
    );
  } catch (error) {
    if (error instanceof z.ZodError)
      throw invalidFields(
        error.issues.map((issue) => ({ ...issue, path: issue.path.slice(2) })),
        'advert',
      );
    if (error instanceof Error && error.message.startsWith('No stored picture'))
      throw invalidFields([{ path: ['picture'], message: error.message }], 'advert');
    throw error;
  }
  const [after] = await exportAdverts(deps.db, { key: advert.key });
  await recordAudit(deps.db, actor, {
    action,
    subject: advert.key,
    before: before?.advert ?? null,
    after: after!.advert,
  });
  return editable(deps, after!);
}

/** The sort number after the last advert of a position. */
async function endOf(db: Executor, position: string) {
  const [last] = await db
    .select({ sort: max(adverts.sort) })
    .from(adverts)
    .where(eq(adverts.position, position));
  return last?.sort === null || last?.sort === undefined ? 0 : last.sort + 1;
}

/** A readable key for a new advert: its position and English title, numbered when taken. */
async function newKey(db: Executor, position: string, title: string) {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const base = words ? `${position}-${words}` : position;
  const taken = new Set(
    (
      await db
        .select({ key: adverts.key })
        .from(adverts)
        .where(like(adverts.key, `${base}%`))
    ).map((row) => row.key),
  );
  for (let number = 1; ; number += 1) {
    const key = number === 1 ? base : `${base}-${number}`;
    if (!taken.has(key)) return key;
  }
}

const withoutPicture = ({ picture, ...fields }: AdvertFields) => ({ fields, picture: picture ?? undefined });

export async function createAdvert(deps: Deps, actor: Actor, input: AdvertFields) {
  const { fields, picture } = withoutPicture(input);
  const key = await newKey(deps.db, fields.position, fields.title.EN);
  const sort = fields.sort ?? (await endOf(deps.db, fields.position));
  return saveAdvert(deps, actor, { ...fields, key, sort, ...(picture ? { picture } : {}) }, null, 'adverts.create');
}

export async function updateAdvert(deps: Deps, actor: Actor, advertisingId: number, input: AdvertFields) {
  const before = await findAdvert(deps.db, advertisingId);
  const { fields, picture } = withoutPicture(input);
  const moved = fields.position !== before.advert.position;
  const sort = fields.sort ?? (moved ? await endOf(deps.db, fields.position) : before.advert.sort);
  return saveAdvert(
    deps,
    actor,
    { ...fields, key: before.advert.key, sort, ...(picture ? { picture } : {}) },
    before,
    'adverts.update',
  );
}

/** Shows an advert on the pages (after the next publish) or takes it off them. */
export async function setAdvertActive(deps: Deps, actor: Actor, advertisingId: number, active: boolean) {
  const before = await findAdvert(deps.db, advertisingId);
  return saveAdvert(
    deps,
    actor,
    { ...before.advert, active },
    before,
    active ? 'adverts.switch-on' : 'adverts.switch-off',
  );
}

/** Puts the adverts of a position in the order given, which must name each of them once. */
export async function reorderAdverts(deps: Deps, actor: Actor, position: string, advertisingIds: number[]) {
  const before = await exportAdverts(deps.db, { position });
  const current = before.map((stored) => stored.advertisingId);
  const complete =
    advertisingIds.length === current.length &&
    new Set(advertisingIds).size === current.length &&
    advertisingIds.every((id) => current.includes(id));
  if (!complete) throw new ShopError(ErrorCode.IllegalRequest, { field: 'advertisingIds' });
  await deps.db.transaction(async (tx) => {
    for (const [sort, id] of advertisingIds.entries()) await tx.update(adverts).set({ sort }).where(eq(adverts.id, id));
  });
  const after = await advertBoard(deps, position);
  await recordAudit(deps.db, actor, {
    action: 'adverts.reorder',
    subject: position,
    before: before.map((stored) => stored.advert.key),
    after: after[0]!.adverts.map((advert) => advert.key),
  });
  return after;
}

export async function deleteAdvert(deps: Deps, actor: Actor, advertisingId: number) {
  const before = await findAdvert(deps.db, advertisingId);
  await deps.db.delete(adverts).where(eq(adverts.id, advertisingId));
  await recordAudit(deps.db, actor, {
    action: 'adverts.delete',
    subject: before.advert.key,
    before: before.advert,
    after: null,
  });
}

/** An advert picture: WebP, at most as wide as the banners are shown. */
export const uploadAdvertPicture = (deps: Pick<ShopDeps, 'storage'>, bytes: Buffer) =>
  uploadPicture(deps, bytes, { keyPrefix: 'adverts/upload', maxPx: ADVERT_PICTURE_MAX_PX });
