import { describe, expect, it } from 'vitest';
import { parseBasicAuth } from '../../server/auth/basic.ts';
import { hashPassword, verifyPassword } from '../../server/auth/password.ts';
import { MemoryMailService } from '../../server/services/mail.ts';
import { geometrySummary } from '../../server/services/pdf.ts';

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

describe('MemoryMailService (logs and keeps mails)', () => {
  it('records and logs each mail', async () => {
    const lines: string[] = [];
    const mail = new MemoryMailService((l) => lines.push(l));
    await mail.send({ to: 'a@example.org', subject: 'Hi', text: 'x' });
    expect(mail.sent).toEqual([{ to: 'a@example.org', subject: 'Hi', text: 'x' }]);
    expect(lines[0]).toContain('a@example.org');
  });
});

describe('geometrySummary (the feature PDF)', () => {
  it('summarises a 200,000-vertex polygon without overflowing the stack (issue 16)', () => {
    const ring = Array.from({ length: 200_000 }, (_, i) => [Math.cos(i) * (i % 90), Math.sin(i) * (i % 45)]);
    ring.push(ring[0]);
    const lines = geometrySummary({ type: 'Polygon', coordinates: [ring] } as never);
    expect(lines[0]).toBe('Polygon with 200001 vertices');
    expect(lines[1]).toMatch(/^Bounds \(lon, lat\): -?\d/);
  });
});
