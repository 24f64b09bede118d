// The bundled land's colours (base_layers.ts, land_draw.ts): a module of its own so the main thread
// has them without the land's data.
export const OCEAN_COLOR = '#cfe3ef';
export const LAND_COLOR = '#f4f1e8';
export const LAND_STROKE = '#b9b3a3';
/** CSS pixels. */
export const LAND_STROKE_WIDTH = 0.75;
