// Layer rules: diff-layer naming (SPEC §3), z-order (SPEC §9), property rows (SPEC §5).
import { DEFAULT_LAYER_Z_INDEX, DIFF_LAYER_Z_INDEX_BASE, DIFF_NAME_SUFFIX, DIFF_SUFFIX, Z_ORDER } from '../constants.ts';
import { fail, OK, type RuleResult } from './result.ts';

/** SPEC §3: the companion diff layer id is the layer id suffixed _diff. */
export function diffLayerId(layerId: string): string {
  return layerId + DIFF_SUFFIX;
}

export function isDiffLayerId(layerId: string): boolean {
  return layerId.length > DIFF_SUFFIX.length && layerId.endsWith(DIFF_SUFFIX);
}

/** The layer a diff layer belongs to; other ids are returned unchanged. */
export function baseLayerId(layerId: string): string {
  return isDiffLayerId(layerId) ? layerId.slice(0, -DIFF_SUFFIX.length) : layerId;
}

/** SPEC §3: the diff layer is named after the layer plus "updates". */
export function diffLayerName(layerName: string): string {
  return layerName + DIFF_NAME_SUFFIX;
}

/** What companionDiffLayers needs of a layer (a Layer of the model fits). */
export interface CompanionSource {
  id: string;
  name: string;
  type: string;
  edit?: boolean;
  workspace?: string;
}

/**
 * SPEC §3 "each editable vector layer has a companion diff layer": the layers with, right after each
 * editable one, its `_diff` companion in the workspace `diffWorkspaceOf` names for it (undefined where
 * the layer has none). A companion already listed is kept as it is, not doubled.
 */
export function companionDiffLayers<L extends CompanionSource>(
  layers: readonly L[],
  diffWorkspaceOf: (layer: L) => string | undefined,
): L[] {
  const listed = new Set(layers.map((l) => l.id));
  return layers.flatMap((layer) => {
    const diffWorkspace = diffWorkspaceOf(layer);
    const id = diffLayerId(layer.id);
    if (!layer.edit || isDiffLayerId(layer.id) || layer.type === 'wms' || !diffWorkspace || listed.has(id)) return [layer];
    return [layer, { ...layer, id, name: diffLayerName(layer.name), workspace: diffWorkspace }];
  });
}

/** Slots per z-order group; a layer's own zIndex (0–9, default 5) orders it inside its group. */
export const Z_ORDER_GROUP_SIZE = 10;

export type ZOrderGroup = keyof typeof Z_ORDER;

export interface ZOrderable {
  id?: string;
  type: string;
  basemap?: boolean;
  zIndex?: number;
}

export function zOrderGroup(layer: ZOrderable): ZOrderGroup {
  if (layer.basemap) return 'baseMap';
  if (layer.type === 'Polygon' || layer.type === 'LineString' || layer.type === 'Point') return layer.type;
  return 'tile';
}

/**
 * SPEC §9: base maps < tile layers < polygons < lines < points, diff layers above their layers
 * from 100. Base maps get 0–9, tiles 10–19, polygons 20–29, lines 30–39, points 40–49; a diff
 * layer gets 100 plus the slot of its geometry group, so every diff layer is above every layer.
 */
export function layerZIndex(layer: ZOrderable): number {
  const own = Math.min(Z_ORDER_GROUP_SIZE - 1, Math.max(0, Math.round(layer.zIndex ?? DEFAULT_LAYER_Z_INDEX)));
  const slot = Z_ORDER[zOrderGroup(layer)] * Z_ORDER_GROUP_SIZE + own;
  return layer.id !== undefined && isDiffLayerId(layer.id) ? DIFF_LAYER_Z_INDEX_BASE + slot : slot;
}

/** Property names compare trimmed and case-insensitively: database columns ignore case. */
function propertyKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Indexes of rows whose name repeats an earlier row's name. */
export function duplicatePropertyNames(rows: readonly { name: string }[]): number[] {
  const seen = new Set<string>();
  const dupes: number[] = [];
  rows.forEach((row, i) => {
    const key = propertyKey(row.name);
    if (seen.has(key)) dupes.push(i);
    seen.add(key);
  });
  return dupes;
}

/** SPEC §5: a name property is recommended (a hint, not an error). */
export function hasNameProperty(rows: readonly { name: string }[]): boolean {
  return rows.some((r) => propertyKey(r.name) === 'name');
}

/** SPEC §5: at least one property; duplicate property names rejected. */
export function validateLayerProperties(rows: readonly { name: string }[]): RuleResult {
  if (rows.length === 0) return fail('LAYER_PROPERTY_REQUIRED');
  const [first] = duplicatePropertyNames(rows);
  if (first !== undefined) {
    return fail('PROPERTY_ALREADY_EXISTS', `The property "${rows[first].name.trim()}" already exists.`);
  }
  return OK;
}

/** SPEC §5: a new property must not repeat an existing one (the "property already exists" notification). */
export function validateNewPropertyName(existing: readonly { name: string }[], name: string): RuleResult {
  if (name.trim() === '') return fail('FIELD_REQUIRED');
  return existing.some((r) => propertyKey(r.name) === propertyKey(name)) ? fail('PROPERTY_ALREADY_EXISTS') : OK;
}

/**
 * SPEC §5 "A maps-service key that is incorrect or already existing is rejected": a layer's key in
 * the maps service (its id, written as workspace:key in LAYERS) is lower-case letters, digits and
 * underscores, starts with a letter, and never ends in `_diff` (that name is its companion's, §3).
 */
export const LAYER_KEY_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** A maps-service key made from a layer title: "Street trees (2024)" → "street_trees_2024". */
export function layerKeyFromTitle(title: string): string {
  const key = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return /^[a-z]/.test(key) ? key : `layer_${key}`.replace(/_+$/, '');
}

/** SPEC §5 key checks against the keys the workspace already holds ("key incorrect", "key exists"). */
export function validateLayerKey(key: string, existing: readonly string[]): RuleResult {
  if (!LAYER_KEY_PATTERN.test(key) || isDiffLayerId(key)) return fail('KEY_INCORRECT');
  return existing.includes(key) ? fail('KEY_EXISTS') : OK;
}
