/* The back office's calls to /api/v1/admin: JSON in, the shop's envelope out. */

export type Envelope<T> = { code: number; data: T; message: string };

export class AdminApiError extends Error {
  readonly code: number;
  /** The refusal's `data`, e.g. `{ issues: [{ path, message }] }` for -218 on a form. */
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** The language the API answers this operator in, refusals included: the back office's (decision 083). */
let apiLanguage = 'EN';
export const speakToApiIn = (language: string) => {
  apiLanguage = language;
};

const unreadable = (response: Response) => ({ code: -1, data: null, message: `HTTP ${response.status}` });

/** Calls the admin API and answers the envelope as it is, refusals too (a form reads the fields a refusal names). */
export async function adminEnvelope<T>(path: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`/api/v1/admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      Language: apiLanguage,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  return (await response.json().catch(() => unreadable(response))) as Envelope<T>;
}

/** Calls the admin API; a refusal throws with the operator-readable reason (or the catalogue's message). */
export async function adminCall<T>(path: string, body?: unknown): Promise<T> {
  const envelope = await adminEnvelope<T>(path, body);
  if (envelope.code !== 1) {
    const reason = (envelope.data as { reason?: string } | null)?.reason;
    throw new AdminApiError(envelope.code, reason ?? envelope.message, envelope.data);
  }
  return envelope.data;
}

/** The fields a refusal names (`data.issues`: each path as the import format names it, and what is wrong). */
export const issuesOf = (envelope: Envelope<unknown>) =>
  (envelope.data as { issues?: { path: string; message: string }[] } | null)?.issues;

/** Uploads one file as the multipart field `file`; answers the envelope with the HTTP status (413: too large). */
export async function adminUpload<T>(path: string, file: File): Promise<Envelope<T> & { status: number }> {
  const form = new FormData();
  form.set('file', file);
  const response = await fetch(`/api/v1/admin${path}`, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', Language: apiLanguage },
    credentials: 'same-origin',
  });
  const envelope = (await response.json().catch(() => unreadable(response))) as Envelope<T>;
  return { ...envelope, status: response.status };
}

/**
 * Calls the admin API for a file (CSV) and hands it to the browser as a download; a refusal throws
 * like `adminCall`. Answers the file name.
 */
export async function adminDownload(path: string, body?: unknown): Promise<string> {
  const response = await fetch(`/api/v1/admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'text/csv, application/json',
      Language: apiLanguage,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => unreadable(response))) as Envelope<unknown>;
    throw new AdminApiError(envelope.code, (envelope.data as { reason?: string } | null)?.reason ?? envelope.message);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
