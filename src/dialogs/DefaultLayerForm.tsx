// SPEC §2 "Choose default layer": a select of geographic layers, non-editable layers disabled,
// with cancel and submit. The choice is a user setting (SPEC §3 Settings defaultLayer).
import { useState } from 'react';
import { Button, Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { GEOMETRY_TYPES, isDiffLayerId, type AppConfig, type Layer } from '../model/index.ts';
import { useSettingsStore } from '../state/settings_store.ts';
import { actionsStyle, formStyle } from './form_layout.ts';

/** Geographic layers: vector layers with a geometry type, not the diff companions. */
export function geographicLayers(config: AppConfig): Layer[] {
  return config.layersConfig.filter((l) => !isDiffLayerId(l.id) && (GEOMETRY_TYPES as readonly string[]).includes(l.type));
}

export function DefaultLayerForm({ config, onDone }: { config: AppConfig; onDone: () => void }) {
  const { t } = useTranslation();
  const current = useSettingsStore((s) => s.settings.defaultLayer);
  const layers = geographicLayers(config);
  const [value, setValue] = useState(current ?? layers.find((l) => l.edit)?.id ?? '');
  return (
    <form
      style={formStyle}
      data-testid="default-layer-form"
      onSubmit={(e) => {
        e.preventDefault();
        void useSettingsStore.getState().update({ defaultLayer: value || undefined });
        onDone();
      }}
    >
      <Field label={t('settings.defaultLayer')} hint={t('settings.defaultLayerHint')}>
        <Select value={value} onChange={(_, d) => setValue(d.value)} data-testid="default-layer-select">
          <option value="">{t('settings.noDefaultLayer')}</option>
          {layers.map((l) => (
            <option key={l.id} value={l.id} disabled={!l.edit}>
              {l.edit ? l.name : t('settings.notEditable', { name: l.name })}
            </option>
          ))}
        </Select>
      </Field>
      <div style={actionsStyle}>
        <Button onClick={onDone} data-testid="default-layer-cancel">
          {t('common.cancel')}
        </Button>
        <Button appearance="primary" type="submit" data-testid="default-layer-submit">
          {t('common.submit')}
        </Button>
      </div>
    </form>
  );
}
