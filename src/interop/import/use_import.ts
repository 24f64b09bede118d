// The import dialog's state: a file goes to the import worker, its summary comes back, the user's
// choices become a plan (import_plan.ts), and the worker uploads while the bar shows its progress.
// The main thread holds only the summary and the counts, never the features.
import { proxy } from 'comlink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { importEmptyLayer } from '../../api/owner.ts';
import { storedCredentials } from '../../api/client.ts';
import { errorKeyOf } from '../../state/notifications.ts';
import type { GeometryType, Layer, PropertyMapping } from '../../model/index.ts';
import type { ImportSummary, OpenRefusal, UploadResult } from '../../../workers/import/protocol.ts';
import { newLayerDefinition, propertyTypes, type ImportTarget } from './import_plan.ts';
import { startImportWorker, type ImportWorkerHandle } from './import_worker_client.ts';

export type ImportPhase = 'choose' | 'reading' | 'ready' | 'uploading' | 'done';

export interface ImportOutcome extends UploadResult {
  layer: Layer | undefined;
  mode: 'suggest' | 'direct';
}

export interface ImportPlanChoice {
  target: ImportTarget;
  mapping: PropertyMapping;
  geometryType: GeometryType;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** `apiBase`: the server's address ('' = same origin, as the overview uses). */
export function useImport(appKey: string, layers: readonly Layer[], apiBase = '') {
  const worker = useRef<ImportWorkerHandle | undefined>(undefined);
  const [phase, setPhase] = useState<ImportPhase>('choose');
  const [fileName, setFileName] = useState('');
  const [summary, setSummary] = useState<ImportSummary | undefined>();
  const [error, setError] = useState<OpenRefusal | undefined>();
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>();

  useEffect(() => () => worker.current?.terminate(), []);

  const chooseFile = useCallback(async (file: File) => {
    worker.current?.terminate();
    worker.current = startImportWorker();
    setFileName(file.name);
    setError(undefined);
    setSummary(undefined);
    setPhase('reading');
    const opened = await worker.current.api
      .open(file, file.name)
      .catch((err) => ({ error: 'IMPORT_FILE_UNREADABLE' as const, detail: messageOf(err) }));
    if ('summary' in opened) {
      setSummary(opened.summary);
      setPhase('ready');
    } else {
      setError(opened);
      setPhase('choose');
    }
  }, []);

  const setCoordinateColumns = useCallback(async (lon: string, lat: string) => {
    if (!worker.current) return;
    setSummary(await worker.current.api.setCoordinateColumns(lon, lat));
  }, []);

  const start = useCallback(
    async ({ target, mapping, geometryType }: ImportPlanChoice) => {
      const handle = worker.current;
      if (!handle || !summary) return;
      setError(undefined);
      setPhase('uploading');
      setProgress({ done: 0, total: summary.featureCount });
      try {
        let layer: Layer | undefined;
        if (target.kind === 'new') {
          // The owner's new layer is made first (SPEC §7 POST import of an empty layer), then filled.
          layer = (await importEmptyLayer(appKey, newLayerDefinition(target, geometryType, mapping), { apiBase })).layer;
        } else {
          layer = layers.find((l) => l.id === target.layerId);
        }
        if (!layer?.workspace) throw Object.assign(new Error(), { key: 'WORKSPACE_REQUIRED' });
        const mode = target.kind === 'new' ? 'direct' : 'suggest';
        const result = await Promise.race([
          handle.api.upload(
            {
              apiBase,
              appKey,
              workspace: layer.workspace,
              layer: layer.id,
              mode,
              mapping,
              types: propertyTypes(target, mapping, layers),
              geometryFamily: layer.type,
              ...storedCredentials(),
            },
            proxy((done: number, total: number) => setProgress({ done, total })),
          ),
          handle.failed,
        ]);
        setOutcome({ ...result, layer, mode });
        setPhase('done');
      } catch (err) {
        setError({ error: errorKeyOf(err) });
        setPhase('ready');
      }
    },
    [appKey, layers, summary, apiBase],
  );

  const cancel = useCallback(() => void worker.current?.api.cancel(), []);

  return { phase, fileName, summary, error, progress, outcome, chooseFile, setCoordinateColumns, start, cancel };
}
