// The bundled land's colours and style, apart from its geometry (land_image.ts), so the main thread
// styles a configured vector base map alike without loading the land itself.
import { Fill, Stroke, Style } from 'ol/style.js';

export const LAND_COLOR = '#f4f1e8';
export const LAND_STROKE = '#b9b3a3';

export function landStyle(): Style {
  return new Style({ fill: new Fill({ color: LAND_COLOR }), stroke: new Stroke({ color: LAND_STROKE, width: 0.75 }) });
}
