import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Advert } from '@/features/advertising/advertising.schema';
import { testPicture } from '../../../../tests/support/api';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';
import type { EditableAdvert } from './adverts.schema';

/* Editors keep the home banners and the other advert positions from the back office, audited. */

const shop = await aShop({ env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const editor = await anOperator(shop, 'editor');
const admin = await anOperator(shop, 'admin');
const asEditor = { headers: await editor.freshSession() };
const asAdmin = { headers: await admin.freshSession() };

type Board = { position: string; adverts: EditableAdvert[] }[];
type Issues = { issues: { path: string; message: string }[] };
type AuditRow = { action: string; actor: string; subject: string; before: unknown; after: unknown };

const text = (en: string) => ({ EN: en, ZH: `${en}（中文）`, MS: `${en} (BM)` });

async function upload(bytes: Buffer) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'banner.png', { type: 'image/png' }));
  const response = await shop.app.request('/api/v1/admin/adverts/picture', {
    method: 'POST',
    body: form,
    headers: { Origin: shop.config.publicOrigin, ...asEditor.headers },
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data: { reference: string; url: string } },
  };
}

const banner = (title: string, fields: Record<string, unknown> = {}) => ({
  position: 'home-banner',
  link: '/productsList?category=toys',
  active: true,
  title: text(title),
  body: text(`${title}, the text`),
  ...fields,
});
const create = async (title: string, fields: Record<string, unknown> = {}) => {
  const answer = await shop.post<EditableAdvert>('/admin/adverts/create', { advert: banner(title, fields) }, asEditor);
  expect(answer.body.code).toBe(1);
  return answer.body.data;
};
const board = async (position: string) =>
  (await shop.get<Board>(`/admin/adverts?position=${position}`, asEditor)).body.data[0]!.adverts;
/** What the storefront API answers for a position, in a language. */
const shown = async (position: string, language = 'EN') =>
  (await shop.get<Advert[]>(`/advertising/getAdvertisingList?position=${position}`, { language })).body.data.map(
    (advert) => advert.title,
  );
const audit = async (action: string) =>
  (await shop.get<AuditRow[]>(`/admin/audit?action=${action}`, asAdmin)).body.data;

describe('the back-office adverts', () => {
  it('creates banners with texts in three languages and a picture stored as WebP, listed by position in order', async () => {
    const wide = await sharp({ create: { width: 2400, height: 900, channels: 3, background: '#8a3b5c' } })
      .png()
      .toBuffer();
    const picture = await upload(wide);
    expect(picture.body.data.reference).toMatch(/^stored:adverts\/upload-[0-9a-f]{10}\.webp$/);
    const stored = await shop.storage.get(picture.body.data.reference.slice('stored:'.length));
    const meta = await sharp(stored!).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 1600,
      height: 600,
    });

    const first = await create('Night Silk', { picture: picture.body.data.reference });
    const second = await create('Quiet Toys');
    expect(first).toMatchObject({
      key: 'home-banner-night-silk',
      sort: 0,
      active: true,
      picture: picture.body.data.reference,
      pictureUrl: picture.body.data.url,
      missingLanguages: [],
    });
    expect(second).toMatchObject({ key: 'home-banner-quiet-toys', sort: 1, picture: null });
    expect((await create('Night Silk', { position: 'why-us' })).key).toBe('why-us-night-silk');

    const positions = (await shop.get<Board>('/admin/adverts', asEditor)).body.data;
    expect(positions.map((entry) => entry.position)).toEqual(['home-banner', 'go-to-buy', 'why-us', 'new-arrivals']);
    expect(positions[0]!.adverts.map((advert) => advert.title.EN)).toEqual(['Night Silk', 'Quiet Toys']);
    expect(await shown('home-banner', 'ZH')).toEqual(['Night Silk（中文）', 'Quiet Toys（中文）']);

    const [created] = await audit('adverts.create');
    expect(created).toMatchObject({
      actor: editor.email,
      before: null,
      after: { key: 'why-us-night-silk', position: 'why-us', title: text('Night Silk') },
    });
  });

  it('saves an edited banner and audits it before and after', async () => {
    const advert = await create('Spring Care');
    const edited = await shop.post<EditableAdvert>(
      '/admin/adverts/update',
      {
        advertisingId: advert.advertisingId,
        advert: {
          ...banner('Spring Care'),
          title: { ...text('Spring Care'), EN: 'Summer Care' },
          link: '/productsList/details?id=3',
        },
      },
      asEditor,
    );
    expect(edited.body.data).toMatchObject({
      advertisingId: advert.advertisingId,
      key: advert.key,
      sort: advert.sort,
      link: '/productsList/details?id=3',
      title: { EN: 'Summer Care' },
    });
    expect(await shown('home-banner')).toContain('Summer Care');
    expect(await shown('home-banner', 'MS')).toContain('Spring Care (BM)');

    const [entry] = await audit('adverts.update');
    expect(entry).toMatchObject({
      actor: editor.email,
      subject: advert.key,
      before: { title: { EN: 'Spring Care' }, link: '/productsList?category=toys' },
      after: { title: { EN: 'Summer Care' }, link: '/productsList/details?id=3' },
    });
  });

  it('refuses a link outside the shop and a missing translation, naming each field, and changes nothing', async () => {
    const advert = await create('Gift Ideas');
    const auditBefore = (await audit('adverts.update')).length;
    for (const link of [
      '//evil.example/offer',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
      'productsList',
    ]) {
      const refused = await shop.post<Issues>(
        '/admin/adverts/update',
        { advertisingId: advert.advertisingId, advert: banner('Gift Ideas', { link }) },
        asEditor,
      );
      expect({ link, status: refused.status, code: refused.body.code, message: refused.body.message }).toEqual({
        link,
        status: 400,
        code: -218,
        message: 'Invalid value for link',
      });
      expect(refused.body.data.issues).toEqual([
        { path: 'link', message: 'Give a link inside the shop, starting with /' },
      ]);
    }
    const untranslated = await shop.post<Issues>(
      '/admin/adverts/update',
      {
        advertisingId: advert.advertisingId,
        advert: banner('Gift Ideas', { title: { ...text('Gift Ideas'), ZH: ' ' }, link: 'https://evil.example/' }),
      },
      asEditor,
    );
    expect(untranslated.body.data.issues.map((issue) => issue.path).sort()).toEqual(['link', 'title.ZH']);
    const refusedCreate = await shop.post<Issues>(
      '/admin/adverts/create',
      { advert: banner('Elsewhere', { link: '//evil.example' }) },
      asEditor,
    );
    expect(refusedCreate.body.code).toBe(-218);

    expect((await board('home-banner')).find((entry) => entry.advertisingId === advert.advertisingId)).toEqual(advert);
    expect((await board('home-banner')).some((entry) => entry.title.EN === 'Elsewhere')).toBe(false);
    expect(await audit('adverts.update')).toHaveLength(auditBefore);
  });

  it('turns a banner off and on: off the storefront, still in the back office', async () => {
    const advert = await create('Late Offer');
    const off = await shop.post<EditableAdvert>(
      '/admin/adverts/setActive',
      { advertisingId: advert.advertisingId, active: false },
      asEditor,
    );
    expect(off.body.data.active).toBe(false);
    expect(await shown('home-banner')).not.toContain('Late Offer');
    expect((await board('home-banner')).find((entry) => entry.advertisingId === advert.advertisingId)?.active).toBe(
      false,
    );
    expect((await audit('adverts.switch-off'))[0]).toMatchObject({
      subject: advert.key,
      before: { active: true },
      after: { active: false },
    });

    await shop.post('/admin/adverts/setActive', { advertisingId: advert.advertisingId, active: true }, asEditor);
    expect(await shown('home-banner')).toContain('Late Offer');
  });

  it('reorders the banners of a position, refusing an order that leaves one out', async () => {
    const ids = (await board('home-banner')).map((advert) => advert.advertisingId);
    const reversed = [...ids].reverse();
    const titles = await shown('home-banner');

    const incomplete = await shop.post(
      '/admin/adverts/reorder',
      { position: 'home-banner', advertisingIds: reversed.slice(1) },
      asEditor,
    );
    expect({ code: incomplete.body.code, message: incomplete.body.message }).toEqual({
      code: -218,
      message: 'Invalid value for advertisingIds',
    });
    expect(await shown('home-banner')).toEqual(titles);

    const reordered = await shop.post<Board>(
      '/admin/adverts/reorder',
      { position: 'home-banner', advertisingIds: reversed },
      asEditor,
    );
    expect(reordered.body.data[0]!.adverts.map((advert) => advert.advertisingId)).toEqual(reversed);
    expect(await shown('home-banner')).toEqual([...titles].reverse());
    const [entry] = await audit('adverts.reorder');
    expect(entry).toMatchObject({ subject: 'home-banner' });
    expect(entry!.after).toEqual([...(entry!.before as string[])].reverse());
  });

  it('deletes a banner, audited with what it was', async () => {
    const advert = await create('Old News');
    const deleted = await shop.post('/admin/adverts/delete', { advertisingId: advert.advertisingId }, asEditor);
    expect(deleted.body.code).toBe(1);
    expect(await shown('home-banner')).not.toContain('Old News');
    expect((await board('home-banner')).some((entry) => entry.advertisingId === advert.advertisingId)).toBe(false);
    expect((await audit('adverts.delete'))[0]).toMatchObject({
      subject: advert.key,
      before: { title: text('Old News') },
      after: null,
    });

    const again = await shop.post('/admin/adverts/delete', { advertisingId: advert.advertisingId }, asEditor);
    expect({ status: again.status, code: again.body.code, message: again.body.message }).toEqual({
      status: 404,
      code: -218,
      message: 'Invalid value for advertisingId',
    });
  });

  it('refuses an upload that is not a picture, and a picture reference that was never uploaded', async () => {
    const refused = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: -218 });
    const productPicture = await upload(await testPicture());
    expect(productPicture.body.code).toBe(1);

    const unknown = await shop.post<Issues>(
      '/admin/adverts/create',
      { advert: banner('Ghost', { picture: 'stored:adverts/upload-0000000000.webp' }) },
      asEditor,
    );
    expect(unknown.body.data.issues.map((issue) => issue.path)).toEqual(['picture']);
    const file = await shop.post<Issues>(
      '/admin/adverts/create',
      { advert: banner('Ghost', { picture: 'pictures/banner.png' }) },
      asEditor,
    );
    expect(file.body.data.issues).toEqual([{ path: 'picture', message: 'Upload the picture first' }]);
  });
});
