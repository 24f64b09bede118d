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
}

export function readLimits(env: NodeJS.ProcessEnv = process.env): ServerLimits {
  return {
    maxVertices: positiveInt('MAPDRAFT_MAX_VERTICES', DEFAULT_MAX_VERTICES, env),
    maxParts: positiveInt('MAPDRAFT_MAX_PARTS', DEFAULT_MAX_PARTS, env),
    uploadQuotaBytes: positiveInt('MAPDRAFT_UPLOAD_QUOTA_MB', 200, env) * 1024 * 1024,
  };
}

export const LIMITS: ServerLimits = readLimits();
