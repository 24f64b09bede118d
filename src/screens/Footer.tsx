// SPEC §2 footer imprint (SPEC §3 appFooter): one short line under the map; absent when unset.
import { Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { useUiStore } from '../state/ui_store.ts';

const useStyles = makeStyles({
  footer: {
    flexShrink: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: `2px ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
  },
  imprint: { overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 },
});

export function Footer({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <footer className={styles.footer} data-testid="app-footer">
      <Caption1 className={styles.imprint}>{config.appFooter ?? t('footer.imprint', { name: config.appName })}</Caption1>
      <Link as="button" onClick={() => useUiStore.getState().setAboutOpen(true)}>
        <Caption1>{t('about.title')}</Caption1>
      </Link>
    </footer>
  );
}
