// Render worker entry (DESIGN.md: OL map on an OffscreenCanvas). The DOM shims MUST be the first
// import: ES modules evaluate in import order, and OL modules may touch `document` when they load.
import '../../src/zod_without_eval.ts';
import './ol_shims.ts';
import { expose } from 'comlink';
import type { RenderWorkerApi } from './protocol.ts';
import { createRenderApi } from './render_api.ts';
import { transferSnapshot } from './render_transfer.ts';

const api: RenderWorkerApi = createRenderApi({ transferSnapshot });

expose(api);
