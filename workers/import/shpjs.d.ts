// shpjs 6 ships no type declarations; this is the one call the import worker makes.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';
  export function parseZip(buffer: ArrayBuffer | Uint8Array, whiteList?: string[]): Promise<FeatureCollection | FeatureCollection[]>;
}
