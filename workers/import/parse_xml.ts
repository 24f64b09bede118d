// KML and GPX through @tmcw/togeojson. A worker has no DOMParser, so @xmldom/xmldom reads the XML
// (togeojson's README names it for DOM-less runtimes). GPX tracks and routes come as LineStrings,
// waypoints as Points; KML folders flatten into one list.
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { fromGeoJsonFeature, ImportError, type ImportedFeature } from './imported_feature.ts';

export function parseXml(text: string, format: 'kml' | 'gpx'): ImportedFeature[] {
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level === 'fatalError') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml') as unknown as Document;
  } catch (err) {
    throw new ImportError('IMPORT_FILE_UNREADABLE', err instanceof Error ? err.message.slice(0, 120) : undefined);
  }
  const collection = format === 'kml' ? kml(doc) : gpx(doc);
  return collection.features.map(fromGeoJsonFeature);
}
