// SPEC §7 species-observation service results in the search panel: each observation's species, its
// threat status with the status's source, when and where; choosing one with a position centres the
// map there. A failure says so with the SPEC §8 text and the service's HTTP status.
import { Badge, Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ServiceObservation } from '../api/observation_service.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { fitLonLatExtent } from './go_to_result.ts';

const useStyles = makeStyles({
  group: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalS}`,
  },
  go: { justifyContent: 'flex-start', textAlign: 'start', minHeight: '40px', fontWeight: tokens.fontWeightRegular },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, width: '100%' },
  error: { display: 'block', padding: tokens.spacingVerticalS, color: tokens.colorPaletteRedForeground1 },
});

export function ServiceObservations({
  items,
  error,
  onDone,
}: {
  items: ServiceObservation[];
  /** The HTTP status of a failure (0: not reached); undefined when it answered. */
  error?: number;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  if (!items.length && error === undefined) return null;
  return (
    <div role="group" aria-label={t('search.serviceObservations')} data-testid="search-service">
      <Text className={styles.group}>{t('search.serviceObservations')}</Text>
      {error !== undefined && (
        <Text className={styles.error} role="alert" data-testid="search-service-error">
          {t('search.serviceFailed', { message: t('errors.SPECIES_SERVICE_FAILED'), status: error || '—' })}
        </Text>
      )}
      {items.map((o) => (
        <div key={o.id} className={styles.row} data-testid="search-service-observation" data-species={o.scientificName}>
          <Button
            appearance="subtle"
            className={styles.go}
            disabled={o.lon === undefined}
            onClick={() => {
              fitLonLatExtent(map, [o.lon!, o.lat!, o.lon!, o.lat!]);
              onDone();
            }}
          >
            {o.commonName ? `${o.commonName} (${o.scientificName})` : o.scientificName}
          </Button>
          {o.status && (
            <Badge size="small" appearance={o.endangered ? 'filled' : 'outline'} color={o.endangered ? 'danger' : 'informative'}>
              {t(`observations.status.${o.status}`, { defaultValue: o.status })}
            </Badge>
          )}
          <span className={styles.meta}>
            {[
              o.observedAt && new Date(o.observedAt).toLocaleDateString(i18n.language.replace('_', '-')),
              o.place,
              o.observer,
              o.statusSource && t('observations.source', { source: o.statusSource }),
            ]
              .filter(Boolean)
              .join(' · ')}
            {o.url && (
              <>
                {' · '}
                <Link href={o.url} target="_blank" rel="noopener noreferrer">
                  {t('search.serviceOpen')}
                </Link>
              </>
            )}
          </span>
        </div>
      ))}
    </div>
  );
}
