/* The back office's calls to /api/v1/admin: JSON in, the shop's envelope out. */

export type Envelope<T> = { code: number; data: T; message: string };

export class AdminApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The refusal's `data`, e.g. `{ issues: [{ path, message }] }` for -218 on a form. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Calls the admin API; a refusal throws with the operator-readable reason (or the catalogue's message). */
export async function adminCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/v1/admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Accept: 'application/json', Language: 'EN', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const envelope = (await response.json().catch(() => ({ code: -1, data: null, message: `HTTP ${response.status}` }))) as Envelope<T>;
  if (envelope.code !== 1) {
    const reason = (envelope.data as { reason?: string } | null)?.reason;
    throw new AdminApiError(envelope.code, reason ?? envelope.message, envelope.data);
  }
  return envelope.data;
}

/**
 * Calls the admin API for a file (CSV) and hands it to the browser as a download; a refusal throws
 * like `adminCall`. Answers the file name.
 */
export async function adminDownload(path: string, body?: unknown): Promise<string> {
  const response = await fetch(`/api/v1/admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Accept: 'text/csv, application/json', Language: 'EN', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => ({ code: -1, data: null, message: `HTTP ${response.status}` }))) as Envelope<unknown>;
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
