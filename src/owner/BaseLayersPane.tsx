// SPEC §1 "extra base layers" with the §2/§3 local layer form (name, class, WMS/WMTS/XYZ, url, server
// layer name, description, visible), saved to baseLayersConfig (PUT apps/baselayers).
import { useEffect, useState } from 'react';
import { Button, Checkbox, Field, Input, Select, Spinner, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchBaseLayers, saveBaseLayers } from '../api/owner.ts';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import { LOCAL_LAYER_CLASSES, LOCAL_LAYER_SERVICE_TYPES, baseLayerFromLocal, localLayerSchema, type BaseLayer } from '../model/index.ts';
import { errorKeyOf, notifyError, notifySuccess } from '../state/notifications.ts';

const EMPTY = { name: '', class: 'tile', serviceType: 'XYZ', url: '', serverLayerName: '', description: '' };

export function BaseLayersPane({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const stored = useQuery({ queryKey: ['owner-baselayers', appKey], queryFn: () => fetchBaseLayers(appKey) });
  const [layers, setLayers] = useState<BaseLayer[] | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (stored.data) setLayers(stored.data);
  }, [stored.data]);
  if (!layers) return <Spinner label={t('common.loading')} />;
  const set = (name: keyof typeof EMPTY, value: string) => setForm({ ...form, [name]: value });
  const save = async (next: BaseLayer[]) => {
    setBusy(true);
    try {
      setLayers(await saveBaseLayers(appKey, next));
      notifySuccess('VECTOR_LAYER_SAVED');
      return true;
    } catch (err) {
      notifyError(errorKeyOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = localLayerSchema.safeParse({ ...form, visible });
    if (!parsed.success) return notifyError('FIELD_REQUIRED');
    const layer = baseLayerFromLocal(
      parsed.data,
      layers.map((l) => l.id),
    );
    if (await save([...layers, layer])) setForm(EMPTY);
  };
  return (
    <div style={formStyle}>
      {layers.length === 0 && <Text>{t('owner.baseLayers.none')}</Text>}
      {layers.map((l) => (
        <div key={l.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }} data-testid="base-layer-row">
          <Text style={{ flex: 1, minWidth: 0 }} truncate>
            {l.name} <Text size={200}>({l.type.toUpperCase()})</Text>
          </Text>
          <Button size="small" disabled={busy} onClick={() => void save(layers.filter((x) => x.id !== l.id))}>
            {t('owner.layers.remove')}
          </Button>
        </div>
      ))}
      <Text weight="semibold">{t('owner.baseLayers.add')}</Text>
      <form style={formStyle} onSubmit={add} noValidate data-testid="base-layer-form">
        <Field label={t('owner.baseLayers.name')} required>
          <Input value={form.name} onChange={(_, d) => set('name', d.value)} data-testid="base-layer-name" />
        </Field>
        <Field label={t('owner.baseLayers.class')}>
          <Select value={form.class} onChange={(_, d) => set('class', d.value)}>
            {LOCAL_LAYER_CLASSES.map((c) => (
              <option key={c} value={c}>
                {t(`owner.baseLayers.classes.${c}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('owner.baseLayers.serviceType')}>
          <Select value={form.serviceType} onChange={(_, d) => set('serviceType', d.value)} data-testid="base-layer-service">
            {LOCAL_LAYER_SERVICE_TYPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('owner.baseLayers.url')} required hint={form.serviceType === 'XYZ' ? 'https://…/{z}/{x}/{y}.png' : undefined}>
          <Input value={form.url} onChange={(_, d) => set('url', d.value)} data-testid="base-layer-url" />
        </Field>
        {form.serviceType !== 'XYZ' && (
          <Field label={t('owner.baseLayers.serverLayerName')}>
            <Input value={form.serverLayerName} onChange={(_, d) => set('serverLayerName', d.value)} />
          </Field>
        )}
        <Field label={t('owner.baseLayers.description')}>
          <Input value={form.description} onChange={(_, d) => set('description', d.value)} />
        </Field>
        <Checkbox checked={visible} onChange={(_, d) => setVisible(!!d.checked)} label={t('owner.layers.visible')} />
        <div style={actionsStyle}>
          <Button appearance="primary" type="submit" disabled={busy} data-testid="base-layer-add">
            {t('owner.baseLayers.addButton')}
          </Button>
        </div>
      </form>
    </div>
  );
}
