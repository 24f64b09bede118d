// SPEC §4 track recording, the line layer: the recorded track and its start on one small vector
// layer of the main map, just below the position layer. A kept position appends one coordinate to
// the line in place (no rebuild of the track per update), so a long recording costs each update the
// same. A plain class, so the benchmark (scenario 11) drives the same code as TrackOverlay.
import Feature from 'ol/Feature.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
import type { TrackPoint } from '../model/index.ts';
import { POSITION_OVERLAY_Z } from '../location/position_layer.ts';
import { hideWhileEmpty } from '../map/hide_while_empty.ts';

const TRACK_COLOR = '#d81b60';
const LINE_STYLE = [
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 6 }) }),
  new Style({ stroke: new Stroke({ color: TRACK_COLOR, width: 3.5 }) }),
];
const START_STYLE = new Style({
  image: new Circle({ radius: 6, fill: new Fill({ color: '#ffffff' }), stroke: new Stroke({ color: TRACK_COLOR, width: 3 }) }),
});

export class TrackLayer {
  private readonly source = new VectorSource();
  private readonly layer: VectorLayer;
  private readonly stopHiding: () => void;
  private readonly line = new Feature<LineString>({ geometry: new LineString([]), role: 'track' });
  private readonly start = new Feature<Point>({ role: 'track-start' });
  /** How much of which points array the line already holds: a new array (a restore) is drawn whole. */
  private drawnOf: readonly TrackPoint[] | null = null;
  private drawn = 0;

  constructor(private readonly map: OlMap) {
    this.line.setStyle(LINE_STYLE);
    this.start.setStyle(START_STYLE);
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: POSITION_OVERLAY_Z - 1,
      updateWhileAnimating: true,
      updateWhileInteracting: true,
      properties: { name: 'track-overlay' },
    });
    this.stopHiding = hideWhileEmpty(this.layer);
    map.addLayer(this.layer);
  }

  /** Shows `points` (an array that only grows between calls, or a new one); null hides the layer. */
  show(points: readonly TrackPoint[] | null): void {
    const geometry = this.line.getGeometry()!;
    if (!points || points.length === 0) {
      this.source.clear();
      geometry.setCoordinates([]);
      this.drawnOf = null;
      return;
    }
    const at = (i: number) => fromLonLat([points[i]!.lon, points[i]!.lat]);
    if (points !== this.drawnOf || points.length < this.drawn) {
      geometry.setCoordinates(points.map((_, i) => at(i)));
      this.start.setGeometry(new Point(at(0)));
    } else for (let i = this.drawn; i < points.length; i++) geometry.appendCoordinate(at(i));
    this.drawnOf = points;
    this.drawn = points.length;
    if (!this.source.hasFeature(this.line)) this.source.addFeatures([this.line, this.start]);
  }

  dispose(): void {
    this.stopHiding();
    this.source.clear();
    this.map.removeLayer(this.layer);
  }
}
