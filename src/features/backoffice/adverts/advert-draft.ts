import type { Translate } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';

/* An advert as the back office reads it, the board of positions, and the editor's draft of one. */

export type Texts = Record<Language, string>;
export type Advert = {
  advertisingId: number;
  key: string;
  position: string;
  sort: number;
  link: string;
  active: boolean;
  picture: string | null;
  pictureUrl: string | null;
  title: Texts;
  body: Texts;
  missingLanguages: Language[];
};
export type Board = { position: string; adverts: Advert[] }[];
export type Draft = Pick<Advert, 'position' | 'link' | 'active' | 'picture' | 'pictureUrl' | 'title' | 'body'>;
/** Field path as the server names it (`link`, `title.ZH`) → message. */
export type Errors = Record<string, string>;

export const emptyTexts = (): Texts => ({ EN: '', ZH: '', MS: '' });
export const nameOf = (advert: Pick<Advert, 'title' | 'key'>) => advert.title.EN.trim() || advert.key;

/** The server's complaint about a field, in the operator's language where the section knows the field. */
export function fieldMessage(t: Translate, path: string, message: string) {
  if (path === 'link') return t('admin.adverts.linkError');
  if (path.startsWith('title.') || path.startsWith('body.')) return t('admin.adverts.textError');
  if (path === 'picture') return t('admin.adverts.pictureMissing');
  return message;
}
