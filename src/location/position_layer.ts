// SPEC §4 geolocation on the map: the user's position as a dot, its accuracy as a circle in metres
// and, when the heading is known, an arrow ahead of the dot. One small main-thread vector layer above
// the feature canvas (z 500) and below the edit (1000) and comparison (1001) overlays; its two or
// three features are updated in place on every position. A plain class, so the benchmark (scenario
// 11) drives the same code as PositionOverlay.
import Feature from 'ol/Feature.js';
import CircleGeom from 'ol/geom/Circle.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import { Circle, Fill, RegularShape, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
import { metresToMercator, type UserPosition } from './location_rules.ts';
import { hideWhileEmpty } from '../map/hide_while_empty.ts';

export const POSITION_OVERLAY_Z = 500;
const BLUE = '#1a73e8';

const ACCURACY_STYLE = new Style({
  fill: new Fill({ color: 'rgba(26, 115, 232, 0.15)' }),
  stroke: new Stroke({ color: 'rgba(26, 115, 232, 0.6)', width: 1 }),
});
const DOT_STYLE = new Style({
  image: new Circle({ radius: 7, fill: new Fill({ color: BLUE }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
});
const HEADING_OFFSET_PX = 14;

function headingStyle(feature: { get: (k: string) => unknown }): Style {
  const deg = Number(feature.get('heading')) || 0;
  const rad = (deg * Math.PI) / 180;
  return new Style({
    image: new RegularShape({
      points: 3,
      radius: 7,
      rotation: rad,
      fill: new Fill({ color: BLUE }),
      stroke: new Stroke({ color: '#ffffff', width: 1.5 }),
      // Pixels, y up: the arrow sits ahead of the dot in the direction of travel.
      displacement: [HEADING_OFFSET_PX * Math.sin(rad), HEADING_OFFSET_PX * Math.cos(rad)],
    }),
  });
}

export class PositionLayer {
  private readonly source = new VectorSource();
  private readonly layer: VectorLayer;
  private readonly stopHiding: () => void;
  private readonly accuracy = new Feature<CircleGeom>({ role: 'accuracy' });
  private readonly dot = new Feature<Point>({ role: 'position' });
  private readonly heading = new Feature<Point>({ role: 'heading' });

  constructor(private readonly map: OlMap) {
    this.accuracy.setStyle(ACCURACY_STYLE);
    this.dot.setStyle(DOT_STYLE);
    this.heading.setStyle(headingStyle);
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: POSITION_OVERLAY_Z,
      updateWhileAnimating: true,
      updateWhileInteracting: true,
      properties: { name: 'position-overlay' },
    });
    this.stopHiding = hideWhileEmpty(this.layer);
    map.addLayer(this.layer);
  }

  show(p: UserPosition | null): void {
    const src = this.source;
    const { accuracy, dot, heading } = this;
    if (!p) {
      src.clear();
      return;
    }
    const at = fromLonLat([p.lon, p.lat]);
    const radius = metresToMercator(p.accuracy, p.lat);
    const circle = accuracy.getGeometry();
    if (circle) circle.setCenterAndRadius(at, radius);
    else accuracy.setGeometry(new CircleGeom(at, radius));
    const point = dot.getGeometry();
    if (point) point.setCoordinates(at);
    else dot.setGeometry(new Point(at));
    for (const f of [accuracy, dot]) if (!src.hasFeature(f)) src.addFeature(f);
    if (p.heading === null) {
      if (src.hasFeature(heading)) src.removeFeature(heading);
      return;
    }
    const arrow = heading.getGeometry();
    if (arrow) arrow.setCoordinates(at);
    else heading.setGeometry(new Point(at));
    heading.set('heading', p.heading);
    if (!src.hasFeature(heading)) src.addFeature(heading);
  }

  dispose(): void {
    this.stopHiding();
    this.source.clear();
    this.map.removeLayer(this.layer);
  }
}
