// SPEC §9 settings: the guessed time zone takes the data worker's answer (learnHostTimeZone) where it
// came first; the worker is asked once per page, a guess already made stands, and an empty or failed
// answer is no answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('../../src/state/settings_store.ts');
let store: Store;

beforeEach(async () => {
  vi.resetModules();
  store = await import('../../src/state/settings_store.ts');
});
afterEach(() => vi.restoreAllMocks());

const hostZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

describe('learnHostTimeZone', () => {
  it("makes the worker's zone the guess, without asking Intl", async () => {
    const asked = vi.spyOn(Intl, 'DateTimeFormat');
    await store.learnHostTimeZone(async () => 'Pacific/Chatham');
    expect(store.guessTimeZone()).toBe('Pacific/Chatham');
    expect(asked).not.toHaveBeenCalled();
  });

  it('asks the worker once: a second call (a new language, new settings) shares the first answer', async () => {
    const lookUp = vi.fn(async () => 'Pacific/Chatham');
    await store.learnHostTimeZone(lookUp);
    await store.learnHostTimeZone(lookUp);
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(store.guessTimeZone()).toBe('Pacific/Chatham');
  });

  it('leaves a guess already made as it was', async () => {
    const guessed = store.guessTimeZone();
    await store.learnHostTimeZone(async () => (guessed === 'Pacific/Chatham' ? 'Asia/Kathmandu' : 'Pacific/Chatham'));
    expect(store.guessTimeZone()).toBe(guessed);
  });

  it('ignores an empty answer: the guess is then the host zone Intl names', async () => {
    await store.learnHostTimeZone(async () => '');
    expect(store.guessTimeZone()).toBe(hostZone());
  });

  it('ignores a worker that failed: no error reaches the caller, and Intl names the zone', async () => {
    await expect(store.learnHostTimeZone(() => Promise.reject(new Error('worker gone')))).resolves.toBeUndefined();
    expect(store.guessTimeZone()).toBe(hostZone());
  });
});
