import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_HEADER, type SessionCookieMode } from '../../src/model/index.ts';
import { SESSION_DAYS } from './sessions.ts';

// Issue 16: the session cookie is the server's, HttpOnly so no script (an uploaded file, an injected
// one) can read it, SameSite=Strict so no other site's page sends it, Secure whenever the request
// came over https (behind a proxy too, with MAPDRAFT_TRUST_PROXY). API clients may still send the
// x-session-id header.

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The caller's session id: the x-session-id header, else the session cookie. */
export function requestSessionId(request: FastifyRequest): string | undefined {
  const header = request.headers[SESSION_HEADER];
  if (typeof header === 'string' && header) return header;
  return cookieValue(request.headers.cookie, SESSION_COOKIE) || undefined;
}

function attributes(request: FastifyRequest): string {
  return `; Path=/; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string, mode: SessionCookieMode): void {
  if (mode === 'none') return;
  const maxAge = mode === 'remembered' ? `; Max-Age=${SESSION_DAYS * 24 * 60 * 60}` : '';
  reply.header('set-cookie', `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}${maxAge}${attributes(request)}`);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0${attributes(request)}`);
}
