import { describe, expect, it } from 'vitest';
import { ApiError, apiError, apiHeaders, apiUrl, readWireError } from '../../src/api/http.ts';
import { ERRORS } from '../../src/model/index.ts';

const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, statusText: 'Nope', headers: { 'content-type': 'application/json' } });

describe('apiHeaders (SPEC §7 credentials)', () => {
  it('sends the session id alone once there is one, basic auth without one', () => {
    const both = apiHeaders({ appKey: 'k', accept: 'application/json', credentials: { authorization: 'Basic x', sessionId: 's' } });
    expect([both.get('x-app-key'), both.get('accept'), both.get('x-session-id'), both.get('authorization')]).toEqual([
      'k',
      'application/json',
      's',
      null,
    ]);
    expect(apiHeaders({ credentials: { authorization: 'Basic x' } }).get('authorization')).toBe('Basic x');
  });

  it('sends basic auth beside the session when asked (the server falls back to it)', () => {
    const h = apiHeaders({ credentials: { authorization: 'Basic x', sessionId: 's' }, basicWithSession: true });
    expect([h.get('authorization'), h.get('x-session-id')]).toEqual(['Basic x', 's']);
  });

  it('keeps the headers it is given, and an authorization already there', () => {
    const h = apiHeaders({ credentials: { authorization: 'Basic stored' } }, { authorization: 'Basic mine', 'idempotency-key': 'abc' });
    expect([h.get('authorization'), h.get('idempotency-key')]).toEqual(['Basic mine', 'abc']);
  });

  it('joins the base and the path under /api', () => {
    expect([apiUrl('', '/features/1'), apiUrl('http://h:1/', '/x'), apiUrl(undefined, '/y')]).toEqual([
      '/api/features/1',
      'http://h:1/api/x',
      '/api/y',
    ]);
  });
});

describe('readWireError (CONTRACT "Errors")', () => {
  it('gives the status, the §8 key and the SPEC text', async () => {
    const body = { statusCode: 409, error: 'STALE_BASE_VERSION', message: ERRORS.STALE_BASE_VERSION, current: { gfid: 1 } };
    expect(await readWireError(jsonAnswer(409, body))).toEqual({
      status: 409,
      key: 'STALE_BASE_VERSION',
      message: ERRORS.STALE_BASE_VERSION,
    });
  });

  it('falls back to the status line, or the given text, when the body is not the error body', async () => {
    expect(await readWireError(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))).toEqual({
      status: 502,
      key: undefined,
      message: '502 Bad Gateway',
    });
    expect((await readWireError(new Response('', { status: 500 }), 'GET /api/features 500')).message).toBe('GET /api/features 500');
  });

  it('makes the ApiError callers catch', async () => {
    const err = await apiError(jsonAnswer(401, { statusCode: 401, error: 'UNAUTHORIZED', message: ERRORS.UNAUTHORIZED }));
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.key, err.message, err.name]).toEqual([401, 'UNAUTHORIZED', ERRORS.UNAUTHORIZED, 'ApiError']);
  });
});
