// SPEC §1 navigation hand-off: the destination opened in the device's map app (geo: URI), Google
// Maps, Apple Maps or OsmAnd with one tap; the app config's `navigationService` is the main button.
import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { navigationLink, navigationServicesFor, type NavigationService } from '../model/index.ts';
import type { RouteEnd } from './route_store.ts';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  first: { fontWeight: tokens.fontWeightSemibold },
});

export function NavigationLinks({ destination, preferred }: { destination: RouteEnd; preferred?: NavigationService }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.row} data-testid="route-nav">
      <Text>{t('route.openIn')}</Text>
      {navigationServicesFor(preferred).map((service, i) => (
        <Link
          key={service}
          className={i === 0 && preferred ? styles.first : undefined}
          href={navigationLink(service, destination.at, destination.label)}
          target={service === 'geo' ? undefined : '_blank'}
          rel="noopener noreferrer"
          data-service={service}
        >
          {t(`route.nav.${service}`)}
        </Link>
      ))}
    </div>
  );
}
