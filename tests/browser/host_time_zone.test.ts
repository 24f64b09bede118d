// SPEC §9 settings: the time zone, when none is set, is the host's. The data worker looks it up (issue
// 17: that first look loads ICU's zone data, a long task on the main thread) and the main thread's
// guess then takes its answer instead of asking Intl itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDataWorker } from '../../src/map/data_worker_client.ts';

afterEach(() => vi.restoreAllMocks());

describe("the host's time zone", () => {
  it('is the zone the page itself would guess, and the guess then asks Intl nothing', async () => {
    const zone = await getDataWorker().hostTimeZone({});
    expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const { guessTimeZone, learnHostTimeZone } = await import('../../src/state/settings_store.ts');
    const asked = vi.spyOn(Intl, 'DateTimeFormat');
    await learnHostTimeZone(() => getDataWorker().hostTimeZone({}));
    expect(guessTimeZone()).toBe(zone);
    expect(asked).not.toHaveBeenCalled();
  });
});
