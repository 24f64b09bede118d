// SPEC §9 settings: the guessed time zone takes the data worker's answer (rememberHostTimeZone) where
// it came first; a guess already made stands, and an empty answer is no answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('../../src/state/settings_store.ts');
let store: Store;

beforeEach(async () => {
  vi.resetModules();
  store = await import('../../src/state/settings_store.ts');
});
afterEach(() => vi.restoreAllMocks());

describe('rememberHostTimeZone', () => {
  it("makes the worker's zone the guess, without asking Intl", () => {
    const asked = vi.spyOn(Intl, 'DateTimeFormat');
    store.rememberHostTimeZone('Pacific/Chatham');
    expect(store.guessTimeZone()).toBe('Pacific/Chatham');
    expect(asked).not.toHaveBeenCalled();
  });

  it('leaves a guess already made as it was', () => {
    const guessed = store.guessTimeZone();
    store.rememberHostTimeZone(guessed === 'Pacific/Chatham' ? 'Asia/Kathmandu' : 'Pacific/Chatham');
    expect(store.guessTimeZone()).toBe(guessed);
  });

  it('ignores an empty answer: the guess is then the host zone Intl names', () => {
    store.rememberHostTimeZone('');
    expect(store.guessTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });
});
