import { describe, expect, it } from 'vitest';
import { ERRORS, SESSION_COOKIE } from '../../src/model/index.ts';
import { INVOICE, basic, call, expectError, newOwnedApp, newUser, unique, type Creds } from './helpers.ts';

// Issue 16 "stored XSS → session theft": the session lives in a cookie only the server can read,
// and a stolen session cannot move the account's email (where the reset mail goes).

async function loginWith(user: Creds, query = '') {
  return call(`/api/login${query}`, { auth: user });
}

const sessionCookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie') ?? '';
const cookieHeader = (setCookie: string) => ({ cookie: setCookie.split(';')[0] });

describe('the session cookie', () => {
  it('is set by the server HttpOnly and SameSite, for the browser session unless remembered', async () => {
    const user = await newUser();
    const plain = sessionCookieOf(await loginWith(user));
    expect(plain).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{40,}`));
    expect(plain).toContain('HttpOnly');
    expect(plain).toContain('SameSite=Strict');
    expect(plain).not.toContain('Max-Age');
    // Plain http here: a Secure cookie would never come back.
    expect(plain).not.toContain('Secure');
    expect(sessionCookieOf(await loginWith(user, '?cookie=remembered'))).toContain(`Max-Age=${30 * 24 * 3600}`);
    // A client that keeps the x-session-id itself (no cookie consent) gets no cookie.
    const none = await loginWith(user, '?cookie=none');
    expect(none.headers.get('set-cookie')).toBeNull();
    expect(none.headers.get('x-session-id')).toMatch(/.{40,}/);
  });

  it('authenticates calls by itself, and logout ends the session and clears the cookie', async () => {
    const owner = await newUser();
    const headers = cookieHeader(sessionCookieOf(await loginWith(owner)));
    const created = await call('/api/apps', { method: 'POST', headers, body: INVOICE });
    expect(created.status).toBe(201);
    const overview = await call('/api/apps/overview', { headers });
    expect(overview.body.map((a: { appKey: string }) => a.appKey)).toContain(created.body.appKey);
    const out = await call('/api/logout', { method: 'POST', headers });
    expect(out.status).toBe(204);
    expect(sessionCookieOf(out)).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0`));
    expectError(await call('/api/apps/overview', { headers }), 401, 'UNAUTHORIZED');
  });
});

describe('PUT /api/account', () => {
  it('changes the email only with the current password', async () => {
    const user = await newUser();
    const session = (await loginWith(user)).headers.get('x-session-id') ?? '';
    const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'stolen@example.org' };
    for (const currentPassword of [undefined, '', 'wrong-password']) {
      expectError(
        await call('/api/account', { method: 'PUT', session, body: { ...body, currentPassword } }),
        400,
        'CURRENT_PASSWORD_REQUIRED',
        ERRORS.CURRENT_PASSWORD_REQUIRED,
      );
    }
    // The names alone need no password.
    const renamed = await call('/api/account', {
      method: 'PUT',
      session,
      body: { firstName: 'Augusta', lastName: 'King', email: `${user.username.toUpperCase()}@example.org` },
    });
    expect(renamed.body).toMatchObject({ firstName: 'Augusta', email: `${user.username.toUpperCase()}@example.org` });
    const moved = await call('/api/account', { method: 'PUT', session, body: { ...body, currentPassword: user.password } });
    expect(moved.status).toBe(200);
    expect(moved.body.email).toBe('stolen@example.org');
  });
});

describe('over-long names (issue 16: 500s)', () => {
  it('refuses a 3,000-character username, name and email with a clear 400', async () => {
    const long = 'a'.repeat(3000);
    for (const over of [{ username: long }, { firstName: long }, { email: `${long}@example.org` }]) {
      const username = unique('r_');
      const res = await call('/api/register', {
        method: 'POST',
        body: {
          username,
          firstName: 'A',
          lastName: 'B',
          email: `${username}@example.org`,
          password: 'p-1',
          confirmPassword: 'p-1',
          ...over,
        },
      });
      expectError(res, 400, 'VALUE_TOO_LONG', ERRORS.VALUE_TOO_LONG);
    }
    // Login with such a name is a plain failure.
    const res = await call('/api/login', { headers: { authorization: basic({ username: long, password: 'x' }) } });
    expectError(res, 401, 'LOGIN_FAILED');
  });

  it('refuses a 3,000-character workspace name with a clear 400', async () => {
    const { owner, appKey } = await newOwnedApp();
    const res = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name: `ws_${'a'.repeat(3000)}` } });
    expectError(res, 400, 'VALUE_TOO_LONG', ERRORS.VALUE_TOO_LONG);
  });
});
