// SPEC §2 "Add vector layer form" / §3 Layer import: title, geometry type and property rows (name, one
// of the 14 types, editAdminOnly). §5: at least one property, no repeated name ("property already
// exists"), a name property recommended. Saved as a real empty layer (POST import) → "vector layer saved".
import { useState } from 'react';
import { Button, Checkbox, Field, Input, Select, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { importEmptyLayer } from '../api/owner.ts';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import {
  GEOMETRY_TYPES,
  PROPERTY_TYPES,
  hasNameProperty,
  layerImportSchema,
  validateLayerProperties,
  validateNewPropertyName,
  type GeometryType,
  type PropertyType,
} from '../model/index.ts';
import { errorKeyOf, notifyError, notifySuccess } from '../state/notifications.ts';

interface Row {
  name: string;
  type: PropertyType;
  editAdminOnly: boolean;
}

export function VectorLayerForm({ appKey, onSaved }: { appKey: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [geometryType, setGeometryType] = useState<GeometryType>('Point');
  const [rows, setRows] = useState<Row[]>([]);
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<PropertyType>('TEXT');
  const [busy, setBusy] = useState(false);

  const addRow = () => {
    const rule = validateNewPropertyName(rows, newName);
    if (!rule.ok) return notifyError(rule.error);
    setRows([...rows, { name: newName.trim(), type: newType, editAdminOnly: false }]);
    setNewName('');
  };
  const patchRow = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    // SPEC §5 with its own messages first (at least one property, no repeated name), then the rest of the shape.
    const rule = validateLayerProperties(rows);
    if (!rule.ok) return notifyError(rule.error);
    const parsed = layerImportSchema.safeParse({
      title,
      geometryType,
      properties: rows,
      nameProperty: hasNameProperty(rows) ? 'name' : undefined,
    });
    if (!parsed.success) return notifyError('FIELD_REQUIRED');
    setBusy(true);
    try {
      await importEmptyLayer(appKey, parsed.data);
      notifySuccess('VECTOR_LAYER_SAVED');
      setTitle('');
      setRows([]);
      onSaved();
    } catch (err) {
      notifyError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form style={formStyle} onSubmit={save} data-testid="vector-layer-form" noValidate>
      <Field label={t('owner.layers.title')} required>
        <Input value={title} onChange={(_, d) => setTitle(d.value)} data-testid="layer-title" />
      </Field>
      <Field label={t('owner.layers.geometryType')}>
        <Select value={geometryType} onChange={(_, d) => setGeometryType(d.value as GeometryType)} data-testid="layer-geometry">
          {GEOMETRY_TYPES.map((g) => (
            <option key={g} value={g}>
              {t(`layerTypes.${g}`, { defaultValue: g })}
            </option>
          ))}
        </Select>
      </Field>
      <Text weight="semibold">{t('owner.layers.properties')}</Text>
      {rows.map((row, i) => (
        <div key={row.name} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }} data-testid="property-row">
          <Text style={{ minWidth: 90 }}>{row.name}</Text>
          <Select
            size="small"
            value={row.type}
            onChange={(_, d) => patchRow(i, { type: d.value as PropertyType })}
            aria-label={t('owner.layers.type')}
          >
            {PROPERTY_TYPES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
          <Checkbox
            checked={row.editAdminOnly}
            onChange={(_, d) => patchRow(i, { editAdminOnly: !!d.checked })}
            label={t('owner.layers.editAdminOnly')}
          />
          <Button size="small" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            {t('owner.layers.remove')}
          </Button>
        </div>
      ))}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <Field label={t('owner.layers.propertyName')}>
          <Input value={newName} onChange={(_, d) => setNewName(d.value)} data-testid="property-name" />
        </Field>
        <Field label={t('owner.layers.type')}>
          <Select value={newType} onChange={(_, d) => setNewType(d.value as PropertyType)} data-testid="property-type">
            {PROPERTY_TYPES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Button onClick={addRow} data-testid="property-add">
          {t('owner.layers.addProperty')}
        </Button>
      </div>
      {rows.length > 0 && !hasNameProperty(rows) && <Text size={200}>{t('errors.NAME_PROPERTY_RECOMMENDED')}</Text>}
      <div style={actionsStyle}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="layer-save">
          {t('owner.layers.save')}
        </Button>
      </div>
    </form>
  );
}
