import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import { adminCall } from '../admin-api';
import { ErrorText, LanguagePicker, useSectionLanguage, type SectionMessages } from '../ui';
import { emptyTexts, type Advert, type Board, type Draft } from './advert-draft';
import { AdvertEditor } from './AdvertEditor';
import { PositionList } from './PositionList';
import '../catalogue/catalogue.css';
import './adverts.css';

/*
 * The back office's adverts section: the home banners and the other positions, each a list in page
 * order to reorder, switch on and off, edit (texts in every language side by side, link, picture)
 * and delete. The server checks every advert with the catalogue import's rules and answers each
 * invalid field by its path. It speaks the operator's choice of the shop's languages.
 */
export default function BackOfficeAdverts({ messages }: { messages: SectionMessages }) {
  const { language, t, choose } = useSectionLanguage(messages);
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ advert: Advert | null; draft: Draft } | null>(null);

  const load = useCallback(async () => {
    try {
      setBoard(await adminCall<Board>('/adverts'));
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const positionName = (position: string) => {
    const key = `admin.adverts.position.${position}` as Parameters<Translate>[0];
    const name = t(key);
    return name === key ? position : name;
  };

  /** Runs a change, then shows the board as the server answers it and what was done. */
  const change = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await run();
      await load();
      setNotice(done);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const open = (advert: Advert | null, position = 'home-banner') => {
    setNotice(null);
    setEditing({
      advert,
      draft: advert
        ? {
            position: advert.position,
            link: advert.link,
            active: advert.active,
            picture: advert.picture,
            pictureUrl: advert.pictureUrl,
            title: { ...advert.title },
            body: { ...advert.body },
          }
        : {
            position,
            link: '/',
            active: true,
            picture: null,
            pictureUrl: null,
            title: emptyTexts(),
            body: emptyTexts(),
          },
    });
  };

  if (editing) {
    return (
      <div lang={language.toLowerCase()}>
        <AdvertEditor
          t={t}
          advert={editing.advert}
          initial={editing.draft}
          positions={board?.map((entry) => entry.position) ?? []}
          positionName={positionName}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              setNotice(t('admin.adverts.saved', { title: saved }));
              void load();
            }
          }}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="adverts-title" lang={language.toLowerCase()}>
      <div className="catalogue__head">
        <h1 id="adverts-title">{t('admin.adverts.title')}</h1>
        <LanguagePicker label={t('admin.adverts.language')} language={language} onChoose={choose} />
        <button type="button" className="button" onClick={() => open(null)}>
          {t('admin.adverts.new')}
        </button>
      </div>
      <p>{t('admin.adverts.intro')}</p>
      <p role="status">{notice}</p>
      <ErrorText error={error} />
      {!board && !error && <p>{t('admin.adverts.loading')}</p>}
      {board?.map((entry) => (
        <PositionList
          key={entry.position}
          t={t}
          name={positionName(entry.position)}
          entry={entry}
          onEdit={(advert) => open(advert)}
          onChange={change}
        />
      ))}
    </section>
  );
}
