import { describe, expect, it } from 'vitest';
import { parseBasicAuth } from '../../server/auth/basic.ts';
import { hashPassword, verifyPassword } from '../../server/auth/password.ts';
import { LoginRateLimiter } from '../../server/auth/rate_limit.ts';
import { MemoryMailService } from '../../server/services/mail.ts';

describe('password hashing (TOOLCHAIN "Passwords")', () => {
  it('stores scrypt with its parameters and a random salt', async () => {
    const a = await hashPassword('pw');
    const b = await hashPassword('pw');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('pw', a)).toBe(true);
    expect(await verifyPassword('pW', a)).toBe(false);
    expect(await verifyPassword('pw', 'garbage')).toBe(false);
  });
});

describe('parseBasicAuth', () => {
  it('splits at the first colon so passwords may hold colons', () => {
    const header = 'Basic ' + Buffer.from('ada:pa:ss').toString('base64');
    expect(parseBasicAuth(header)).toEqual({ username: 'ada', password: 'pa:ss' });
  });
  it('ignores other schemes and malformed values', () => {
    expect(parseBasicAuth(undefined)).toBeNull();
    expect(parseBasicAuth('Bearer abc')).toBeNull();
    expect(parseBasicAuth('Basic ' + Buffer.from('nocolon').toString('base64'))).toBeNull();
  });
});

describe('LoginRateLimiter', () => {
  it('blocks after the limit within the window and forgets after it', () => {
    const limiter = new LoginRateLimiter(3, 1000);
    for (let t = 0; t < 3; t++) limiter.fail('k', t);
    expect(limiter.isBlocked('k', 10)).toBe(true);
    expect(limiter.isBlocked('other', 10)).toBe(false);
    expect(limiter.isBlocked('k', 1500)).toBe(false);
  });
});

describe('MemoryMailService (logs and keeps mails)', () => {
  it('records and logs each mail', async () => {
    const lines: string[] = [];
    const mail = new MemoryMailService((l) => lines.push(l));
    await mail.send({ to: 'a@example.org', subject: 'Hi', text: 'x' });
    expect(mail.sent).toEqual([{ to: 'a@example.org', subject: 'Hi', text: 'x' }]);
    expect(lines[0]).toContain('a@example.org');
  });
});
