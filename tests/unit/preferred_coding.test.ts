// Which kept copy of a whole-layer FlatGeobuf a request may get (server/routes/features.ts): brotli,
// else gzip, only when Accept-Encoding takes it; anything else gets the file as it is.
import { describe, expect, it } from 'vitest';
import { preferredCoding } from '../../server/routes/features.ts';

describe('preferredCoding', () => {
  it('takes br before gzip, honours q=0 and ignores codings it does not keep', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredCoding('GZIP;Q=1')).toBe('gzip');
    expect(preferredCoding('gzip;q=0')).toBeUndefined();
    expect(preferredCoding('identity, deflate')).toBeUndefined();
    expect(preferredCoding(undefined)).toBeUndefined();
  });
});
