// Which reader a dropped file needs: its first bytes first (a zip, an SQLite file, XML, JSON), then
// its name, so a GeoPackage called "data.bin" or a KML sent as .xml still opens.
import type { ImportFormat } from './protocol.ts';

const startsWith = (bytes: Uint8Array, text: string) => {
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
};

export function detectFormat(name: string, head: Uint8Array): ImportFormat | undefined {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (startsWith(head, 'PK\u0003\u0004')) return 'shapefile';
  if (startsWith(head, 'SQLite format 3\u0000')) return 'gpkg';
  const text = new TextDecoder()
    .decode(head.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) {
    if (/<gpx[\s>]/.test(text) || ext === 'gpx') return 'gpx';
    if (/<kml[\s>]/.test(text) || ext === 'kml') return 'kml';
    return undefined;
  }
  if (ext === 'geojson' || ext === 'json' || text.startsWith('{')) return 'geojson';
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return 'csv';
  return undefined;
}
