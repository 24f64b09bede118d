// SPEC §1/§2 observations in the feature prompt: each species seen at the feature, how many and when,
// with its threat status and the status's source (endangered ones stand out); demo data says so.
// A logged-in user adds one as a suggestion (reviewed like the other attachments).
import { useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useFeatureObservations } from '../api/observations.ts';
import { ObservationDialog } from '../attachments/ObservationDialog.tsx';
import { useFeatureUi } from '../ui/context.ts';
import { formatDate } from '../ui/format_date.ts';
import { useSpecies } from './use_species.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

const useStyles = makeStyles({
  list: { paddingLeft: '18px', margin: 0 },
  item: { marginBottom: tokens.spacingVerticalS },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** The feature's observations, and (logged in, the layer known) the button to suggest one. */
export function ObservationsTab({ gfid, workspace, layerId }: { gfid: number; workspace?: string; layerId?: string }) {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const [adding, setAdding] = useState(false);
  const canAdd = ui.loggedIn && !!workspace && !!layerId;
  const species = useSpecies(ui.api, canAdd ? workspace : undefined, layerId);
  return (
    <>
      {canAdd && (
        <Button size="small" onClick={() => setAdding(true)} data-testid="add-observation">
          {t('observations.add')}
        </Button>
      )}
      <ObservationList gfid={gfid} />
      {adding && <ObservationDialog gfid={gfid} species={species.data} onClose={() => setAdding(false)} />}
    </>
  );
}

function ObservationList({ gfid }: { gfid: number }) {
  const { t, i18n } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const observations = useFeatureObservations(ui.api, gfid);
  if (observations.isPending) return <LoadingSpinner size="tiny" />;
  // SPEC §8: the observations could not be had.
  if (observations.isError) return <p role="alert">{t('observations.failed')}</p>;
  if (!observations.data.length) return <p>{t('observations.none')}</p>;
  return (
    <ul className={styles.list} data-testid="observations-list">
      {observations.data.map((o) => (
        <li
          key={`${o.pending ? 'p' : 'a'}${o.id}`}
          className={styles.item}
          data-species={o.species.scientificName}
          data-pending={!!o.pending}
        >
          <strong>{o.species.commonName ?? o.species.scientificName}</strong> <em>{o.species.scientificName}</em> ×{o.count}{' '}
          <Badge
            size="small"
            appearance={o.species.endangered ? 'filled' : 'outline'}
            color={o.species.endangered ? 'danger' : 'informative'}
          >
            {t(`observations.status.${o.species.status}`)}
          </Badge>{' '}
          {o.pending && (
            <Badge size="small" appearance="tint">
              {t('attachments.pending')}
            </Badge>
          )}
          <div className={styles.meta}>
            {formatDate(o.observedAt, { locale: i18n.language, timeZone: ui.timeZone, timeFormat: ui.timeFormat })}
            {o.observer && ` · ${o.observer}`} · {t('observations.source', { source: o.species.statusSource })}
          </div>
          {o.note && <div>{o.note}</div>}
        </li>
      ))}
    </ul>
  );
}
