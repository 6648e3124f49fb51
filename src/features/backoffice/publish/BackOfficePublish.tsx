import { useCallback, useEffect, useRef, useState } from 'react';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from '../operators/operators';
import { dateTime, ErrorText } from '../ui';

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

const time = (iso?: string) => dateTime(iso, 'medium');

export default function BackOfficePublish({ role }: { role: OperatorRole }) {
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
      <h1 id="publish-title">Publish</h1>
      <p>
        {status?.hook
          ? 'Publishing asks the CDN to build the pages; the pages in service stay until its build succeeds.'
          : 'Publishing renders only the pages whose content changed since the last publish (prices, stock, texts, pictures, adverts) and copies the others; the new pages replace the old ones at once when every page is ready. Until then, and if the publish fails, visitors keep seeing the pages published last.'}
      </p>
      {status && !status.available && <p role="alert">This server cannot publish: set BUILD_HOOK_URL, or run the shop with npm start.</p>}
      <div className="backoffice__actions backoffice__publish">
        {may(role, 'site.publish-full') && (
          <label className="checkbox">
            <input type="checkbox" checked={full} onChange={(event) => setFull(event.target.checked)} disabled={running} /> Full rebuild: render every page again (slow; for
            code or layout changes)
          </label>
        )}
        <button className="button" type="button" onClick={() => void publish()} disabled={!status?.available || running}>
          {running ? 'Publishing…' : 'Publish'}
        </button>
      </div>
      <div role="status" aria-live="polite" className="backoffice__publish-status">
        {status?.state === 'running' && (
          <p>
            Publishing{status.full ? ' (full rebuild)' : ''}, started {time(status.startedAt)} by {status.by}
            {status.joined ? '; your press joined it' : ''}…
          </p>
        )}
        {status?.state === 'running' && status.progress && <PublishProgress {...status.progress} />}
        {status?.state === 'finished' && (
          <p>
            Published {status.pages} pages ({status.rendered} rendered, the rest unchanged) in {status.seconds} s{status.full ? ' (full rebuild)' : ''}, at {time(status.finishedAt)} by{' '}
            {status.by}.
          </p>
        )}
        {status?.state === 'finished' && status.stages && <PublishStages stages={status.stages} />}
        {status?.state === 'requested' && (
          <p>
            The CDN build was requested at {time(status.finishedAt)} by {status.by}; the CDN swaps the pages in when it has built them.
          </p>
        )}
      </div>
      {status?.state === 'failed' && (
        <div role="alert" className="notice">
          <p>
            The publish started {time(status.startedAt)} by {status.by} failed; the pages published before are still served.
          </p>
          <pre className="backoffice__error">{status.error}</pre>
        </div>
      )}
      <ErrorText error={error} />
      <WaitingChanges ended={status?.state === 'running' ? undefined : (status?.finishedAt ?? '')} />
    </section>
  );
}

/** Where a publish's time went, step by step (src/app/site-build.ts `PublishResult.stages`). */
function PublishStages({ stages }: { stages: Record<string, number> }) {
  return (
    <dl className="backoffice__publish-stages" aria-label="Time by step">
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

const changeNames: Record<string, string> = {
  'catalogue.product.create': 'Product created',
  'catalogue.product.update': 'Product changed',
  'catalogue.import': 'Catalogue imported',
  'adverts.create': 'Advert created',
  'adverts.update': 'Advert changed',
  'adverts.switch-on': 'Advert switched on',
  'adverts.switch-off': 'Advert switched off',
  'adverts.reorder': 'Adverts reordered',
  'adverts.delete': 'Advert deleted',
  'reviews.approve': 'Review approved',
  'reviews.reject': 'Review rejected',
};

/** What the next publish brings to the pages: the changes to products, adverts and reviews since the last one. Read again when a publish ends. */
function WaitingChanges({ ended }: { ended: string | undefined }) {
  const [changes, setChanges] = useState<Change[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (ended === undefined) return;
    adminCall<Change[]>('/publish/changes').then(setChanges, (caught: Error) => setError(caught.message));
  }, [ended]);

  return (
    <section aria-labelledby="waiting-title">
      <h2 id="waiting-title">Changes not on the pages yet</h2>
      <ErrorText error={error} />
      {changes?.length === 0 && <p>Nothing: the pages show every change to products, adverts and reviews.</p>}
      {changes && changes.length > 0 && (
        <table className="data-table backoffice__table" aria-labelledby="waiting-title">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Change</th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change, index) => (
              <tr key={index}>
                <td>{dateTime(change.time)}</td>
                <td>{change.actor}</td>
                <td>{changeNames[change.action] ?? change.action}</td>
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
  const text = total > 0 ? `${done} of about ${total} pages written` : `${done} pages written`;
  return (
    <p className="backoffice__progress">
      <progress max={Math.max(total, done)} value={done} aria-label="Pages written" /> {text}
    </p>
  );
}
