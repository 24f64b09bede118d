// Geometry shapes the unit tests draw with.

/** The closed ring of an axis-aligned square: corner (x, y), side s, anticlockwise. */
export const square = (x: number, y: number, s: number): number[][] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];
