// The outbox in the real data worker (wa-sqlite) against the real API server: items kept in the
// order they were made, a new feature's attachments waiting for it, a send whose answer was lost
// replayed without a second row, refusals kept with the server's message, an unreachable server
// leaving everything waiting, and the queued new feature drawn at once in its `_diff` layer.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_APP_KEY, PARENT_PLACEHOLDER, type OutboxRequest } from '../../src/model/index.ts';
import { closeWorkerSessions, openWorkerSession } from './fixtures/data_worker_session.ts';

const apiBase = inject('apiBase');
const USER = `Basic ${btoa('user:u-pass-123')}`;
afterEach(closeWorkerSessions);

const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const appName = () => `Outbox test ${crypto.randomUUID().slice(0, 8)}`;
const replayAs = (appName: string, base = apiBase) => ({
  appName,
  apiBase: base,
  appKey: DEMO_APP_KEY,
  owner: 'user',
  authorization: USER,
});

function newCity(name: string, layer = 'edit_cities'): OutboxRequest {
  return {
    method: 'POST',
    path: `/features/changes?workspace=ws_demo&layer=${layer}`,
    contentType: 'application/json',
    body: json({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [3, 4] }, properties: { name } }],
    }),
    meta: {
      subject: 'feature',
      layerId: layer,
      workspace: 'ws_demo',
      grpstatus: 'n',
      gfid: null,
      label: name,
      geometry: { type: 'Point', coordinates: [3, 4] },
      properties: { name },
    },
  };
}

function commentOnNew(text: string): OutboxRequest {
  return {
    method: 'POST',
    path: `/features/${PARENT_PLACEHOLDER}/comments/changes`,
    contentType: 'application/json',
    body: json({ comment: text }),
    meta: { subject: 'comments', layerId: 'edit_cities', workspace: 'ws_demo', gfid: null, label: text },
  };
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${apiBase}/api${path}`, { headers: { 'x-app-key': DEMO_APP_KEY, authorization: USER } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const myPending = async (name: string) =>
  (
    await get<{ items: { after: { properties: { name?: string } } | null; diffGfid: number }[] }>('/features/changes?pageSize=1000')
  ).items.filter((c) => c.after?.properties.name === name);

describe('outbox in the data worker', () => {
  it('keeps items in order and sends a new feature before the comment that waits for it', async () => {
    const s = await openWorkerSession();
    const db = appName();
    const name = `Outbox ${crypto.randomUUID()}`;
    const first = await s.api.outboxAdd({
      appName: db,
      owner: 'user',
      request: newCity(name),
      attachments: [commentOnNew(`About ${name}`)],
    });
    const listed = await s.api.outboxList({ appName: db, owner: 'user' });
    expect(listed.map((i) => [i.seq - first.seq, i.parent === null ? null : i.parent - first.seq, i.status])).toEqual([
      [0, null, 'waiting'],
      [1, 0, 'waiting'],
    ]);
    expect(new Set(listed.map((i) => i.key)).size).toBe(2);

    const result = await s.api.outboxReplay(replayAs(db));
    expect(result.stopped).toBeUndefined();
    expect(result.sent.map((x) => x.meta.subject)).toEqual(['feature', 'comments']);
    expect(await s.api.outboxList({ appName: db, owner: 'user' })).toEqual([]);
    const [change] = await myPending(name);
    const comments = await get<{ comment: string }[]>(`/features/${change.diffGfid}/comments`);
    expect(comments.map((c) => c.comment)).toEqual([`About ${name}`]);
  });

  it('leaves everything waiting while the server does not answer', async () => {
    const s = await openWorkerSession();
    const db = appName();
    await s.api.outboxAdd({ appName: db, owner: 'user', request: newCity(`Nowhere ${crypto.randomUUID()}`) });
    const result = await s.api.outboxReplay(replayAs(db, 'http://127.0.0.1:9'));
    expect(result).toEqual({ sent: [], stopped: 'unreachable' });
    expect((await s.api.outboxList({ appName: db })).map((i) => i.status)).toEqual(['waiting']);
  });

  it('replays a send whose answer was lost without writing a second suggestion', async () => {
    const s = await openWorkerSession();
    const db = appName();
    const name = `Lost answer ${crypto.randomUUID()}`;
    const request = newCity(name);
    await s.api.outboxAdd({ appName: db, owner: 'user', request });
    const [item] = await s.api.outboxList({ appName: db });
    // The first send reached the server and committed; its answer never came back.
    const res = await fetch(`${apiBase}/api${item.path}`, {
      method: 'POST',
      body: request.body as BodyInit,
      headers: { 'x-app-key': DEMO_APP_KEY, authorization: USER, 'content-type': 'application/json', 'idempotency-key': item.key },
    });
    expect(res.status).toBe(201);
    const result = await s.api.outboxReplay(replayAs(db));
    expect(result.sent).toHaveLength(1);
    expect((result.sent[0].answer as { id: number }).id).toBe(((await res.json()) as { id: number }).id);
    expect(await myPending(name)).toHaveLength(1);
  });

  it('keeps a refused item with the server message and goes on with the next one', async () => {
    const s = await openWorkerSession();
    const db = appName();
    const name = `After refusal ${crypto.randomUUID()}`;
    await s.api.outboxAdd({ appName: db, owner: 'user', request: newCity('not editable', 'countries') });
    await s.api.outboxAdd({ appName: db, owner: 'user', request: newCity(name) });
    const result = await s.api.outboxReplay(replayAs(db));
    expect(result.sent.map((x) => x.meta.label)).toEqual([name]);
    const [refused] = await s.api.outboxList({ appName: db });
    expect(refused.status).toBe('failed');
    expect(refused.errorKey).toBeTruthy();
    expect(refused.error).toBeTruthy();
    // Discarding takes it away for good.
    await s.api.outboxRemove({ appName: db, seq: refused.seq });
    expect(await s.api.outboxList({ appName: db })).toEqual([]);
  });

  it('draws a queued new feature at once in the shown _diff layer, and takes it out once sent', async () => {
    const s = await openWorkerSession();
    const db = appName();
    const shown = await s.api.showLayer({
      apiBase,
      appKey: DEMO_APP_KEY,
      appName: db,
      workspace: 'ws_demo_diff',
      layer: 'edit_cities_diff',
      geometryType: 'Point',
      authorization: USER,
      requestId: `show-${crypto.randomUUID()}`,
    });
    await expect.poll(() => s.messages.some((m) => m.ticket === shown.ticket)).toBe(true);
    const item = await s.api.outboxAdd({ appName: db, owner: 'user', request: newCity(`Drawn ${crypto.randomUUID()}`) });
    await expect
      .poll(() =>
        s.messages.some((m) => m.type === 'update' && m.layerId === 'edit_cities_diff' && Array.from(m.batch.ids).includes(-item.seq)),
      )
      .toBe(true);
    await s.api.outboxReplay(replayAs(db));
    await expect
      .poll(() => s.messages.some((m) => m.type === 'remove' && m.layerId === 'edit_cities_diff' && m.ids.includes(-item.seq)))
      .toBe(true);
  });
});
