// Render worker entry (DESIGN.md: OL map on an OffscreenCanvas). The zod set-up and the DOM shims MUST
// be the first imports: ES modules evaluate in import order, the model's schemas are built as they load
// (src/zod_without_eval.ts), and OL modules may touch `document` when they load.
import '../../src/zod_without_eval.ts';
import './ol_shims.ts';
import { expose } from 'comlink';
import type { RenderWorkerApi } from './protocol.ts';
import { createRenderApi } from './render_api.ts';
import { transferSnapshot } from './render_transfer.ts';

const api: RenderWorkerApi = createRenderApi({ transferSnapshot });

expose(api);
