// The upload's progress bar, then what came of it: how many went in (as suggestions or into the
// layer), and each refused feature by its number in the file with the reason (SPEC §8 texts).
import { Button, ProgressBar, Text } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ERRORS, isErrorKey, type ImportRefusal } from '../../model/index.ts';
import type { ImportOutcome } from './use_import.ts';

const SHOWN_REFUSALS = 20;

/** The reason in the user's language, with the detail the server or the worker added ("(Self-intersection…)"). */
export function refusalText(t: TFunction, r: ImportRefusal): string {
  const base = isErrorKey(r.error) ? ERRORS[r.error] : '';
  const detail = base && r.message.startsWith(base) ? r.message.slice(base.length) : '';
  const message = isErrorKey(r.error) ? `${t(`errors.${r.error}`)}${detail}` : r.message;
  return t('import.refusal', { index: r.index + 1, message });
}

export function ImportProgress({ done, total, onCancel }: { done: number; total: number; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <ProgressBar value={total ? done / total : 0} thickness="large" data-testid="import-progress" />
      <Text data-testid="import-progress-text">{t('import.progress', { done, total })}</Text>
      <Button onClick={onCancel} style={{ alignSelf: 'flex-start' }} data-testid="import-cancel">
        {t('common.cancel')}
      </Button>
    </div>
  );
}

export function ImportOutcomeView({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation();
  const counts = { imported: outcome.imported, refused: outcome.refused.length };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="import-outcome">
      <Text weight="semibold" data-testid="import-outcome-text">
        {t(outcome.mode === 'suggest' ? 'import.doneSuggest' : 'import.done', { ...counts, layer: outcome.layer?.name ?? '' })}
      </Text>
      {outcome.cancelled && <Text>{t('import.cancelled', { imported: outcome.imported })}</Text>}
      {outcome.stopped && <Text>{t('import.stopped', { message: outcome.stopped })}</Text>}
      {outcome.refused.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 200, overflowY: 'auto' }} data-testid="import-refusals">
          {outcome.refused.slice(0, SHOWN_REFUSALS).map((r) => (
            <li key={r.index}>
              <Text size={200}>{refusalText(t, r)}</Text>
            </li>
          ))}
          {outcome.refused.length > SHOWN_REFUSALS && (
            <li>
              <Text size={200}>{t('import.moreRefusals', { count: outcome.refused.length - SHOWN_REFUSALS })}</Text>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
