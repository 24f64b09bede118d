import { describe, expect, it } from 'vitest';
import { parseAppKey, resolveAppKey } from '../../src/api/app_key.ts';

const K = 'abcdefghijklmnopqrstuvwxyz012345';
const DEMO = 'demodemodemodemodemodemodemodemo';

describe('parseAppKey (SPEC §2)', () => {
  it('reads the key from the route /:appkey', () => {
    expect(parseAppKey({ pathname: `/${K}` })).toBe(K);
    expect(parseAppKey({ pathname: `/${K}/` })).toBe(K);
  });

  it('keeps the key of a child route such as /:appkey/overview', () => {
    expect(parseAppKey({ pathname: `/${K}/overview` })).toBe(K);
  });

  it('reads the key from ?appkey=', () => {
    expect(parseAppKey({ pathname: '/', search: `?appkey=${K}` })).toBe(K);
    expect(parseAppKey({ pathname: '/', search: `?mode=admin&appkey=${K}` })).toBe(K);
  });

  it('prefers the query over the path', () => {
    const other = 'Z'.repeat(32);
    expect(parseAppKey({ pathname: `/${other}`, search: `?appkey=${K}` })).toBe(K);
  });

  it('reads a 32-character segment before /app/ or /app2/', () => {
    expect(parseAppKey({ pathname: `/maps/${K}/app/index.html` })).toBe(K);
    expect(parseAppKey({ pathname: `/maps/${K}/app2/` })).toBe(K);
  });

  it('reads the key from the hash', () => {
    expect(parseAppKey({ pathname: '/', hash: `#/${K}` })).toBe(K);
    expect(parseAppKey({ pathname: '/', hash: `#${K}` })).toBe(K);
    expect(parseAppKey({ pathname: '/', hash: `#/?appkey=${K}` })).toBe(K);
    expect(parseAppKey({ pathname: '/', hash: `#/x/${K}/app/` })).toBe(K);
  });

  it('ignores keys of the wrong length or with other characters', () => {
    expect(parseAppKey({ pathname: `/${K}x` })).toBeUndefined();
    expect(parseAppKey({ pathname: `/${K.slice(1)}` })).toBeUndefined();
    expect(parseAppKey({ pathname: `/${K.slice(1)}-` })).toBeUndefined();
    expect(parseAppKey({ pathname: '/', search: '?appkey=short' })).toBeUndefined();
  });

  it('finds nothing in a bare root', () => {
    expect(parseAppKey({ pathname: '/', search: '', hash: '' })).toBeUndefined();
  });
});

describe('resolveAppKey', () => {
  it('falls back to the demo key so / shows the demo', () => {
    expect(resolveAppKey({ pathname: '/' }, DEMO)).toBe(DEMO);
  });

  it('uses the URL key when there is one', () => {
    expect(resolveAppKey({ pathname: `/${K}` }, DEMO)).toBe(K);
  });
});
