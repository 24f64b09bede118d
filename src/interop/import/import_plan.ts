// What an import will do, decided from the file's summary and the user's choices, before anything
// is sent: the new layer's definition (SPEC §3 Layer import: title, geometry type, property rows)
// or the existing layer's property types, and the column mapping the worker applies.
import {
  defaultPropertyMapping,
  GEOMETRY_TYPES,
  type GeometryType,
  type Layer,
  type LayerImport,
  type PropertyMapping,
  type PropertyType,
} from '../../model/index.ts';
import type { ImportSummary } from '../../../workers/import/protocol.ts';

export type ImportTarget = { kind: 'new'; title: string; types: Record<string, PropertyType> } | { kind: 'existing'; layerId: string };

/** Layers a file can be imported into as suggestions: editable vector layers with a workspace. */
export function importableLayers(layers: readonly Layer[]): Layer[] {
  return layers.filter((l) => l.type !== 'wms' && l.workspace && l.edit && !l.id.endsWith('_diff'));
}

/** The file's main geometry family (most features), as a layer's geometry type. */
export function fileGeometryType(summary: ImportSummary): GeometryType {
  const first = summary.geometryFamilies.find((f): f is GeometryType => (GEOMETRY_TYPES as readonly string[]).includes(f));
  return first ?? 'Point';
}

/** A new layer's title from the file name: "street_trees-2024.gpkg" → "street trees 2024". */
export function titleFromFileName(name: string): string {
  return (
    name
      .replace(/\.[^.]+$/, '')
      .replace(/[_-]+/g, ' ')
      .trim() || 'Imported'
  );
}

export function initialMapping(summary: ImportSummary, target: ImportTarget, layers: readonly Layer[]): PropertyMapping {
  if (target.kind === 'new') return defaultPropertyMapping(summary.columns);
  const layer = layers.find((l) => l.id === target.layerId);
  return defaultPropertyMapping(
    summary.columns,
    (layer?.properties ?? []).filter((p) => p.editable).map((p) => p.name),
  );
}

/** The new layer's definition: one property per mapped column, typed as chosen; "name" as its name property. */
export function newLayerDefinition(
  target: Extract<ImportTarget, { kind: 'new' }>,
  geometryType: GeometryType,
  mapping: PropertyMapping,
): LayerImport {
  const properties = Object.entries(mapping)
    .filter((entry): entry is [string, string] => !!entry[1])
    .map(([column, name]) => ({ name, type: target.types[column] ?? 'TEXT', editAdminOnly: false }));
  const nameProperty = properties.find((p) => p.name.toLowerCase() === 'name')?.name;
  return { title: target.title.trim(), geometryType, properties, nameProperty };
}

/** Property name → type, as the worker coerces values (model `mapImportProperties`). */
export function propertyTypes(target: ImportTarget, mapping: PropertyMapping, layers: readonly Layer[]): Record<string, PropertyType> {
  if (target.kind === 'new') {
    const types: Record<string, PropertyType> = {};
    for (const [column, name] of Object.entries(mapping)) if (name) types[name] = target.types[column] ?? 'TEXT';
    return types;
  }
  const layer = layers.find((l) => l.id === target.layerId);
  return Object.fromEntries((layer?.properties ?? []).map((p) => [p.name, p.type]));
}
