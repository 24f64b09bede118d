// The RenderWorkerApi implementation over one MapRenderer. render.worker.ts exposes it with comlink;
// the main-thread fallback (src/map/render_worker_client.ts) calls the very same object directly.
import type { InitRequest, RenderWorkerApi, Snapshot } from './protocol.ts';
import type { BatchPortMessage } from '../batch/batch_port.ts';
import { MapRenderer } from './map_renderer.ts';
import { TicketBox } from './ticket_box.ts';

export interface RenderApiHooks {
  /** Marks a response's buffers for transfer (worker) — identity on the main thread. */
  transferSnapshot?: (s: Snapshot) => Snapshot;
}

/** `init` may also get an HTMLCanvasElement, on the main-thread path only. */
export type LocalInitRequest = Omit<InitRequest, 'canvas'> & { canvas: OffscreenCanvas | HTMLCanvasElement };

export type LocalRenderApi = Omit<RenderWorkerApi, 'init'> & {
  init(req: LocalInitRequest): ReturnType<RenderWorkerApi['init']>;
};

export function createRenderApi(hooks: RenderApiHooks = {}): LocalRenderApi {
  let renderer: MapRenderer | undefined;
  let port: MessagePort | undefined;
  const delivered = new TicketBox();
  const r = (): MapRenderer => {
    if (!renderer) throw new Error('render: init() first');
    return renderer;
  };

  return {
    async init(req) {
      renderer?.dispose();
      renderer = new MapRenderer(req.canvas, { pixelRatio: req.pixelRatio, size: req.size, backend: req.backend });
      if (req.batchPort) {
        port?.close();
        port = req.batchPort;
        // DESIGN.md: batches go data worker → render worker, never through the main thread.
        port.onmessage = (e: MessageEvent<BatchPortMessage>) => {
          const msg = e.data;
          if (!renderer || !msg) return;
          // An edit changes only its features (upsert by id); the layer is never reloaded.
          if (msg.type === 'batch') renderer.setBatch(msg.batch);
          else if (msg.type === 'update') renderer.updateFeatures(msg.layerId, msg.batch);
          else if (msg.type === 'remove') renderer.removeFeatures({ layerId: msg.layerId, ids: msg.ids });
          else return;
          if (msg.ticket) delivered.add(msg.ticket);
        };
      }
      return { backend: renderer.backendKind };
    },
    async setLayers(layers) {
      r().setLayers(layers);
    },
    async setBatch(batch) {
      r().setBatch(batch);
    },
    async updateFeatures({ layerId, batch }) {
      r().updateFeatures(layerId, batch);
    },
    async removeFeatures(req) {
      r().removeFeatures(req);
    },
    async setView(req) {
      r().setView(req);
    },
    async fit(req) {
      return r().fit(req);
    },
    async idle(req) {
      return r().whenIdle(req?.timeoutMs);
    },
    async batchReceived({ ticket, timeoutMs }) {
      return delivered.wait(ticket, timeoutMs);
    },
    async snapshot(req) {
      const s = await r().snapshot(req?.timeoutMs);
      return hooks.transferSnapshot ? hooks.transferSnapshot(s) : s;
    },
    async stats() {
      return r().stats();
    },
    async onFrame(cb) {
      r().onFrame(cb);
    },
    async dispose() {
      port?.close();
      port = undefined;
      delivered.clear();
      renderer?.dispose();
      renderer = undefined;
    },
  };
}
