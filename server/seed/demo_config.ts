import {
  DEMO_APP_KEY,
  DIFF_NAME_SUFFIX,
  DIFF_SUFFIX,
  type AppConfigInput,
  type BaseLayerInput,
  type LayerInput,
} from '../../src/model/index.ts';

// CONTRACT "Demo seed": the public demo app, its managed workspace and three layers.
export const DEMO_WORKSPACE = 'ws_demo';
export const DEMO_DIFF_WORKSPACE = 'ws_demo_diff';

const text = (name: string, label: string, editable = true) => ({ name, label, type: 'TEXT' as const, editable });
const number = (name: string, label: string, editable = true) => ({ name, label, type: 'NUMBER' as const, editable });

export const DEMO_LAYERS: LayerInput[] = [
  {
    id: 'cities',
    name: 'Cities',
    type: 'Point',
    workspace: DEMO_WORKSPACE,
    edit: true,
    searchable: true,
    labelAttribute: 'name',
    nameProperty: 'name',
    // GeoNames feature codes (PPLC capital, PPLA admin seat, …) serve as the demo's categories.
    categoryProperty: 'featureCode',
    // Not SPEC §9 icon categories: the legend shows no category icons for them.
    categories: ['PPLC', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPL', 'PPLX', 'PPLG'],
    zIndex: 7,
    properties: [
      text('name', 'Name'),
      number('population', 'Population'),
      text('country', 'Country'),
      text('featureCode', 'Feature code', false),
      text('adminCode', 'Admin code', false),
      number('cityId', 'GeoNames id', false),
    ],
  },
  {
    id: 'countries',
    name: 'Countries',
    type: 'Polygon',
    workspace: DEMO_WORKSPACE,
    edit: false,
    nameProperty: 'name',
    zIndex: 5,
    opacity: 0.6,
    properties: [text('name', 'Name', false), text('isoNumeric', 'ISO 3166 numeric', false)],
  },
  {
    id: 'borders',
    name: 'Borders',
    type: 'LineString',
    workspace: DEMO_WORKSPACE,
    edit: true,
    nameProperty: 'name',
    zIndex: 6,
    properties: [text('name', 'Name'), text('kind', 'Kind')],
  },
  {
    // Generated demo data (server/seed/demo_roads.ts), not real roads: the embedded router's network.
    id: 'roads',
    name: 'Demo roads (generated)',
    type: 'LineString',
    workspace: DEMO_WORKSPACE,
    edit: false,
    roads: true,
    nameProperty: 'name',
    labelAttribute: 'name',
    strokeColor: '#7A5C2E',
    zIndex: 6,
    properties: [text('name', 'Name', false), text('kind', 'Kind', false)],
  },
];

/** SPEC §3: each editable layer has a companion `<id>_diff` named "<name> updates". */
export const DEMO_DIFF_LAYERS: LayerInput[] = DEMO_LAYERS.filter((l) => l.edit).map((l) => ({
  ...l,
  id: l.id + DIFF_SUFFIX,
  name: l.name + DIFF_NAME_SUFFIX,
  workspace: DEMO_DIFF_WORKSPACE,
}));

export const DEMO_BASE_LAYERS: BaseLayerInput[] = [
  {
    // Offline: served by this server from world-atlas, so the map shows land without internet.
    id: 'ne_land',
    name: 'Natural Earth land (offline)',
    type: 'vector',
    url: '/api/public/basemaps/ne_land.geojson',
    attribution: 'Natural Earth',
    visible: true,
    zIndex: 0,
  },
  {
    id: 'osm',
    name: 'OpenStreetMap',
    type: 'xyz',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    visible: false,
    maxZoom: 19,
    zIndex: 1,
  },
];

/** Stored in apps.config; layersConfig/baseLayersConfig live in their own columns. */
export const DEMO_CONFIG: AppConfigInput = {
  appName: 'Mapdraft demo',
  isPublicApp: true,
  requireAuth: false,
  defaultLanguage: 'en_US',
  appKey: DEMO_APP_KEY,
  appDescriptions: {
    en_US: 'World cities, countries and borders from open data, and a generated demo road network in France for routing. Suggest an edit!',
  },
};
