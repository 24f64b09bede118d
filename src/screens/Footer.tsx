// SPEC §2 footer imprint (SPEC §3 appFooter): one short line under the map; absent when unset.
// On a touch screen the About link is a 44 px target (issue 19): taller, not bigger text.
import { Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { TOUCH_QUERY } from '../state/use_media_query.ts';
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
    [`@media ${TOUCH_QUERY}`]: { paddingTop: 0, paddingBottom: 0 },
  },
  imprint: { overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 },
  about: {
    [`@media ${TOUCH_QUERY}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minHeight: '44px',
      minWidth: '44px',
      padding: `0 ${tokens.spacingHorizontalS}`,
    },
  },
});

export function Footer({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <footer className={styles.footer} data-testid="app-footer">
      <Caption1 className={styles.imprint}>{config.appFooter ?? t('footer.imprint', { name: config.appName })}</Caption1>
      <Link as="button" className={styles.about} data-testid="footer-about" onClick={() => useUiStore.getState().setAboutOpen(true)}>
        <Caption1>{t('about.title')}</Caption1>
      </Link>
    </footer>
  );
}
