// Sends a parsed file to POST /api/features/import in chunks (server/routes/feature_import.ts): each
// feature's properties mapped and coerced to the layer's types first (model `mapImportProperties`);
// a feature that cannot be sent (no geometry, another family, a value of the wrong type) is refused
// here with its index, the rest go in chunks of IMPORT_CHUNK_FEATURES under IMPORT_CHUNK_BYTES.
// Each chunk carries its own Idempotency-Key, so a retry after a lost answer never imports twice.
import {
  ERRORS,
  geometryFamily,
  IDEMPOTENCY_HEADER,
  IMPORT_CHUNK_BYTES,
  IMPORT_CHUNK_FEATURES,
  mapImportProperties,
  type FeatureImportAnswer,
  type ImportRefusal,
} from '../../src/model/index.ts';
import { apiHeaders, apiUrl, readWireError } from '../../src/api/http.ts';
import type { ImportedFeature } from './imported_feature.ts';
import type { UploadProgress, UploadRequest, UploadResult } from './protocol.ts';

const RETRIES = 3;
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Refusals decided before sending: no geometry, another family, values the layer's types refuse. */
function prepare(feature: ImportedFeature, index: number, req: UploadRequest): { json?: string; refusal?: ImportRefusal } {
  if (!feature.geometry) return { refusal: { index, error: 'IMPORT_NO_GEOMETRY', message: ERRORS.IMPORT_NO_GEOMETRY } };
  if (geometryFamily(feature.geometry.type) !== req.geometryFamily) {
    const message = `${ERRORS.GEOMETRY_TYPE_MISMATCH} (${feature.geometry.type})`;
    return { refusal: { index, error: 'GEOMETRY_TYPE_MISMATCH', message } };
  }
  const { properties, errors } = mapImportProperties(feature.properties, req.mapping, req.types);
  if (errors.length) {
    const [e] = errors;
    return {
      refusal: {
        index,
        error: e.error,
        message: `${ERRORS[e.error]} (${e.column} → ${e.property}: ${String(feature.properties[e.column]).slice(0, 40)})`,
      },
    };
  }
  return { json: JSON.stringify({ index, geometry: feature.geometry, properties }) };
}

async function postChunk(req: UploadRequest, body: string, key: string): Promise<FeatureImportAnswer> {
  const q = new URLSearchParams({ workspace: req.workspace, layer: req.layer });
  for (let attempt = 0; ; attempt++) {
    const headers = apiHeaders(
      { appKey: req.appKey, accept: 'application/json', credentials: req },
      { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
    );
    let res: Response | undefined;
    try {
      res = await fetch(apiUrl(req.apiBase, `/features/import?${q}`), { method: 'POST', headers, body });
    } catch (err) {
      if (attempt >= RETRIES) throw err;
    }
    if (res?.ok) return (await res.json()) as FeatureImportAnswer;
    if (res && (!retryable(res.status) || attempt >= RETRIES)) {
      throw new Error((await readWireError(res, `POST /api/features/import ${res.status}`)).message);
    }
    await sleep(1000 * 2 ** attempt);
  }
}

export async function uploadFeatures(
  features: readonly ImportedFeature[],
  req: UploadRequest,
  onProgress: UploadProgress | undefined,
  cancelled: () => boolean,
): Promise<UploadResult> {
  const run = `import-${crypto.randomUUID()}`;
  const refused: ImportRefusal[] = [];
  let imported = 0;
  let chunkNo = 0;
  let parts: string[] = [];
  let bytes = 0;
  let done = 0;
  const flush = async (upTo: number) => {
    if (parts.length) {
      const body = `{"mode":${JSON.stringify(req.mode)},"startIndex":0,"features":[${parts.join(',')}]}`;
      const answer = await postChunk(req, body, `${run}-${chunkNo++}`);
      imported += answer.imported;
      refused.push(...answer.refused);
    }
    parts = [];
    bytes = 0;
    done = upTo;
    onProgress?.(done, features.length);
  };
  try {
    for (let i = 0; i < features.length; i++) {
      const { json, refusal } = prepare(features[i], i, req);
      if (refusal) refused.push(refusal);
      else if (json) {
        if (parts.length && (parts.length >= IMPORT_CHUNK_FEATURES || bytes + json.length > IMPORT_CHUNK_BYTES)) {
          await flush(i);
          if (cancelled()) return { imported, refused: sortRefused(refused), cancelled: true };
        }
        parts.push(json);
        bytes += json.length + 1;
      }
    }
    await flush(features.length);
  } catch (err) {
    return { imported, refused: sortRefused(refused), stopped: err instanceof Error ? err.message : String(err) };
  }
  return { imported, refused: sortRefused(refused) };
}

const sortRefused = (list: ImportRefusal[]) => list.sort((a, b) => a.index - b.index);
