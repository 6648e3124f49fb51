import { useCallback, useEffect, useRef, useState } from 'react';
import type { UiMessageKey } from '@/lib/i18n/ui';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from '../operators/operators';
import { dateTime, ErrorText, useBackOfficeLanguage } from '../ui';

/* The Publish section: render the pages that changed and swap them in, watching the progress. */

type PublishStatus = {
  state: 'idle' | 'running' | 'finished' | 'requested' | 'failed';
  full?: boolean;
  by?: string;
  startedAt?: string;
  finishedAt?: string;
  pages?: number;
  rendered?: number;
  seconds?: number;
  stages?: Record<string, number>;
  progress?: { done: number; total: number };
  error?: string;
  joined?: boolean;
  available: boolean;
  hook: boolean;
};

export default function BackOfficePublish({ role }: { role: OperatorRole }) {
  const { t } = useBackOfficeLanguage();
  const time = (iso?: string) => dateTime(iso, t.languageTag, 'medium');
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [full, setFull] = useState(false);
  const events = useRef<EventSource | null>(null);

  /** Follows a running publish as the server reports it: start, every few pages written, end. */
  const follow = useCallback(() => {
    events.current?.close();
    const source = new EventSource('/api/v1/admin/publish/events');
    events.current = source;
    source.onmessage = (event: MessageEvent<string>) => {
      const now = JSON.parse(event.data) as PublishStatus;
      setStatus(now);
      if (now.state !== 'running') source.close();
    };
    // The stream ends with the publish; a broken one is read once more as it stands.
    source.onerror = () => {
      source.close();
      adminCall<PublishStatus>('/publish/status').then(setStatus, (caught: Error) => setError(caught.message));
    };
  }, []);

  useEffect(() => {
    adminCall<PublishStatus>('/publish/status').then(
      (now) => {
        setStatus(now);
        if (now.state === 'running') follow();
      },
      (caught: Error) => setError(caught.message),
    );
    return () => events.current?.close();
  }, [follow]);

  const publish = async () => {
    setError(null);
    try {
      setStatus(await adminCall<PublishStatus>('/publish', { full }));
      follow();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const running = status?.state === 'running';
  return (
    <section aria-labelledby="publish-title">
      <h1 id="publish-title">{t('admin.frame.section.publish')}</h1>
      <p>{t(status?.hook ? 'admin.publish.introHook' : 'admin.publish.intro')}</p>
      {status && !status.available && <p role="alert">{t('admin.publish.unavailable')}</p>}
      <div className="backoffice__actions backoffice__publish">
        {may(role, 'site.publish-full') && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={full}
              onChange={(event) => setFull(event.target.checked)}
              disabled={running}
            />{' '}
            {t('admin.publish.full')}
          </label>
        )}
        <button
          className="button"
          type="button"
          onClick={() => void publish()}
          disabled={!status?.available || running}
        >
          {running ? t('admin.publish.publishing') : t('admin.publish.publish')}
        </button>
      </div>
      <div role="status" aria-live="polite" className="backoffice__publish-status">
        {status?.state === 'running' && (
          <p>
            {t(status.full ? 'admin.publish.runningFull' : 'admin.publish.running', {
              when: time(status.startedAt),
              by: status.by ?? '',
            })}
            {status.joined ? t('admin.publish.joined') : ''}…
          </p>
        )}
        {status?.state === 'running' && status.progress && <PublishProgress {...status.progress} />}
        {status?.state === 'finished' && (
          <p>
            {t(status.full ? 'admin.publish.finishedFull' : 'admin.publish.finished', {
              pages: status.pages ?? 0,
              rendered: status.rendered ?? 0,
              seconds: status.seconds ?? 0,
              when: time(status.finishedAt),
              by: status.by ?? '',
            })}
          </p>
        )}
        {status?.state === 'finished' && status.stages && <PublishStages stages={status.stages} />}
        {status?.state === 'requested' && (
          <p>{t('admin.publish.requested', { when: time(status.finishedAt), by: status.by ?? '' })}</p>
        )}
      </div>
      {status?.state === 'failed' && (
        <div role="alert" className="notice">
          <p>{t('admin.publish.failed', { when: time(status.startedAt), by: status.by ?? '' })}</p>
          <pre className="backoffice__error">{status.error}</pre>
        </div>
      )}
      <ErrorText error={error} />
      <WaitingChanges ended={status?.state === 'running' ? undefined : (status?.finishedAt ?? '')} />
    </section>
  );
}

/** Where a publish's time went, step by step (src/publish/publish.ts `PublishResult.stages`). */
function PublishStages({ stages }: { stages: Record<string, number> }) {
  const { t } = useBackOfficeLanguage();
  return (
    <dl className="backoffice__publish-stages" aria-label={t('admin.publish.stages')}>
      {Object.entries(stages).map(([step, seconds]) => (
        <div key={step}>
          <dt>{step}</dt>
          <dd>{seconds.toFixed(2)} s</dd>
        </div>
      ))}
    </dl>
  );
}

type Change = { actor: string; action: string; subject: string; time: string };

/** The changes the list names in words (`admin.publish.change.<action>`); another shows as its action code. */
const namedChanges = new Set([
  'catalogue.product.create',
  'catalogue.product.update',
  'catalogue.import',
  'adverts.create',
  'adverts.update',
  'adverts.switch-on',
  'adverts.switch-off',
  'adverts.reorder',
  'adverts.delete',
  'reviews.approve',
  'reviews.reject',
]);

/** What the next publish brings to the pages: the changes to products, adverts and reviews since the last one. Read again when a publish ends. */
function WaitingChanges({ ended }: { ended: string | undefined }) {
  const { t } = useBackOfficeLanguage();
  const [changes, setChanges] = useState<Change[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (ended === undefined) return;
    adminCall<Change[]>('/publish/changes').then(setChanges, (caught: Error) => setError(caught.message));
  }, [ended]);

  return (
    <section aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t('admin.publish.waiting')}</h2>
      <ErrorText error={error} />
      {changes?.length === 0 && <p>{t('admin.publish.waitingNone')}</p>}
      {changes && changes.length > 0 && (
        <table className="data-table backoffice__table" aria-labelledby="waiting-title">
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.when')}</th>
              <th scope="col">{t('admin.audit.who')}</th>
              <th scope="col">{t('admin.publish.change')}</th>
              <th scope="col">{t('admin.audit.on')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change, index) => (
              <tr key={index}>
                <td>{dateTime(change.time, t.languageTag)}</td>
                <td>{change.actor}</td>
                <td>
                  {namedChanges.has(change.action)
                    ? t(`admin.publish.change.${change.action}` as UiMessageKey)
                    : change.action}
                </td>
                <td className="mono">{change.subject}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Pages written so far; the total is what the last publish held, so it is shown as "about". */
function PublishProgress({ done, total }: { done: number; total: number }) {
  const { t } = useBackOfficeLanguage();
  const text = total > 0 ? t('admin.publish.progress', { done, total }) : t('admin.publish.progressDone', { done });
  return (
    <p className="backoffice__progress">
      <progress max={Math.max(total, done)} value={done} aria-label={t('admin.publish.pagesWritten')} /> {text}
    </p>
  );
}
