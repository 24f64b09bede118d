import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// TOOLCHAIN "Passwords": scrypt N=2^15, r=8, p=1, async, stored with its parameters so they can
// be raised later without invalidating old hashes.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LEN = 64;

function derive(password: string, salt: Buffer, opts: ScryptOptions & { N: number }): Promise<Buffer> {
  // maxmem must exceed 128 * N * r bytes, or node refuses N=2^15.
  const maxmem = 256 * opts.N * (opts.r ?? R) + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LEN, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Returns "scrypt$N$r$p$saltB64$hashB64". */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltB64, hashB64] = stored.split('$');
  if (algo !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random password for seeded users when none is configured (printed once at first start). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
