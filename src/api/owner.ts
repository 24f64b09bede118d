// The app owner's calls (SPEC §7 "App settings", "Workspaces", "POST import of an empty layer"):
// create and activate apps, the invoice, the configuration, layers and workspaces.
import type { AppConfig, BaseLayer, CreateApp, Layer, LayerImport } from '../model/index.ts';
import { apiFetch, storedCredentials, type ApiOptions } from './client.ts';
import { apiError, apiHeaders, apiUrl } from './http.ts';

const json = (method: string, body?: unknown): RequestInit =>
  body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
const q = (appKey: string) => `appkey=${encodeURIComponent(appKey)}`;

export function createApp(body: CreateApp, opts: ApiOptions = {}): Promise<{ appKey: string }> {
  return apiFetch('/apps', json('POST', body), opts);
}

export interface Activation {
  appKey: string;
  activated: true;
  activatedAt: string;
  invoiceNumber: string;
}

export function activateApp(appKey: string, opts: ApiOptions = {}): Promise<Activation> {
  return apiFetch(`/apps/activate?${q(appKey)}`, json('POST'), { ...opts, appKey });
}

/** The invoice PDF (GET /api/apps/{appKey}/invoice) as a blob, for the overview's download. */
export async function fetchInvoice(appKey: string, opts: ApiOptions = {}): Promise<Blob> {
  const headers = apiHeaders({ appKey, accept: 'application/pdf', credentials: storedCredentials() });
  const res = await fetch(apiUrl(opts.apiBase, `/apps/${encodeURIComponent(appKey)}/invoice`), { headers, signal: opts.signal });
  if (!res.ok) throw await apiError(res);
  return res.blob();
}

export function fetchConfig(appKey: string, opts: ApiOptions = {}): Promise<AppConfig> {
  return apiFetch(`/apps/config?${q(appKey)}`, {}, { ...opts, appKey });
}

export function saveConfig(appKey: string, config: Partial<AppConfig>, opts: ApiOptions = {}): Promise<AppConfig> {
  return apiFetch(`/apps/config?${q(appKey)}`, json('PUT', config), { ...opts, appKey });
}

export function fetchLayers(appKey: string, opts: ApiOptions = {}): Promise<Layer[]> {
  return apiFetch(`/apps/layers?${q(appKey)}`, {}, { ...opts, appKey });
}

export function saveLayers(appKey: string, layers: Layer[], opts: ApiOptions = {}): Promise<Layer[]> {
  return apiFetch(`/apps/layers?${q(appKey)}`, json('PUT', layers), { ...opts, appKey });
}

export function importEmptyLayer(
  appKey: string,
  body: LayerImport,
  opts: ApiOptions = {},
): Promise<{ layer: Layer; diffWorkspace: string }> {
  return apiFetch(`/layers/import?${q(appKey)}`, json('POST', body), { ...opts, appKey });
}

export interface WorkspaceView {
  name: string;
  publicAccess: boolean;
  managed: boolean;
  diffWorkspace: string | null;
  registered: boolean;
  /** Only in the app owner's answers. */
  workspaceSecret?: string | null;
}

export function fetchWorkspaces(appKey: string, opts: ApiOptions = {}): Promise<WorkspaceView[]> {
  return apiFetch(`/workspaces?${q(appKey)}`, {}, { ...opts, appKey });
}

export function createWorkspace(appKey: string, body: { name: string; managed?: boolean; publicAccess?: boolean }, opts: ApiOptions = {}) {
  return apiFetch<WorkspaceView>(`/workspaces?${q(appKey)}`, json('POST', body), { ...opts, appKey });
}

export function rotateWorkspaceSecret(workspace: string, opts: ApiOptions = {}): Promise<WorkspaceView> {
  return apiFetch(`/workspaces/${encodeURIComponent(workspace)}/secret`, json('POST'), opts);
}

export function registerOnWorkspace(workspace: string, workspaceSecret: string, opts: ApiOptions = {}): Promise<WorkspaceView> {
  return apiFetch(`/workspaces/${encodeURIComponent(workspace)}/register`, json('POST', { workspaceSecret }), opts);
}

export function fetchBaseLayers(appKey: string, opts: ApiOptions = {}): Promise<BaseLayer[]> {
  return apiFetch(`/apps/baselayers?${q(appKey)}`, {}, { ...opts, appKey });
}

export function saveBaseLayers(appKey: string, layers: BaseLayer[], opts: ApiOptions = {}): Promise<BaseLayer[]> {
  return apiFetch(`/apps/baselayers?${q(appKey)}`, json('PUT', layers), { ...opts, appKey });
}

/** One logo (its own content type); the server makes the manifest's 128–512 px icons from it. */
export function uploadAppIcon(appKey: string, file: Blob, opts: ApiOptions = {}): Promise<{ appIcon: string }> {
  return apiFetch(`/apps/${encodeURIComponent(appKey)}/icon`, { method: 'PUT', body: file, headers: { 'content-type': file.type } }, opts);
}
