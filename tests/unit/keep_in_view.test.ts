// Issue 19: a bottom sheet moves the feature it is about into the part of the map it leaves free.
// A phone's map of 640 rows with a sheet from row 340: the free band is rows 48–292.
import { describe, expect, it } from 'vitest';
import { panIntoFreeBand } from '../../src/ui/use_keep_in_view.ts';

const SHEET_TOP = 340;
const pan = (top: number, bottom: number) => panIntoFreeBand(top, bottom, 0, SHEET_TOP);

describe('panIntoFreeBand', () => {
  it('leaves a point in the free band where it is', () => {
    expect(pan(100, 100)).toBe(0);
    expect(pan(48, 48)).toBe(0);
    expect(pan(292, 292)).toBe(0);
  });

  it('moves a point under the sheet or under the map top to the middle of the band', () => {
    expect(pan(500, 500)).toBe(330);
    expect(pan(300, 300)).toBe(130);
    expect(pan(10, 10)).toBe(-160);
    expect(500 - pan(500, 500)).toBe(SHEET_TOP / 2);
  });

  it('centres a small shape that the sheet half covers', () => {
    // Its middle (row 250) is in the band, its lower half is not.
    expect(pan(150, 350)).toBe(80);
  });

  it('leaves a shape taller than the band where it is while any of it shows there: the tapped spot stays under the finger', () => {
    // A country around a tap at row 320, its extent's middle far above the screen.
    expect(pan(-2000, 900)).toBe(0);
    expect(pan(200, 5000)).toBe(0);
  });

  it('brings a shape taller than the band into view when none of it shows there', () => {
    expect(pan(400, 1000)).toBe(700 - SHEET_TOP / 2);
    expect(pan(-1000, 20)).toBe(-490 - SHEET_TOP / 2);
  });
});
