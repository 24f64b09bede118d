// SPEC §2 about page: the app's description in the current language (SPEC §3 appDescriptions,
// keyed by locale; English, then any description, when the language has none).
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Text,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type AppConfig } from '../model/index.ts';
import { DATA_CREDITS } from '../map/credits.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';

export function describeApp(config: AppConfig, language: string): string | undefined {
  const d = config.appDescriptions;
  return d[language] ?? d[DEFAULT_LOCALE] ?? Object.values(d)[0];
}

export function AboutDialog({ config }: { config: AppConfig }) {
  const { t, i18n } = useTranslation();
  const open = useUiStore((s) => s.aboutOpen);
  useReturnFocus(open);
  const setOpen = useUiStore((s) => s.setAboutOpen);
  const text = describeApp(config, i18n.language);
  return (
    <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
      <DialogSurface data-testid="about-dialog">
        <DialogBody>
          <DialogTitle>{t('about.heading', { name: config.appName })}</DialogTitle>
          <DialogContent>
            <Text block>{text ?? t('about.noDescription')}</Text>
            {config.appVersion && (
              <Text block size={200} style={{ marginTop: 12 }}>
                {t('about.version', { version: config.appVersion })}
              </Text>
            )}
            <Text block weight="semibold" style={{ marginTop: 16 }}>
              {t('credits.heading')}
            </Text>
            <ul data-testid="data-credits" style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {DATA_CREDITS.map((c) => (
                <li key={c.id}>
                  <Link href={c.url} target="_blank" rel="noopener noreferrer">
                    {c.name}
                  </Link>
                  {' — '}
                  {t(`credits.${c.id}`)} (
                  <Link href={c.licenceUrl} target="_blank" rel="noopener noreferrer">
                    {c.licenceKey ? t(c.licenceKey) : c.licence}
                  </Link>
                  )
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => setOpen(false)}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
