import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { migrate, openDb, type Db } from '../../server/db/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { foldLayerChanges } from '../../server/services/layer_changes.ts';
import { MemoryMailService } from '../../server/services/mail.ts';
import { PNG } from './suggest_helpers.ts';
import { setupSuggestions, type SuggestFixture } from './suggestions_setup.ts';
import { ERRORS, SESSION_COOKIE, SUCCESS } from '../../src/model/index.ts';
import { randomBytes } from 'node:crypto';
import { basic, expectError, unique, type Creds } from './helpers.ts';

// Issue 16 "several servers": two app servers on one database behind a (simulated) proxy that
// sets X-Forwarded-For / -Proto. Nothing a server keeps in memory may decide what the other
// answers: sessions, passwords and rate limits live in the database. On PostgreSQL each server has
// its own pool; on PGlite both share the one embedded database (one process, as it must be).

// The request limit out of the way (the other suites count 127.0.0.1 in the same table); it has its own test.
const limits = { ...loadTestLimits(), registrationsPerIp: 3, resetsPerHour: 2, loginFailuresPerIp: 15, uploadQuotaBytes: 300 };
const mail = new MemoryMailService();
const servers: { app: FastifyInstance; url: string }[] = [];
const dbs: Db[] = [];
/** Suggestion fixtures: the shared ones on PostgreSQL, made anew in the fresh PGlite database. */
let fixture: SuggestFixture;

beforeAll(async () => {
  const databaseUrl = inject('engine') === 'postgres' ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined;
  if (databaseUrl) {
    dbs.push(await openDb({ databaseUrl }), await openDb({ databaseUrl }));
    fixture = inject('suggest');
  } else {
    const db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    fixture = await setupSuggestions(db);
    dbs.push(db);
  }
  for (const db of [dbs[0], dbs[1] ?? dbs[0]]) {
    const app = await buildApp({ db, mail, config: { serveClient: false, trustProxy: true, limits } });
    servers.push({ app, url: await app.listen({ port: 0, host: '127.0.0.1' }) });
  }
}, 120_000);

afterAll(async () => {
  for (const { app } of servers) await app.close();
  for (const db of dbs) await db.close();
});

/** A client address of its own (never one used before in this run, behind the proxy 10.0.0.1), so limits
 *  counted by address do not mix between tests. */
let addresses = 0;
const address = () => {
  const n = addresses++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}, 10.0.0.1`;
};

async function on(
  server: 0 | 1,
  path: string,
  init: { method?: string; body?: unknown; raw?: Uint8Array; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(servers[server].url + path, {
    method: init.method ?? 'GET',
    headers,
    body: (init.raw as BodyInit | undefined) ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, bytes };
}

/** A new point suggested on server 0 in the fixture's layer. */
function suggestPoint(headers: Record<string, string>, name: string, coordinates: [number, number]) {
  return on(0, `/api/features/changes?workspace=${fixture.workspace}&layer=${fixture.layer}`, {
    method: 'POST',
    headers,
    body: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: { name } }] },
  });
}

async function register(from = address()): Promise<Creds & { email: string }> {
  const username = unique('two_');
  const creds = { username, password: unique('pw-'), email: `${username}@example.org` };
  const res = await on(0, '/api/register', {
    method: 'POST',
    headers: { 'x-forwarded-for': from },
    body: { ...creds, confirmPassword: creds.password, firstName: 'Two', lastName: 'Servers' },
  });
  expect(res.status).toBe(201);
  return creds;
}

const auth = (c: Creds, from: string) => ({ authorization: basic(c), 'x-forwarded-for': from });

describe('two app servers on one database', () => {
  it('answer healthy: the database reachable and every migration applied', async () => {
    for (const server of [0, 1] as const) {
      const res = await on(server, '/api/health');
      expect(res).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok', missingMigrations: [] } });
    }
  });

  it('accept on one a session made on the other, by header and by cookie', async () => {
    const user = await register();
    const login = await on(0, '/api/login', { headers: auth(user, address()) });
    const session = login.headers.get('x-session-id') ?? '';
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect((await on(1, '/api/apps/overview', { headers: { 'x-session-id': session } })).status).toBe(200);
    expect((await on(1, '/api/apps/overview', { headers: { cookie } })).status).toBe(200);
    expect((await on(1, '/api/logout', { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect((await on(0, '/api/apps/overview', { headers: { cookie } })).status).toBe(401);
  });

  it('refuse on one, at once, a password changed on the other', async () => {
    const user = await register();
    const from = address();
    // Server 1 has just verified (and remembered) the old password.
    expect((await on(1, '/api/apps/overview', { headers: auth(user, from) })).status).toBe(200);
    const changed = await on(0, '/api/change-password', {
      method: 'POST',
      headers: auth(user, from),
      body: { oldPassword: user.password, password: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expect(changed.status).toBe(200);
    expectError(await on(1, '/api/login', { headers: auth(user, from) }), 401, 'LOGIN_FAILED');
    expect((await on(1, '/api/apps/overview', { headers: auth(user, from) })).status).toBe(401);
    expect((await on(1, '/api/login', { headers: auth({ ...user, password: 'new-pass-1' }, from) })).status).toBe(200);
  });

  it('count failed logins across both servers', async () => {
    const user = await register();
    const from = address();
    const wrong = { ...user, password: 'wrong' };
    for (let i = 0; i < 10; i++) expect((await on((i % 2) as 0 | 1, '/api/login', { headers: auth(wrong, from) })).status).toBe(401);
    for (const server of [0, 1] as const) expectError(await on(server, '/api/login', { headers: auth(user, from) }), 429, 'LOGIN_FAILED');
    // Another address is not locked out by this one's failures.
    expect((await on(1, '/api/login', { headers: auth(user, address()) })).status).toBe(200);
  });

  it('stop one address spraying guesses over many usernames', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (await on((i % 2) as 0 | 1, '/api/login', { headers: auth({ username: unique('spray_'), password: 'x' }, from) })).status,
      );
    }
    expect(statuses.slice(0, limits.loginFailuresPerIp)).toEqual(Array(limits.loginFailuresPerIp).fill(401));
    expect(statuses.slice(limits.loginFailuresPerIp)).toEqual(Array(20 - limits.loginFailuresPerIp).fill(429));
  });

  it('throttle registrations per address', async () => {
    const from = address();
    for (let i = 0; i < limits.registrationsPerIp; i++) await register(from);
    const username = unique('two_');
    const res = await on(1, '/api/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': from },
      body: { username, password: 'p-1', confirmPassword: 'p-1', firstName: 'A', lastName: 'B', email: `${username}@example.org` },
    });
    expectError(res, 429, 'TOO_MANY_REQUESTS');
  });

  it('void an older reset token once a newer one is sent, and throttle reset mails', async () => {
    const user = await register();
    const tokens = async () => {
      await expect
        .poll(() => mail.sent.filter((m) => m.to === user.email && m.subject === 'Mapdraft password reset').length)
        .toBeGreaterThan(0);
      return mail.sent
        .filter((m) => m.to === user.email && m.subject === 'Mapdraft password reset')
        .map((m) => m.text.replace('Your reset token: ', ''));
    };
    const reset = (server: 0 | 1) =>
      on(server, '/api/reset-password', { method: 'POST', headers: { 'x-forwarded-for': address() }, body: { email: user.email } });
    expect((await reset(0)).body).toEqual({ message: SUCCESS.PASSWORD_RESET_MAIL_SENT });
    const [older] = await tokens();
    expect((await reset(1)).body).toEqual({ message: SUCCESS.PASSWORD_RESET_MAIL_SENT });
    await expect.poll(async () => (await tokens()).length).toBe(2);
    const newer = (await tokens())[1];
    const confirm = (token: string) =>
      on(0, '/api/reset-password/confirm', { method: 'POST', body: { token, password: 'reset-1', confirmPassword: 'reset-1' } });
    expectError(await confirm(older), 400, 'PASSWORD_RESET_FAILED');
    expect((await confirm(newer)).status).toBe(200);
    // A third request within the hour answers the same but sends nothing.
    expect((await reset(0)).body).toEqual({ message: SUCCESS.PASSWORD_RESET_MAIL_SENT });
    await new Promise((r) => setTimeout(r, 200));
    expect(await tokens()).toHaveLength(2);
  });

  it('send security headers, HSTS and a Secure cookie when the proxy says https', async () => {
    const user = await register();
    const res = await on(1, '/api/login', { headers: { ...auth(user, address()), 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const plain = await on(1, '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('count the requests of one address across both servers, then answer 429 with Retry-After', async () => {
    // Two more servers with a small limit; a day-long window, and an address never seen before (the
    // PostgreSQL test database outlives a run), so no other request and no window boundary counts.
    const tight = { ...limits, requestsPerIp: 40, requestWindowSeconds: 86_400 };
    const pair: { app: FastifyInstance; url: string }[] = [];
    for (const db of [dbs[0], dbs[1] ?? dbs[0]]) {
      const app = await buildApp({ db, mail, config: { serveClient: false, trustProxy: true, limits: tight } });
      pair.push({ app, url: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
    try {
      const from = {
        'x-forwarded-for': `2001:db8::${randomBytes(4)
          .toString('hex')
          .replace(/(....)$/, ':$1')}, 10.0.0.1`,
      };
      const ping = async (i: 0 | 1) => fetch(`${pair[i].url}/api/ping`, { headers: from });
      for (let n = 0; n < 30; n++) expect((await ping(0)).status).toBe(204);
      // Server 0 adds its count to the shared row within a second; server 1 then knows of the 30.
      await new Promise((ok) => setTimeout(ok, 1_500));
      const second: number[] = [];
      for (let n = 0; n < 15; n++) second.push((await ping(1)).status);
      expect(second.slice(0, 10)).toEqual(Array(10).fill(204));
      expect(second.slice(10)).toEqual(Array(5).fill(429));
      const refused = await ping(1);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ statusCode: 429, error: 'TOO_MANY_REQUESTS' });
      // The health check stays open to load balancers; another address is not affected.
      expect((await fetch(`${pair[1].url}/api/health`, { headers: from })).status).toBe(200);
      expect((await fetch(`${pair[1].url}/api/ping`, { headers: { 'x-forwarded-for': '2001:db8::1:2, 10.0.0.1' } })).status).toBe(204);
    } finally {
      for (const { app } of pair) await app.close();
    }
  });

  it('change a layer’s list tag on both servers with a suggestion or an acceptance made on either', async () => {
    const member = { 'x-session-id': fixture.member.session };
    const baseList = `/api/features?workspace=${fixture.workspace}&layer=${fixture.layer}`;
    const diffList = `/api/features?workspace=${fixture.workspace}_diff&layer=${fixture.layer}_diff`;
    const tagsOf = async (path: string) => {
      const tags = await Promise.all(([0, 1] as const).map(async (s) => (await on(s, path, { headers: member })).headers.get('etag')));
      expect(tags[0]).toBe(tags[1]);
      return tags[0]!;
    };
    const [base, diff] = [await tagsOf(baseList), await tagsOf(diffList)];
    const made = await suggestPoint(member, 'tagged', [5, 6]);
    expect(made.status).toBe(201);
    const diffAfter = await tagsOf(diffList);
    expect(diffAfter).not.toBe(diff);
    expect((await on(1, baseList, { headers: { ...member, 'if-none-match': base } })).status).toBe(304);
    // Folding the change log into the layers (any server, every few seconds) names the same data the same.
    await foldLayerChanges(dbs[0]);
    expect((await on(1, diffList, { headers: { ...member, 'if-none-match': diffAfter } })).status).toBe(304);
    expect(
      (await on(1, `/api/features/changes/${made.body.id}/accept`, { method: 'PUT', headers: { 'x-session-id': fixture.admin2.session } }))
        .status,
    ).toBe(200);
    const changed = await on(0, baseList, { headers: { ...member, 'if-none-match': base } });
    expect(changed.status).toBe(200);
    expect(changed.body.features.map((f: { properties: { name: string } }) => f.properties.name)).toContain('tagged');
    expect(await tagsOf(baseList)).not.toBe(base);
    expect(await tagsOf(diffList)).not.toBe(diffAfter); // the proposal left the diff layer
  });

  it('hold a user to the upload quota, whichever server receives the files', async () => {
    const member = { 'x-session-id': fixture.member.session };
    const made = await suggestPoint(member, 'q', [3, 4]);
    expect(made.status).toBe(201);
    const accepted = await on(1, `/api/features/changes/${made.body.id}/accept`, {
      method: 'PUT',
      headers: { 'x-session-id': fixture.admin2.session },
    });
    const gfid = accepted.body.gfid;
    const upload = (server: 0 | 1, i: number) =>
      on(server, `/api/features/${gfid}/images/changes?filename=q${i}.png&description=`, {
        method: 'POST',
        headers: { ...member, 'content-type': 'image/png' },
        raw: PNG,
      });
    // The quota counts what the member already stored (earlier tests on the shared database too).
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await upload((i % 2) as 0 | 1, i)).status);
    expect(statuses).toContain(413);
    expect(statuses.slice(statuses.indexOf(413))).toEqual(Array(5 - statuses.indexOf(413)).fill(413));
    expectError(await upload(0, 9), 413, 'UPLOAD_QUOTA_EXCEEDED', ERRORS.UPLOAD_QUOTA_EXCEEDED);
  });
});
