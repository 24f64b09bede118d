// SPEC §2 route description panel: the start and destination (my position, or the selected feature:
// a tapped one or a chosen search result), then the distance and time (SPEC §9 formats), the steps
// and the hand-off to a navigation app (SPEC §1). Test hooks: data-testid="route-panel",
// "route-origin-place", "route-destination-place", "route-distance", "route-time", "route-failure",
// "route-nav" (links with data-service).
import { useState } from 'react';
import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowSwap20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDistance, formatDuration, type AppConfig, type RouteStep } from '../model/index.ts';
import { myPosition, selectedFeatureEnd } from './route_ends.ts';
import { useRoute, type RouteEnd, type RouteFailure } from './route_store.ts';
import { NavigationLinks } from './NavigationLinks.tsx';
import { MAP_PLACES } from '../map/map_layout.ts';

const useStyles = makeStyles({
  card: {
    position: 'absolute',
    left: '8px',
    bottom: '8px',
    width: 'min(400px, calc(100% - 16px))',
    maxHeight: '55%',
    overflowY: 'auto',
    zIndex: 14,
    // Phones (PHONE_QUERY): a feature's bottom sheet holds the lower half, so the panel sits under
    // the search field, above the sheet, and both stay usable (issue 19).
    '@media (max-width: 599px)': { top: MAP_PLACES.belowSearch, bottom: 'auto', maxHeight: '38%', zIndex: 21 },
  },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  end: { display: 'grid', gridTemplateColumns: '3.5em 1fr', alignItems: 'center', gap: tokens.spacingHorizontalS },
  picks: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  place: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis' },
  summary: { display: 'flex', gap: tokens.spacingHorizontalL, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  steps: { margin: 0, paddingInlineStart: '1.4em', fontSize: tokens.fontSizeBase200 },
  note: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const coords = ([lon, lat]: readonly number[]) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

function EndRow({ which, end }: { which: 'origin' | 'destination'; end?: RouteEnd }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [problem, setProblem] = useState<string>();
  const set = which === 'origin' ? useRoute.getState().setOrigin : useRoute.getState().setDestination;
  const fromPosition = async () => {
    const at = await myPosition();
    setProblem(at ? undefined : t('route.noPosition'));
    if (at) set(at, t('route.myPosition'));
  };
  const fromSelection = async () => {
    const picked = await selectedFeatureEnd();
    setProblem(picked ? undefined : t('route.noSelection'));
    if (picked) set(picked.at, picked.label);
  };
  return (
    <div className={styles.end} data-testid={`route-${which}`}>
      <Text>{t(`route.${which}`)}</Text>
      <Text className={styles.place} data-testid={`route-${which}-place`}>
        {end ? (end.label ?? coords(end.at)) : '—'}
      </Text>
      <span />
      <div className={styles.picks}>
        <Button size="small" onClick={() => void fromPosition()} data-testid={`route-${which}-position`}>
          {t('route.myPosition')}
        </Button>
        <Button size="small" onClick={() => void fromSelection()} data-testid={`route-${which}-selected`}>
          {t('route.selected')}
        </Button>
      </div>
      {problem && <Text className={styles.note}>{problem}</Text>}
    </div>
  );
}

function stepText(step: RouteStep, t: TFunction): string {
  if (step.instruction) return step.instruction;
  if (step.kind === 'depart') return t('route.step.depart');
  if (step.kind === 'arrive') return t('route.step.arrive');
  return step.name ? t('route.step.road', { name: step.name }) : t('route.step.roadUnnamed');
}

function failureText(failure: RouteFailure, t: TFunction): string {
  if (failure.kind === 'noRoute') return t(`route.noRoute.${failure.reason}`);
  return failure.status ? t('route.serviceFailed', { status: failure.status }) : t('route.serviceUnreachable');
}

export function RoutePanel({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { open, origin, destination, status, route, failure } = useRoute();
  if (!open) return null;
  return (
    <Card className={styles.card} data-testid="route-panel" data-status={status} aria-label={t('route.title')}>
      <div className={styles.header}>
        <Text weight="semibold">{t('route.title')}</Text>
        <div>
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowSwap20Regular />}
            aria-label={t('route.swap')}
            onClick={useRoute.getState().swap}
          />
          <Button size="small" appearance="subtle" onClick={useRoute.getState().clear} data-testid="route-close">
            {t('common.close')}
          </Button>
        </div>
      </div>
      <EndRow which="origin" end={origin} />
      <EndRow which="destination" end={destination} />
      {status === 'idle' && (!origin || !destination) && <Text className={styles.note}>{t('route.choose')}</Text>}
      {status === 'loading' && <Text className={styles.note}>{t('route.computing')}</Text>}
      {status === 'failed' && failure && (
        <Text className={styles.error} data-testid="route-failure" role="alert">
          {failureText(failure, t)}
        </Text>
      )}
      {status === 'done' && route && (
        <>
          <div className={styles.summary}>
            <span data-testid="route-distance">{formatDistance(route.distance)}</span>
            <span data-testid="route-time">{formatDuration(route.time)}</span>
          </div>
          <ol className={styles.steps} aria-label={t('route.steps')}>
            {route.steps.map((s) => (
              <li key={`${s.kind ?? ''}-${s.name ?? s.instruction}-${s.distance}-${s.duration}`}>
                {stepText(s, t)} · {formatDistance(s.distance)}
              </li>
            ))}
          </ol>
        </>
      )}
      {destination && <NavigationLinks destination={destination} preferred={config.navigationService} />}
    </Card>
  );
}
