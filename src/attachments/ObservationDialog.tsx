// SPEC §1 "attach observations": a logged-in user suggests that a species of the feature's layer was
// seen here, when and how many, with a note. Checked with the model's rule before it leaves, then sent
// through the outbox like every attachment (so it is kept on the device without signal) and reviewed.
import { useState } from 'react';
import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { OBSERVATION_COUNT_MAX, OBSERVATION_NOTE_MAX, validateObservation, type Species } from '../model/index.ts';
import { AddDialog, useRuleMessage } from './AddDialog.tsx';
import { useUpload } from './use_upload.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

/** `datetime-local` wants the local wall-clock time, without a zone. */
function localNow(): string {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const speciesLabel = (s: Species) => (s.commonName ? `${s.commonName} (${s.scientificName})` : s.scientificName);

export function ObservationDialog({
  gfid,
  species,
  onClose,
}: {
  gfid: number;
  /** The layer's species; undefined while they load. */
  species: Species[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [speciesId, setSpeciesId] = useState('');
  const [at, setAt] = useState(localNow);
  const [count, setCount] = useState('1');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const upload = useUpload({ gfid }, 'observations', onClose);
  const submit = () => {
    const observedAt = at ? new Date(at).toISOString() : '';
    const body = { speciesId: Number(speciesId), observedAt, count: Number(count), note: note.trim() || null };
    const rule = validateObservation(body);
    setError(message(rule));
    if (!rule.ok) return;
    const chosen = species?.find((s) => s.id === body.speciesId);
    upload.mutate({ kind: 'observations', body, label: chosen ? speciesLabel(chosen) : String(body.speciesId) });
  };
  return (
    <AddDialog kind="observations" onClose={onClose} onSubmit={submit} busy={upload.isPending}>
      {!species ? (
        <LoadingSpinner size="tiny" />
      ) : (
        <Field label={t('observations.field.species')} required>
          <Select data-testid="observation-species" value={speciesId} onChange={(_, d) => setSpeciesId(d.value)}>
            <option value="">{t('observations.chooseSpecies')}</option>
            {species.map((s) => (
              <option key={s.id} value={s.id}>
                {speciesLabel(s)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t('observations.field.observedAt')} required>
        <Input type="datetime-local" data-testid="observation-date" value={at} onChange={(_, d) => setAt(d.value)} />
      </Field>
      <Field label={t('observations.field.count')} required>
        <Input
          type="number"
          min={1}
          max={OBSERVATION_COUNT_MAX}
          step={1}
          data-testid="observation-count"
          value={count}
          onChange={(_, d) => setCount(d.value)}
        />
      </Field>
      <Field label={t('observations.field.note')} validationState={error ? 'error' : 'none'} validationMessage={error}>
        <Textarea maxLength={OBSERVATION_NOTE_MAX} data-testid="observation-note" value={note} onChange={(_, d) => setNote(d.value)} />
      </Field>
    </AddDialog>
  );
}
