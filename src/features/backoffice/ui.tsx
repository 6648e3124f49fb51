import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createTranslator, type Messages, type Translate } from '@/lib/i18n/ui';
import { languageNames, languages, parseLanguage, type Language } from '@/lib/locale';
import { adminCall, speakToApiIn } from './admin-api';

/* The pieces every back-office section is made of: errors, paged tables, confirm steps, times, languages. */

export type AdminPage<Row> = { list: Row[]; total: number; pageNum: number; pageSize: number };

const PAGE_SIZE = 25;

/** A table paged on the server: `path` answers an {@link AdminPage} for the filters (empty ones are left out). */
export function useAdminPage<Row>(path: string, filters: Record<string, string>, reload = 0) {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<AdminPage<Row> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = new URLSearchParams({ pageNum: String(pageNum), pageSize: String(PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const url = `${path}?${query}`;

  const load = useCallback(async () => {
    try {
      setPage(await adminCall<AdminPage<Row>>(url));
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, [url]);

  useEffect(() => {
    void load();
  }, [load, reload]);

  return { page, pageNum, setPageNum, error, load };
}

/**
 * What a section reads from the back office's API, read again after each change it makes: `act` runs a
 * change, reloads, and answers whether it succeeded; either's error is shown by the section.
 */
export function useAdminData<Data>(read: () => Promise<Data>) {
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await read());
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
    // `read` names fixed paths: the first one given serves for good.
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await load();
      return true;
    } catch (caught) {
      setError((caught as Error).message);
      return false;
    }
  };
  return { data, error, act };
}

export function ErrorText({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Previous / next under a server-paged table. */
export function Pager({
  page,
  onPage,
  label,
}: {
  page: AdminPage<unknown>;
  onPage: (pageNum: number) => void;
  label?: string;
}) {
  const { t } = useBackOfficeLanguage();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <nav className="pager" aria-label={label ?? t('admin.pager.pages')}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={page.pageNum <= 1}
        onClick={() => onPage(page.pageNum - 1)}
      >
        {t('admin.pager.previous')}
      </button>
      <span>{t('admin.pager.page', { page: page.pageNum, pages })}</span>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={page.pageNum >= pages}
        onClick={() => onPage(page.pageNum + 1)}
      >
        {t('admin.pager.next')}
      </button>
    </nav>
  );
}

type ConfirmProps = {
  id: string;
  question: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The question before an action that cannot be taken back, with its two answers. */
export function ConfirmStep({ id, question, confirm, cancel, onConfirm, onCancel }: ConfirmProps) {
  return (
    <div className="notice" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className="form-actions">
        <button className="button" type="button" onClick={onConfirm}>
          {confirm}
        </button>
        <button className="button button--ghost" type="button" onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </div>
  );
}

/** A time as operators read it in the back office, in the language they picked (`t.languageTag`; `—` for none). */
export const dateTime = (
  iso: string | null | undefined,
  languageTag: string,
  timeStyle: 'short' | 'medium' = 'short',
) => (iso ? new Date(iso).toLocaleString(languageTag, { dateStyle: 'medium', timeStyle }) : '—');

/** The strings of the sections in the shop's languages, every language's, so the operator can pick one. */
export type SectionMessages = Record<Language, Messages>;

const LANGUAGE_KEY = 'backoffice.language';

/** The language the operator last picked in this browser, else the storefront's they last chose (the `site` cookie). */
function initialLanguage(): Language {
  const stored = window.localStorage.getItem(LANGUAGE_KEY);
  if (stored) return parseLanguage(stored);
  return parseLanguage(/(?:^|;\s*)site=([A-Za-z]{2})-/.exec(document.cookie)?.[1]);
}

type BackOfficeLanguage = { language: Language; t: Translate; choose: (language: Language) => void };
const LanguageContext = createContext<BackOfficeLanguage | null>(null);

/**
 * The one language of the whole back office (decision 083): the operator's choice, kept on their
 * account once signed in (`saved`) and in this browser for the sign-in page; the API answers in it.
 */
export function BackOfficeLanguageProvider({
  messages,
  initial,
  onChosen,
  children,
}: {
  messages: SectionMessages;
  initial?: Language | undefined;
  onChosen?: (language: Language) => void;
  children: ReactNode;
}) {
  const [language, setLanguage] = useState<Language>(() => initial ?? initialLanguage());
  speakToApiIn(language);
  useEffect(() => {
    if (initial) setLanguage(initial);
  }, [initial]);
  useEffect(() => {
    document.documentElement.lang = language.toLowerCase();
  }, [language]);
  const value = useMemo(
    () => ({
      language,
      t: createTranslator(messages[language]),
      choose: (next: Language) => {
        window.localStorage.setItem(LANGUAGE_KEY, next);
        speakToApiIn(next);
        setLanguage(next);
        onChosen?.(next);
      },
    }),
    [messages, language, onChosen],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The back office's language, its strings in it, and the operator's choice of it. */
export function useBackOfficeLanguage(): BackOfficeLanguage {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useBackOfficeLanguage outside BackOfficeLanguageProvider');
  return value;
}

/** A section's language: the back office's (the sections given every language's strings read them from the choice). */
export function useSectionLanguage(messages: SectionMessages) {
  const { language, choose } = useBackOfficeLanguage();
  const t = useMemo(() => createTranslator(messages[language]), [messages, language]);
  return { language, t, choose };
}

/** The operator's choice of a section's language, each named in itself. */
export function LanguagePicker({
  label,
  language,
  onChoose,
  className,
}: {
  label: string;
  language: Language;
  onChoose: (language: Language) => void;
  className?: string;
}) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span>{label}</span>
      <select value={language} onChange={(event) => onChoose(event.currentTarget.value as Language)}>
        {languages.map((entry) => (
          <option key={entry} value={entry} lang={entry.toLowerCase()}>
            {languageNames[entry]}
          </option>
        ))}
      </select>
    </label>
  );
}
