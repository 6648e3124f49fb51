import { describe, expect, it, vi } from 'vitest';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';
import type { PublishOutcome, PublishProgress } from './publishing';

/*
 * Publish from the back office. The page build itself (Astro in a child process) is exercised by
 * src/publish/publish tests and tests/e2e/back-office.test.ts; here a publish the test finishes or
 * fails by hand, to see what operators see while it runs, after it ends, and when two press at once.
 */

type Pending = {
  full: boolean;
  progress: (progress: PublishProgress) => void;
  finish(outcome: PublishOutcome): void;
  fail(error: Error): void;
};
const pending: Pending[] = [];
const shop = await aShop({
  publish: ({ full = false, onProgress = () => undefined }) =>
    new Promise<PublishOutcome>((resolve, reject) => {
      pending.push({ full, progress: onProgress, finish: resolve, fail: reject });
    }),
});
const editor = await anOperator(shop, 'editor');
const admin = await anOperator(shop, 'admin');

/** The build the shop started (it starts once the press is in the audit log). */
async function nextRun(): Promise<Pending> {
  for (let tries = 0; tries < 100 && pending.length === 0; tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const run = pending.shift();
  if (!run) throw new Error('no publish was started');
  return run;
}

type Status = {
  state: string;
  progress?: PublishProgress;
  joined?: boolean;
  pages?: number;
  rendered?: number;
  seconds?: number;
  error?: string;
  by?: string;
  full?: boolean;
  available: boolean;
};
const status = async (headers: Record<string, string>) =>
  (await shop.get<Status>('/admin/publish/status', { headers })).body.data;
const waitFor = async (headers: Record<string, string>, state: string) => {
  for (let tries = 0; tries < 100; tries++) {
    const now = await status(headers);
    if (now.state === state) return now;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the publish never reached ${state}`);
};
const auditActions = async (headers: Record<string, string>) =>
  (
    await shop.get<{ action: string; actor: string; after: Record<string, unknown> }[]>('/admin/audit?limit=20', {
      headers,
    })
  ).body.data.filter((entry) => entry.action.startsWith('site.'));

describe('publishing the pages from the back office', () => {
  it('runs one publish at a time: a second press joins it, and the status shows pages, rendered and duration', async () => {
    const editorHeaders = await editor.freshSession();
    const adminHeaders = await admin.freshSession();
    expect(await status(editorHeaders)).toMatchObject({ state: 'idle', available: true });

    const first = await shop.post<Status>('/admin/publish', {}, { headers: editorHeaders });
    expect(first.body.data).toMatchObject({ state: 'running', joined: false, by: editor.email, full: false });
    const second = await shop.post<Status>('/admin/publish', { full: false }, { headers: adminHeaders });
    expect(second.body.data).toMatchObject({ state: 'running', joined: true, by: editor.email });
    expect(await status(adminHeaders)).toMatchObject({ state: 'running' });
    const run = await nextRun();
    run.progress({ done: 120, total: 410 });
    expect(await status(adminHeaders)).toMatchObject({ state: 'running', progress: { done: 120, total: 410 } });
    run.finish({ pages: 412, rendered: 9, seconds: 12.34 });
    expect(await waitFor(editorHeaders, 'finished')).toMatchObject({
      pages: 412,
      rendered: 9,
      seconds: 12.3,
      by: editor.email,
    });

    const audit = await auditActions(adminHeaders);
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([
      ['site.published', editor.email],
      ['site.publish', editor.email],
    ]);
    expect(audit[0]!.after).toMatchObject({ pages: 412, rendered: 9 });
    // The second press started no build: a build starts once its press is in the audit log.
    expect(pending).toHaveLength(0);
  });

  it('streams the status as server-sent events while a publish runs: start, pages written, end', async () => {
    const headers = await editor.freshSession();
    await shop.post('/admin/publish', {}, { headers });
    const run = await nextRun();
    const { response } = await shop.get('/admin/publish/events', { headers });
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const events: Status[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    /** Reads the stream until `count` events came, or it ended. */
    const readEvents = async (count: number) => {
      let text = '';
      while (events.length < count) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) events.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Status);
      }
    };
    await readEvents(1);
    run.progress({ done: 40, total: 410 });
    await readEvents(2);
    // Progress at most ten times a second: the clock stands still, then moves on 150 ms.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      run.progress({ done: 80, total: 410 });
      vi.setSystemTime(Date.now() + 150);
      run.progress({ done: 410, total: 410 });
    } finally {
      vi.useRealTimers();
    }
    run.finish({ pages: 410, rendered: 12, seconds: 4 });
    // The stream ends by itself with the publish.
    await readEvents(Infinity);
    expect(
      events.map((event) => [event.state, event.progress?.done]),
      JSON.stringify(events),
    ).toEqual([
      ['running', undefined],
      ['running', 40],
      ['running', 410],
      ['finished', undefined],
    ]);
    expect(events.at(-1)).toMatchObject({ pages: 410, rendered: 12 });

    // Nothing running: the one status, and the stream ends.
    const idle = await shop.get('/admin/publish/events', { headers });
    expect((await idle.response.text()).match(/^data: /gm)).toHaveLength(1);
  });

  it('reports a failed publish with its error, and the next press starts afresh', async () => {
    const headers = await editor.freshSession();
    await shop.post('/admin/publish', {}, { headers });
    (await nextRun()).fail(new Error('astro build failed (exit 1)\nCannot read the snapshot'));
    expect(await waitFor(headers, 'failed')).toMatchObject({
      error: expect.stringContaining('Cannot read the snapshot'),
    });
    expect((await auditActions(await admin.freshSession()))[0]!.action).toBe('site.publish-failed');

    expect((await shop.post<Status>('/admin/publish', {}, { headers })).body.data).toMatchObject({
      state: 'running',
      joined: false,
    });
    (await nextRun()).finish({ pages: 412, rendered: 0, seconds: 3 });
    await waitFor(headers, 'finished');
  });

  it('lists the changes to products and adverts waiting for the next publish, until a publish succeeds', async () => {
    const headers = await editor.freshSession();
    const changes = async () =>
      (await shop.get<{ action: string; subject: string; actor: string }[]>('/admin/publish/changes', { headers })).body
        .data;
    const text = { EN: 'Waiting banner', ZH: '待发布横幅', MS: 'Sepanduk menunggu' };
    const created = await shop.post<{ advertisingId: number; key: string }>(
      '/admin/adverts/create',
      { advert: { position: 'home-banner', link: '/', active: true, title: text, body: text } },
      { headers },
    );
    await shop.post(
      '/admin/adverts/setActive',
      { advertisingId: created.body.data.advertisingId, active: false },
      { headers },
    );
    expect(await changes()).toEqual([
      { action: 'adverts.switch-off', subject: created.body.data.key, actor: editor.email, time: expect.any(String) },
      { action: 'adverts.create', subject: created.body.data.key, actor: editor.email, time: expect.any(String) },
    ]);

    await shop.post('/admin/publish', {}, { headers });
    (await nextRun()).fail(new Error('out of disk space'));
    await waitFor(headers, 'failed');
    expect(await changes()).toHaveLength(2);

    await shop.post('/admin/publish', {}, { headers });
    (await nextRun()).finish({ pages: 412, rendered: 9, seconds: 4 });
    await waitFor(headers, 'finished');
    expect(await changes()).toEqual([]);
    await shop.post('/admin/adverts/delete', { advertisingId: created.body.data.advertisingId }, { headers });
    expect((await changes()).map((change) => change.action)).toEqual(['adverts.delete']);
  });

  it('lets only an admin ask for a full rebuild', async () => {
    const refused = await shop.post('/admin/publish', { full: true }, { headers: await editor.freshSession() });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: -218 });
    expect(pending).toHaveLength(0);

    const headers = await admin.freshSession();
    expect((await shop.post<Status>('/admin/publish', { full: true }, { headers })).body.data).toMatchObject({
      state: 'running',
      full: true,
      joined: false,
    });
    const run = await nextRun();
    expect(run.full).toBe(true);
    run.finish({ pages: 412, rendered: 412, seconds: 80 });
    expect(await waitFor(headers, 'finished')).toMatchObject({ full: true, rendered: 412 });
  });
});

describe('a shop that cannot publish', async () => {
  const bare = await aShop();
  const operator = await anOperator(bare, 'admin');

  it('says so instead of pretending', async () => {
    const headers = await operator.freshSession();
    expect((await bare.get<Status>('/admin/publish/status', { headers })).body.data).toMatchObject({
      state: 'idle',
      available: false,
    });
    const answer = await bare.post('/admin/publish', {}, { headers });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: -1, data: { reason: expect.stringContaining('BUILD_HOOK_URL') } });
  });
});
