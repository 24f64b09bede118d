// Data worker entry (DESIGN.md: "the UI asks, workers do"). Fetching and packing features happen
// here so the main thread only receives transferable typed arrays.
import { expose } from 'comlink';
import type { FeatureCollection } from 'geojson';
import type { DataWorkerApi, LoadLayerRequest } from './protocol.ts';
import { packFeatureCollection } from './feature_batch.ts';
import { isValidLonLat } from '../../src/model/index.ts';
import { transferBatch } from '../transfer.ts';

const inFlight = new Map<string, AbortController>();

async function fetchLayer(req: LoadLayerRequest, signal: AbortSignal): Promise<FeatureCollection> {
  const q = new URLSearchParams({ workspace: req.workspace, layer: req.layer });
  const headers: Record<string, string> = { accept: 'application/geo+json, application/json', 'x-app-key': req.appKey };
  if (req.authorization) headers.authorization = req.authorization;
  if (req.sessionId) headers['x-session-id'] = req.sessionId;
  const base = req.apiBase.replace(/\/$/, '');
  const res = await fetch(`${base}/api/features?${q}`, { headers, signal });
  if (!res.ok) {
    // The server's error body carries the SPEC §8 text; pass it on unchanged.
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `GET /api/features ${res.status}`);
  }
  return (await res.json()) as FeatureCollection;
}

const api: DataWorkerApi = {
  async loadLayer(req) {
    const ctl = new AbortController();
    if (req.requestId) inFlight.set(req.requestId, ctl);
    try {
      const fc = await fetchLayer(req, ctl.signal);
      const batch = packFeatureCollection(fc, {
        layerId: req.layer,
        geometryType: req.geometryType,
        labelProperty: req.labelProperty,
        // SPEC §5: the model's rule, applied per vertex so no feature objects are rebuilt.
        isValidPoint: isValidLonLat,
      });
      return transferBatch(batch);
    } finally {
      if (req.requestId) inFlight.delete(req.requestId);
    }
  },
  async cancel({ requestId }) {
    const ctl = inFlight.get(requestId);
    ctl?.abort();
    return ctl !== undefined;
  },
};

expose(api);
