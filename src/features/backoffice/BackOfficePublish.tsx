import { useCallback, useEffect, useRef, useState } from 'react';
import { adminCall } from './admin-api';
import { may, type OperatorRole } from './operators';
import { dateTime, ErrorText } from './ui';

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
  error?: string;
  joined?: boolean;
  available: boolean;
  hook: boolean;
};

const POLL_MS = 1500;
const time = (iso?: string) => dateTime(iso, 'medium');

export default function BackOfficePublish({ role }: { role: OperatorRole }) {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [full, setFull] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const poll = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      const now = await adminCall<PublishStatus>('/publish/status');
      setStatus(now);
      if (now.state === 'running') timer.current = setTimeout(() => void poll(), POLL_MS);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, []);

  useEffect(() => {
    void poll();
    return () => clearTimeout(timer.current);
  }, [poll]);

  const publish = async () => {
    setError(null);
    try {
      const started = await adminCall<PublishStatus>('/publish', { full });
      setStatus(started);
      timer.current = setTimeout(() => void poll(), POLL_MS);
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
          : 'Publishing renders only the pages whose content changed since the last publish (prices, stock, texts, pictures) and copies the others; the new pages replace the old ones at once when every page is ready. Until then, and if the publish fails, visitors keep seeing the pages published last.'}
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
        {status?.state === 'finished' && (
          <p>
            Published {status.pages} pages ({status.rendered} rendered, the rest unchanged) in {status.seconds} s{status.full ? ' (full rebuild)' : ''}, at {time(status.finishedAt)} by{' '}
            {status.by}.
          </p>
        )}
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
    </section>
  );
}
