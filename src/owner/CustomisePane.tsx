// SPEC §1/§3 customisation: title, the three colours (§5: only primaryColor, secondaryColor and
// accentColor are colour types), font size, theme, default language and footer. The app shows the
// change on its next load.
import { useEffect, useState } from 'react';
import { Button, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchConfig, saveConfig, uploadAppIcon } from '../api/owner.ts';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import { COLOR_TYPES, LOCALES, THEME_MODES, validateColorType, type AppConfig, type ColorType } from '../model/index.ts';
import { errorKeyOf, notify, notifyError } from '../state/notifications.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export function CustomisePane({ appKey, onSaved }: { appKey: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: ['owner-config', appKey], queryFn: () => fetchConfig(appKey) });
  const [draft, setDraft] = useState<AppConfig | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (config.data) setDraft(config.data);
  }, [config.data]);
  if (!draft) return <Spinner label={t('common.loading')} />;
  const set = <K extends keyof AppConfig>(key: K, value: AppConfig[K]) => setDraft({ ...draft, [key]: value });
  const setColor = (type: ColorType, value: string) => {
    const rule = validateColorType(type);
    if (!rule.ok) return notifyError(rule.error);
    set(type, value);
  };
  // SPEC §5 logo media types: the server makes the manifest's icons from PNG, JPEG or GIF.
  const uploadIcon = async (file: File | undefined) => {
    if (!file) return notifyError('NO_FILES_SELECTED');
    if (!LOGO_TYPES.includes(file.type)) return notifyError('LOGO_MEDIA_TYPE_NOT_SUPPORTED');
    setBusy(true);
    try {
      const { appIcon } = await uploadAppIcon(appKey, file);
      setDraft({ ...draft, appIcon });
      notify({ intent: 'success', textKey: 'owner.customise.iconSaved' });
    } catch (err) {
      notifyError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setDraft(await saveConfig(appKey, draft));
      notify({ intent: 'success', textKey: 'owner.customise.saved' });
      onSaved();
    } catch (err) {
      notifyError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form style={formStyle} onSubmit={save} data-testid="customise-form">
      <Field label={t('owner.customise.appName')} required>
        <Input value={draft.appName} onChange={(_, d) => set('appName', d.value)} data-testid="customise-appName" />
      </Field>
      {/* Native inputs take the Field's label and hint through its render prop (Fluent controls get them by themselves). */}
      <Field label={t('owner.customise.icon')} hint={t('owner.customise.iconHint')}>
        {(labelled) => (
          <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            {draft.appIcon && <img src={draft.appIcon} alt="" width={48} height={48} data-testid="customise-icon-preview" />}
            <input
              {...labelled}
              type="file"
              accept={LOGO_TYPES.join(',')}
              disabled={busy}
              onChange={(e) => void uploadIcon(e.target.files?.[0])}
              data-testid="customise-icon"
            />
          </div>
        )}
      </Field>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {COLOR_TYPES.map((type) => (
          <Field key={type} label={t(`owner.customise.${type}`)}>
            {(labelled) => (
              <input
                {...labelled}
                type="color"
                value={draft[type]}
                onChange={(e) => setColor(type, e.target.value)}
                data-testid={`customise-${type}`}
              />
            )}
          </Field>
        ))}
      </div>
      <Field label={t('owner.customise.fontSize')}>
        <Input
          type="number"
          min={10}
          max={24}
          value={String(draft.fontSize)}
          onChange={(_, d) => Number(d.value) > 0 && set('fontSize', Number(d.value))}
          data-testid="customise-fontSize"
        />
      </Field>
      <Field label={t('owner.customise.themeMode')}>
        <Select value={draft.themeMode} onChange={(_, d) => set('themeMode', d.value as AppConfig['themeMode'])}>
          {THEME_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`owner.customise.theme.${m}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('owner.customise.defaultLanguage')}>
        <Select value={draft.defaultLanguage} onChange={(_, d) => set('defaultLanguage', d.value as AppConfig['defaultLanguage'])}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('owner.customise.appFooter')}>
        <Input value={draft.appFooter ?? ''} onChange={(_, d) => set('appFooter', d.value || undefined)} />
      </Field>
      <div style={actionsStyle}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="customise-save">
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
