// Issue 19: the map's position and the selected feature in the address hash.
import { describe, expect, it } from 'vitest';
import { coalescedWrite, formatPermalink, isPermalinkHash, parsePermalink } from '../../src/map/permalink.ts';

describe('permalink', () => {
  it('round-trips a position and a feature', () => {
    const hash = formatPermalink({ position: { zoom: 12.345, lat: 47.376887, lon: 8.541694 }, feature: { layerId: 'cities', gfid: 42 } });
    expect(hash).toBe('#map=12.35/47.37689/8.54169&feature=cities/42');
    expect(parsePermalink(hash)).toEqual({
      position: { zoom: 12.35, lat: 47.37689, lon: 8.54169 },
      feature: { layerId: 'cities', gfid: 42 },
    });
    expect(formatPermalink({})).toBe('');
  });

  it('leaves out what is malformed or out of range', () => {
    expect(parsePermalink('#map=3/91/0')).toEqual({});
    expect(parsePermalink('#map=3/10')).toEqual({});
    expect(parsePermalink('#map=a/1/2&feature=cities/x')).toEqual({});
    expect(parsePermalink('#feature=/3')).toEqual({});
    expect(parsePermalink('#feature=ws.layer/7')).toEqual({ feature: { layerId: 'ws.layer', gfid: 7 } });
  });

  it('never takes over a hash that holds something else (an app key)', () => {
    expect(isPermalinkHash('')).toBe(true);
    expect(isPermalinkHash('#map=1/2/3&feature=a/1')).toBe(true);
    expect(isPermalinkHash('#/demodemodemodemodemodemodemodemo')).toBe(false);
    expect(isPermalinkHash('#?appkey=demodemodemodemodemodemodemodemo')).toBe(false);
  });
});

describe('the address written after moves (issue 17)', () => {
  function writer() {
    const queued: (() => void)[] = [];
    let writes = 0;
    const hash = coalescedWrite(
      () => writes++,
      (run) => queued.push(run),
    );
    const runQueued = () => {
      for (const run of queued.splice(0)) run();
    };
    return { hash, runQueued, writes: () => writes };
  }

  it('is written once for a burst of moves, later, not in the move that asked', () => {
    const { hash, runQueued, writes } = writer();
    hash.request();
    hash.request();
    hash.request();
    expect(writes()).toBe(0);
    runQueued();
    expect(writes()).toBe(1);
    hash.request();
    runQueued();
    expect(writes()).toBe(2);
  });

  it('is written at once for a selection, and the move asked before is not written again', () => {
    const { hash, runQueued, writes } = writer();
    hash.request();
    hash.flush();
    expect(writes()).toBe(1);
    runQueued();
    expect(writes()).toBe(1);
  });
});
