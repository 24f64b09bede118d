// SPEC §2: two persistent notifications, one offering a refresh when a new app version is found,
// one saying the app is offline. They stay until the state changes (no time-out, no close). The
// offline one says what is true: the device's data is shown, suggestions are kept and
// sent later, and how many wait. "Offline" includes a server that does not answer.
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { refreshToNewVersion, usePwaStore } from './register_sw.ts';
import { useOnline } from './connectivity.ts';
import { useOutbox } from '../outbox/outbox.ts';
import { MAP_PLACES } from '../map/map_layout.ts';

const useStyles = makeStyles({
  host: {
    position: 'fixed',
    left: '50%',
    transform: 'translateX(-50%)',
    top: '60px',
    zIndex: 1000,
    width: 'min(560px, calc(100vw - 16px))',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    pointerEvents: 'none',
    // On a phone (issue 19): below the search field and the review buttons ("My suggestions"; an
    // admin's two wrap onto two lines, 100 px), right of the map's button column (zoom, location,
    // track, route), all of which stay usable offline.
    '@media (max-width: 599px)': {
      top: `calc(${MAP_PLACES.belowSearch} + 108px)`,
      left: MAP_PLACES.besideZoom,
      right: '8px',
      width: 'auto',
      transform: 'none',
    },
  },
  bar: { pointerEvents: 'auto' },
});

export function PwaNotices() {
  const { t } = useTranslation();
  const styles = useStyles();
  const online = useOnline();
  const waiting = useOutbox((s) => s.items.length);
  const updateAvailable = usePwaStore((s) => s.updateAvailable);
  if (online && !updateAvailable) return null;
  return (
    <div className={styles.host}>
      {!online && (
        <MessageBar intent="warning" layout="multiline" className={styles.bar} data-testid="offline-notice" role="status">
          <MessageBarBody>
            <MessageBarTitle>{t('pwa.offlineTitle')}</MessageBarTitle>
            {t('pwa.offlineText')}
            {waiting > 0 && <> {t('pwa.waitingCount', { count: waiting })}</>}
          </MessageBarBody>
          {waiting > 0 && (
            <MessageBarActions>
              <Button onClick={() => useOutbox.setState({ open: true })} data-testid="offline-outbox-open">
                {t('pwa.showWaiting')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {updateAvailable && (
        <MessageBar intent="info" layout="multiline" className={styles.bar} data-testid="update-notice">
          <MessageBarBody>
            <MessageBarTitle>{t('pwa.updateTitle')}</MessageBarTitle>
            {t('pwa.updateText')}
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={() => void refreshToNewVersion()} data-testid="update-refresh">
              {t('pwa.refresh')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </div>
  );
}
