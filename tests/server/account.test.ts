import { describe, expect, it } from 'vitest';
import { ERRORS, SUCCESS } from '../../src/model/index.ts';
import { call, expectError, newUser, unique } from './helpers.ts';

const registration = (over: Record<string, unknown> = {}) => {
  const username = unique('r_');
  return {
    username,
    firstName: 'Ada',
    lastName: 'L',
    email: `${username}@example.org`,
    password: 'secret-1',
    confirmPassword: 'secret-1',
    ...over,
  };
};

describe('POST /api/register', () => {
  it('creates a user and never returns the password or hash', async () => {
    const body = registration();
    const res = await call('/api/register', { method: 'POST', body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: body.username, firstName: 'Ada', type: 'user', language: 'en_US' });
    expect(JSON.stringify(res.body)).not.toMatch(/secret-1|scrypt|password/i);
  });

  it('refuses a confirm password that does not match (SPEC §5 text)', async () => {
    const res = await call('/api/register', { method: 'POST', body: registration({ confirmPassword: 'other' }) });
    expectError(res, 400, 'CONFIRM_PASSWORD_MISMATCH', 'Confirm password not match with password');
  });

  it('refuses missing fields, a bad email and a taken username', async () => {
    expectError(await call('/api/register', { method: 'POST', body: registration({ firstName: '' }) }), 400, 'FIELD_REQUIRED');
    expectError(
      await call('/api/register', { method: 'POST', body: registration({ email: 'nope' }) }),
      400,
      'INVALID_EMAIL',
      ERRORS.INVALID_EMAIL,
    );
    const body = registration();
    await call('/api/register', { method: 'POST', body });
    expectError(await call('/api/register', { method: 'POST', body }), 409, 'REGISTRATION_FAILED');
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const res = await call('/api/register', { method: 'POST', raw: { data: '{nope', type: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBeTypeOf('string');
  });
});

describe('GET /api/login', () => {
  it('returns the user and an x-session-id that authenticates later calls', async () => {
    const user = await newUser();
    const res = await call('/api/login?workspace=ws_demo&session=true', { auth: user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user.username });
    expect(JSON.stringify(res.body)).not.toContain(user.password);
    const session = res.headers.get('x-session-id')!;
    expect(session).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await call('/api/apps/overview', { session })).status).toBe(200);
    expect((await call('/api/logout', { method: 'POST', session })).status).toBe(204);
    expect((await call('/api/apps/overview', { session })).status).toBe(401);
  });

  it('refuses wrong credentials with the SPEC §8 text', async () => {
    const user = await newUser();
    const res = await call('/api/login', { auth: { username: user.username, password: 'wrong' } });
    expectError(res, 401, 'LOGIN_FAILED', 'Login failed. Please check your username and password.');
    expectError(await call('/api/login'), 401, 'LOGIN_FAILED');
  });

  it('rate-limits repeated failures for one username', async () => {
    const username = unique('rl_');
    for (let i = 0; i < 10; i++) expect((await call('/api/login', { auth: { username, password: 'x' } })).status).toBe(401);
    expectError(await call('/api/login', { auth: { username, password: 'x' } }), 429, 'LOGIN_FAILED');
  });

  it('rate-limits guessing through any call, not only login', async () => {
    const username = unique('rl_');
    for (let i = 0; i < 10; i++) expect((await call('/api/apps/overview', { auth: { username, password: 'x' } })).status).toBe(401);
    expectError(await call('/api/apps/overview', { auth: { username, password: 'x' } }), 429, 'LOGIN_FAILED');
  });
});

describe('passwords and account', () => {
  it('changes the password only with the old one', async () => {
    const user = await newUser();
    const wrong = await call('/api/change-password', {
      method: 'POST',
      auth: user,
      body: { oldPassword: 'nope', password: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expectError(wrong, 400, 'LOGIN_FAILED');
    const mismatch = await call('/api/change-password', {
      method: 'POST',
      auth: user,
      body: { oldPassword: user.password, password: 'new-pass-1', confirmPassword: 'x' },
    });
    expectError(mismatch, 400, 'CONFIRM_PASSWORD_MISMATCH');
    const ok = await call('/api/change-password', {
      method: 'POST',
      auth: user,
      body: { oldPassword: user.password, password: 'new-pass-1', confirmPassword: 'new-pass-1' },
    });
    expect(ok.status).toBe(200);
    expect((await call('/api/login', { auth: { username: user.username, password: 'new-pass-1' } })).status).toBe(200);
    expect((await call('/api/login', { auth: user })).status).toBe(401);
  });

  it('answers a reset request the same for known and unknown addresses', async () => {
    const user = await newUser();
    for (const email of [`${user.username}@example.org`, 'nobody@example.org']) {
      const res = await call('/api/reset-password', { method: 'POST', body: { email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: SUCCESS.PASSWORD_RESET_MAIL_SENT });
    }
    expectError(await call('/api/reset-password', { method: 'POST', body: { email: 'bad' } }), 400, 'INVALID_EMAIL');
  });

  it('refuses an unknown reset token', async () => {
    const res = await call('/api/reset-password/confirm', {
      method: 'POST',
      body: { token: 'not-a-token', password: 'a', confirmPassword: 'a' },
    });
    expectError(res, 400, 'PASSWORD_RESET_FAILED', ERRORS.PASSWORD_RESET_FAILED);
  });

  it('updates the account', async () => {
    const user = await newUser();
    const res = await call('/api/account', {
      method: 'PUT',
      auth: user,
      body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', language: 'fr_FR', currentPassword: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user.username, firstName: 'Grace', email: 'grace@example.org', language: 'fr_FR' });
    const bad = await call('/api/account', {
      method: 'PUT',
      auth: user,
      body: { firstName: 'G', lastName: 'H', email: 'g@x.org', language: 'xx' },
    });
    expectError(bad, 400, 'INVALID_LOCALE', ERRORS.INVALID_LOCALE);
  });
});
