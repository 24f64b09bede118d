// Import features from a file (SPEC §1 "import", issue 15 part 5): choose or drop a file, see what
// it holds, pick the target and the property mapping, then watch the upload. Parsing and uploading
// run in the import worker; this component only shows its answers.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Layer, PropertyMapping } from '../../model/index.ts';
import { ImportDropZone } from './ImportDropZone.tsx';
import { ImportOutcomeView, ImportProgress } from './ImportProgress.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { ImportTargetPicker } from './ImportTargetPicker.tsx';
import { PropertyMappingTable } from './PropertyMappingTable.tsx';
import { fileGeometryType, importableLayers, initialMapping, titleFromFileName, type ImportTarget } from './import_plan.ts';
import { useImport, type ImportOutcome } from './use_import.ts';
import { useReturnFocus } from '../../state/use_return_focus.ts';

interface Props {
  appKey: string;
  /** The server's address ('' = same origin). */
  apiBase?: string;
  layers: readonly Layer[];
  /** The app's owner may make a new layer of the file (SPEC §1 owners add layers). */
  canCreateLayer: boolean;
  onClose: () => void;
  /** After an import that stored or suggested anything: the caller refreshes what shows it. */
  onImported: (outcome: ImportOutcome) => void;
}

export function ImportDialog({ appKey, apiBase, layers, canCreateLayer, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const run = useImport(appKey, layers, apiBase);
  useReturnFocus(true);
  const { summary, phase } = run;
  const geometryType = summary ? fileGeometryType(summary) : 'Point';
  const candidates = useMemo(() => importableLayers(layers).filter((l) => l.type === geometryType), [layers, geometryType]);
  const [target, setTarget] = useState<ImportTarget | undefined>();
  const [mapping, setMapping] = useState<PropertyMapping>({});

  // A new file (or new CSV coordinate columns) starts the choices over from what the file says; a
  // later change of the layer list (refreshed after the import) must not undo the user's choices.
  const context = useRef({ candidates, layers, canCreateLayer, fileName: run.fileName });
  context.current = { candidates, layers, canCreateLayer, fileName: run.fileName };
  useEffect(() => {
    if (!summary) return;
    const now = context.current;
    const first: ImportTarget = now.canCreateLayer
      ? { kind: 'new', title: titleFromFileName(now.fileName), types: { ...summary.columnTypes } }
      : { kind: 'existing', layerId: now.candidates[0]?.id ?? '' };
    setTarget(first);
    setMapping(initialMapping(summary, first, now.layers));
  }, [summary]);

  const changeTarget = (next: ImportTarget) => {
    if (
      summary &&
      (next.kind !== target?.kind || (next.kind === 'existing' && target.kind === 'existing' && next.layerId !== target.layerId))
    ) {
      setMapping(initialMapping(summary, next, layers));
    }
    setTarget(next);
  };
  useEffect(() => {
    if (phase === 'done' && run.outcome && run.outcome.imported > 0) onImported(run.outcome);
  }, [phase, run.outcome, onImported]);

  const existing = target?.kind === 'existing' ? layers.find((l) => l.id === target.layerId) : undefined;
  const ready =
    phase === 'ready' &&
    !!summary &&
    summary.featureCount > 0 &&
    !!target &&
    (target.kind === 'new' ? target.title.trim() !== '' && Object.values(mapping).some(Boolean) : !!existing);
  const csvNeedsColumns = !!summary?.csv && !(summary.csv.lon && summary.csv.lat);

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && phase !== 'uploading' && onClose()}>
      <DialogSurface data-testid="import-dialog" style={{ maxWidth: 760, width: 'calc(100vw - 16px)', boxSizing: 'border-box' }}>
        <DialogBody>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {(phase === 'choose' || phase === 'reading' || phase === 'ready') && (
              <ImportDropZone onFile={(f) => void run.chooseFile(f)} busy={phase === 'reading'} />
            )}
            {phase === 'reading' && <Spinner size="small" label={t('import.reading', { name: run.fileName })} />}
            {run.error && (
              <Text role="alert" style={{ color: 'var(--colorPaletteRedForeground1)' }} data-testid="import-error">
                {t(`errors.${run.error.error}`)}
                {run.error.detail ? ` (${run.error.detail})` : ''}
              </Text>
            )}
            {summary && phase === 'ready' && (
              <>
                <ImportPreview summary={summary} onCoordinates={(lon, lat) => lon && lat && void run.setCoordinateColumns(lon, lat)} />
                {csvNeedsColumns && <Text role="alert">{t('errors.IMPORT_COORDINATE_COLUMNS_REQUIRED')}</Text>}
                {target && (
                  <>
                    <ImportTargetPicker
                      target={target}
                      onChange={changeTarget}
                      layers={candidates}
                      canCreateLayer={canCreateLayer}
                      geometryType={geometryType}
                      newTitle={titleFromFileName(run.fileName)}
                    />
                    <Text weight="semibold">{t('import.mapping')}</Text>
                    <PropertyMappingTable
                      summary={summary}
                      target={target}
                      layer={existing}
                      mapping={mapping}
                      onMapping={setMapping}
                      onTypes={(types) => target.kind === 'new' && setTarget({ ...target, types })}
                    />
                  </>
                )}
              </>
            )}
            {phase === 'uploading' && <ImportProgress done={run.progress.done} total={run.progress.total} onCancel={run.cancel} />}
            {phase === 'done' && run.outcome && <ImportOutcomeView outcome={run.outcome} />}
          </DialogContent>
          <DialogActions>
            {phase !== 'done' && (
              <Button
                appearance="primary"
                disabled={!ready || csvNeedsColumns}
                onClick={() => target && void run.start({ target, mapping, geometryType })}
                data-testid="import-start"
              >
                {t('import.start')}
              </Button>
            )}
            <Button onClick={onClose} disabled={phase === 'uploading'} data-testid="import-close">
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
