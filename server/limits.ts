import { DEFAULT_MAX_PARTS, DEFAULT_MAX_VERTICES, type GeometryLimits } from '../src/model/index.ts';

// Limits an operator may tune per deployment (README "Limits"); every server of a deployment reads
// the same environment, so they agree.

function positiveInt(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return n;
}

export interface ServerLimits extends GeometryLimits {
  /** Bytes of pending and accepted uploads (images, documents) one user may keep. */
  uploadQuotaBytes: number;
  /** Failed logins (any call with basic auth) per address in 10 minutes: password spraying. */
  loginFailuresPerIp: number;
  /** Failed logins per username from all addresses in 10 minutes: one account guessed from many. */
  loginFailuresPerUser: number;
  /** Registrations per address and hour (each costs a password hash). */
  registrationsPerIp: number;
  /** Password-reset mails per address and per email address and hour. */
  resetsPerHour: number;
  /** API requests per client address and window, counted by every server together. */
  requestsPerIp: number;
  requestWindowSeconds: number;
}

export function readLimits(env: NodeJS.ProcessEnv = process.env): ServerLimits {
  return {
    maxVertices: positiveInt('MAPDRAFT_MAX_VERTICES', DEFAULT_MAX_VERTICES, env),
    maxParts: positiveInt('MAPDRAFT_MAX_PARTS', DEFAULT_MAX_PARTS, env),
    uploadQuotaBytes: positiveInt('MAPDRAFT_UPLOAD_QUOTA_MB', 200, env) * 1024 * 1024,
    loginFailuresPerIp: positiveInt('MAPDRAFT_LOGIN_FAILURES_PER_IP', 100, env),
    loginFailuresPerUser: positiveInt('MAPDRAFT_LOGIN_FAILURES_PER_USER', 50, env),
    registrationsPerIp: positiveInt('MAPDRAFT_REGISTRATIONS_PER_IP', 100, env),
    resetsPerHour: positiveInt('MAPDRAFT_RESETS_PER_HOUR', 5, env),
    // 20 a second on average: far above one person's use (opening the app is about 20 calls), yet a
    // scraper or a flood from one address stops within the minute. Behind a NAT many users share it.
    requestsPerIp: positiveInt('MAPDRAFT_REQUESTS_PER_IP', 1200, env),
    requestWindowSeconds: positiveInt('MAPDRAFT_REQUEST_WINDOW_S', 60, env),
  };
}

export const LIMITS: ServerLimits = readLimits();

/**
 * For test suites and benchmarks, whose thousands of requests (and hundreds of sign-ups) all come
 * from 127.0.0.1: the per-address request and registration limits out of the way (as
 * MAPDRAFT_REQUESTS_PER_IP for a server started as a process). Their own tests set them low again.
 */
export const LOAD_TEST_REQUESTS_PER_IP = 100_000_000;
export const loadTestLimits = (env: NodeJS.ProcessEnv = process.env): ServerLimits => ({
  ...readLimits(env),
  requestsPerIp: LOAD_TEST_REQUESTS_PER_IP,
  registrationsPerIp: LOAD_TEST_REQUESTS_PER_IP,
});
