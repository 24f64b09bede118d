// DOM stand-ins OpenLayers touches when it runs in a worker (TOOLCHAIN.md "OpenLayers in a worker").
// render.worker.ts imports this module FIRST, before anything that imports `ol`, so the shims are in
// place when OL's modules evaluate. On the main thread (fallback path) nothing here is needed or done.
type ShimScope = Record<string, unknown> & { document?: unknown };

const scope = globalThis as unknown as ShimScope;

if (typeof scope.document === 'undefined' && typeof OffscreenCanvas !== 'undefined') {
  // ol/webgl/Helper creates its shared WebGL canvas with document.createElement('canvas') and sets
  // canvas.style.*; an OffscreenCanvas with a plain style object is all it needs.
  scope.document = {
    createElement: () => Object.assign(new OffscreenCanvas(1, 1), { style: {} }),
  };
}

// OL tests `value instanceof HTMLCanvasElement` (uniforms, textures); empty classes make those false.
for (const name of ['HTMLCanvasElement', 'HTMLImageElement', 'HTMLVideoElement']) {
  if (typeof scope[name] === 'undefined') scope[name] = class {};
}

export {};
