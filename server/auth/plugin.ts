import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { parseBasicAuth } from './basic.ts';
import { checkCredentials } from './credentials.ts';
import { requestSessionId } from './session_cookie.ts';
import { sessionUser } from './sessions.ts';
import { isAdmin, type AuthUser } from './users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from basic auth, the x-session-id header or the session cookie; null for a visitor (SPEC §6). */
    user: AuthUser | null;
  }
}

const authenticated = new WeakSet<FastifyRequest>();

/**
 * Sets request.user from the session or basic credentials, once per request: before every handler,
 * and earlier for an upload route, whose caller is checked before its body is read (upload_body.ts).
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  if (authenticated.has(request)) return request.user;
  authenticated.add(request);
  const { db } = request.server.deps;
  const sessionId = requestSessionId(request);
  if (sessionId) {
    request.user = await sessionUser(db, sessionId);
    if (request.user) return request.user;
  }
  const basic = parseBasicAuth(request.headers.authorization);
  if (basic) request.user = await verifyBasic(request, basic.username, basic.password);
  return request.user;
}

/** Resolves request.user before every handler. Bad credentials leave a visitor; guards decide. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    // Login checks its own credentials behind the rate limit.
    if ((request.routeOptions.config as { skipAuth?: boolean } | undefined)?.skipAuth) return;
    await authenticate(request);
  });
}

/**
 * Basic credentials checked behind the login rate limit (TOOLCHAIN "Passwords"), on every call and
 * not only on /login, so no route can be used to guess passwords faster.
 */
export async function verifyBasic(request: FastifyRequest, username: string, password: string): Promise<AuthUser | null> {
  const { db, credentials, limiter } = request.server.deps;
  const { limits: config } = request.server.deps.config;
  // Per name and address (a user mistyping), per address (spraying many names), per name (one
  // account guessed from many addresses); counted in the database, so across all servers.
  const pair = `login:${username}|${request.ip}`;
  const limits = [
    { key: pair, max: 10, windowSeconds: 60 },
    { key: `login-ip:${request.ip}`, max: config.loginFailuresPerIp, windowSeconds: 600 },
    { key: `login-user:${username}`, max: config.loginFailuresPerUser, windowSeconds: 600 },
  ];
  if (await limiter.isBlocked(limits)) throw new HttpError(429, 'LOGIN_FAILED');
  const user = await checkCredentials(db, credentials, username, password);
  if (user) await limiter.reset(pair);
  else await limiter.hit(limits);
  return user;
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** SPEC §6 administrator: user type 'admin'. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

/** SPEC §6 app creator / owner: customising an app is the owner's alone. */
export async function requireAppOwner(request: FastifyRequest, appKey: string): Promise<AuthUser> {
  const user = requireUser(request);
  const { rows } = await request.server.deps.db.query<{ owner_id: number | null }>('SELECT owner_id FROM apps WHERE app_key = $1', [
    appKey,
  ]);
  if (!rows[0]) throw notFound('NO_APP_REGISTERED');
  if (rows[0].owner_id !== user.id) throw forbidden();
  return user;
}
