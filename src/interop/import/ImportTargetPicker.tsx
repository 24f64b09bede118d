// Where the features go: a new layer of the owner's (its title; features stored directly) or an
// existing editable layer of the file's geometry type, as suggestions reviewed in the queue.
import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { GeometryType, Layer } from '../../model/index.ts';
import type { ImportTarget } from './import_plan.ts';

interface Props {
  target: ImportTarget;
  onChange: (target: ImportTarget) => void;
  /** Layers of the file's geometry type that take suggestions. */
  layers: Layer[];
  canCreateLayer: boolean;
  geometryType: GeometryType;
  newTitle: string;
}

export function ImportTargetPicker({ target, onChange, layers, canCreateLayer, geometryType, newTitle }: Props) {
  const { t } = useTranslation();
  const newTarget = (): ImportTarget => ({ kind: 'new', title: newTitle, types: target.kind === 'new' ? target.types : {} });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Field label={t('import.target')}>
        <RadioGroup
          value={target.kind}
          onChange={(_, d) => onChange(d.value === 'new' ? newTarget() : { kind: 'existing', layerId: layers[0]?.id ?? '' })}
        >
          {canCreateLayer && (
            <Radio value="new" label={t('import.newLayer', { type: t(`layerTypes.${geometryType}`) })} data-testid="import-target-new" />
          )}
          <Radio value="existing" label={t('import.existingLayer')} disabled={!layers.length} data-testid="import-target-existing" />
        </RadioGroup>
      </Field>
      {target.kind === 'new' && (
        <Field label={t('import.layerTitle')} required>
          <Input value={target.title} onChange={(_, d) => onChange({ ...target, title: d.value })} data-testid="import-layer-title" />
        </Field>
      )}
      {target.kind === 'existing' && (
        <Field label={t('import.layer')}>
          <Select value={target.layerId} onChange={(_, d) => onChange({ kind: 'existing', layerId: d.value })} data-testid="import-layer">
            {layers.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </div>
  );
}
