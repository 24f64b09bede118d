import type { Server } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Issue 16 "for the open internet": timeouts, body and connection limits, security headers.

/** JSON bodies: a suggestion with the largest allowed geometry fits well within this. */
export const JSON_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** The whole request within 2 minutes (a 10MB upload on a slow mobile link), idle keep-alive 10 s. */
export const REQUEST_TIMEOUTS = { requestTimeout: 120_000, connectionTimeout: 130_000, keepAliveTimeout: 10_000 };
/** The request line and headers within 15 s (slowloris). */
export const HEADERS_TIMEOUT_MS = 15_000;

/** Open connections from one address; more are closed at once. Behind a proxy, set it high. */
export const MAX_CONNECTIONS_PER_ADDRESS = Number(process.env.MAPDRAFT_MAX_CONNECTIONS_PER_IP) || 256;

export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * CSP for the app itself: our scripts and workers (and blob: workers), wasm (wa-sqlite), Fluent's
 * runtime styles, map tiles and images from https, calls to this and https origins (an app's
 * serverUrl, tile and species services); never framed, no plugins. Uploads set a stricter one.
 */
const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  workerSrc: ["'self'", 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https:', 'blob:', 'data:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP },
    // Public icons and the API are fetched from other origins (CONTRACT "HTTP API": any origin).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // As frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    // Sent below, and only over https: on plain http it would mean nothing.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
