// The small settings tabs (SPEC §3 Settings): general (language, theme), time (zone, format), map.
import { Field, Input, Radio, RadioGroup, Select, Switch, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_FORMAT, LOCALES, type Locale } from '../model/index.ts';
import { guessTimeZone, useSettingsStore } from '../state/settings_store.ts';
import { formStyle } from './form_layout.ts';

const update = (patch: Parameters<ReturnType<typeof useSettingsStore.getState>['update']>[0]) =>
  void useSettingsStore.getState().update(patch);

export function GeneralSettings() {
  const { t, i18n } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  return (
    <div style={formStyle} data-testid="settings-general">
      <Field label={t('settings.language')}>
        <Select
          value={settings.defaultLanguage}
          data-testid="language-select"
          onChange={(_, d) => {
            const lng = d.value as Locale;
            update({ defaultLanguage: lng });
            void i18n.changeLanguage(lng);
          }}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('settings.theme')}>
        <RadioGroup
          layout="horizontal"
          value={settings.themeMode ?? 'light'}
          onChange={(_, d) => update({ themeMode: d.value === 'dark' ? 'dark' : 'light' })}
        >
          <Radio value="light" label={t('settings.light')} data-testid="theme-light" />
          <Radio value="dark" label={t('settings.dark')} data-testid="theme-dark" />
        </RadioGroup>
      </Field>
    </div>
  );
}

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [guessTimeZone()];
  }
}

export function TimeSettings() {
  const { t } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  // SPEC §9: the time zone from settings, else guessed from the browser.
  const zone = settings.timeZone || guessTimeZone();
  const zones = timeZones();
  return (
    <div style={formStyle} data-testid="settings-time">
      <Field label={t('settings.timeZone')} hint={settings.timeZone ? undefined : t('settings.timeZoneGuessed')}>
        <Select value={zone} onChange={(_, d) => update({ timeZone: d.value })} data-testid="timezone-select">
          {(zones.includes(zone) ? zones : [zone, ...zones]).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('settings.timeFormat')} hint={t('settings.timeFormatHint', { format: DEFAULT_TIME_FORMAT })}>
        <Input
          value={settings.timeFormat}
          onChange={(_, d) => update({ timeFormat: d.value || DEFAULT_TIME_FORMAT })}
          data-testid="timeformat-input"
        />
      </Field>
      <Text size={200}>{t('settings.now', { value: new Date().toLocaleString(undefined, { timeZone: zone }) })}</Text>
    </div>
  );
}

export function MapSettings() {
  const { t } = useTranslation();
  const settings = useSettingsStore((s) => s.settings);
  return (
    <div style={formStyle} data-testid="settings-map">
      <Switch
        label={t('settings.startZoomUserCentered')}
        checked={settings.startZoomUserCentered}
        onChange={(_, d) => update({ startZoomUserCentered: d.checked })}
      />
      <Switch
        label={t('settings.geolocationFeaturesVisible')}
        checked={settings.geolocationFeaturesVisible}
        onChange={(_, d) => update({ geolocationFeaturesVisible: d.checked })}
      />
    </div>
  );
}
