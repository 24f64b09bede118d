// CEILING for the rendering scenarios: the least a browser can do for the same picture — raw WebGL2
// on the main thread, one static vertex buffer per dataset (EPSG:3857 float32, prepared offline),
// one drawArrays per buffer per frame with the view as a uniform; hit test as a typed-array loop.
import { countPainted, nextFrame, type LayerSpec, type MapContender, type TapResult, type View } from './types.ts';

const VS = `#version 300 es
in vec2 a; uniform vec2 c; uniform vec2 s; uniform float ps;
void main() { gl_Position = vec4((a - c) * s, 0.0, 1.0); gl_PointSize = ps; }`;
const FS = `#version 300 es
precision mediump float; uniform vec4 col; uniform float roundPt; out vec4 o;
void main() {
  if (roundPt > 0.5) { vec2 d = gl_PointCoord - 0.5; if (dot(d, d) > 0.25) discard; }
  o = col;
}`;

interface Buf {
  buffer: WebGLBuffer;
  count: number;
  mode: number;
  color: [number, number, number, number];
  data: Float32Array;
  pointSize: number;
}

function hex(color: string, alpha = 1): [number, number, number, number] {
  const n = parseInt(color.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255, alpha];
}

export class GlCeiling implements MapContender {
  private canvas!: HTMLCanvasElement;
  private gl!: WebGL2RenderingContext;
  private prog!: WebGLProgram;
  private u!: Record<string, WebGLUniformLocation | null>;
  private bufs: Buf[] = [];
  private selected: Buf | null = null;
  private view: View = { center: [0, 0], resolution: 1 };
  private size: [number, number] = [1, 1];
  private dirty = false;
  private raf = 0;
  private recording = false;
  private intervals: number[] = [];
  private drawMs: number[] = [];
  private last = -1;
  private points: Float32Array | null = null;

  async prepare(size: [number, number]): Promise<number> {
    const t0 = performance.now();
    this.size = size;
    this.canvas = document.createElement('canvas');
    this.canvas.width = size[0];
    this.canvas.height = size[1];
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0' });
    document.getElementById('map')!.append(this.canvas);
    const gl = this.canvas.getContext('webgl2', { antialias: false, preserveDrawingBuffer: true })!;
    this.gl = gl;
    const sh = (type: number, src: string) => {
      const s = gl.createShader(type)!;
      gl.shaderSource(s, src);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s) ?? 'shader');
      return s;
    };
    const p = gl.createProgram()!;
    gl.attachShader(p, sh(gl.VERTEX_SHADER, VS));
    gl.attachShader(p, sh(gl.FRAGMENT_SHADER, FS));
    gl.linkProgram(p);
    this.prog = p;
    this.u = Object.fromEntries(['c', 's', 'ps', 'col', 'roundPt'].map((n) => [n, gl.getUniformLocation(p, n)]));
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    const loop = (t: number) => {
      this.raf = requestAnimationFrame(loop);
      if (!this.dirty) return;
      this.dirty = false;
      const t0 = performance.now();
      this.draw();
      if (this.recording) {
        this.drawMs.push(performance.now() - t0);
        if (this.last >= 0) this.intervals.push(t - this.last);
        this.last = t;
      }
    };
    this.raf = requestAnimationFrame(loop);
    return performance.now() - t0;
  }

  private upload(data: Float32Array, mode: number, color: [number, number, number, number], pointSize = 8): Buf {
    const gl = this.gl;
    const buffer = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
    return { buffer, count: data.length / 2, mode, color, data, pointSize };
  }

  /** `bytes` supplies each file (scenario 4: from OPFS); by default it is fetched. */
  async load(layers: LayerSpec[], view: View, bytes?: (file: string) => Promise<ArrayBuffer>): Promise<void> {
    const get = bytes ?? (async (file: string) => (await fetch(`/bench-cache/${file}`)).arrayBuffer());
    const gl = this.gl;
    this.view = view;
    for (const l of layers) {
      const data = new Float32Array(await get(`${l.name}.f32`));
      const mode = l.ceiling.mode === 'points' ? gl.POINTS : l.ceiling.mode === 'triangles' ? gl.TRIANGLES : gl.LINES;
      this.bufs.push(this.upload(data, mode, l.ceiling.mode === 'triangles' ? [39 / 255, 78 / 255, 120 / 255, 0.35] : hex(l.color)));
      if (l.geometryType === 'Point') this.points = data;
      if (l.ceiling.outline) {
        const o = new Float32Array(await get(l.ceiling.outline.file));
        this.bufs.push(this.upload(o, gl.LINES, hex(l.color)));
      }
    }
    this.draw();
    // The first correct frame: the draw has executed (readPixels waits for the GPU queue).
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  private draw(): void {
    const gl = this.gl;
    gl.viewport(0, 0, this.size[0], this.size[1]);
    gl.clearColor(1, 1, 1, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.useProgram(this.prog);
    gl.uniform2f(this.u.c, this.view.center[0], this.view.center[1]);
    gl.uniform2f(this.u.s, 2 / (this.view.resolution * this.size[0]), 2 / (this.view.resolution * this.size[1]));
    for (const b of this.selected ? [...this.bufs, this.selected] : this.bufs) {
      gl.bindBuffer(gl.ARRAY_BUFFER, b.buffer);
      gl.enableVertexAttribArray(0);
      gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
      gl.uniform4fv(this.u.col, b.color);
      gl.uniform1f(this.u.ps, b.pointSize);
      gl.uniform1f(this.u.roundPt, b.mode === gl.POINTS ? 1 : 0);
      gl.drawArrays(b.mode, 0, b.count);
    }
  }

  setView(view: View): void {
    this.view = view;
    this.dirty = true;
  }

  startFrames(): void {
    this.intervals = [];
    this.drawMs = [];
    this.last = -1;
    this.recording = true;
  }

  stopFrames() {
    this.recording = false;
    return { intervals: this.intervals, drawMs: this.drawMs };
  }

  async idle(): Promise<void> {
    this.dirty = true;
    await nextFrame();
    await nextFrame();
  }

  async tap(x: number, y: number): Promise<TapResult> {
    // Brute-force typed-array loop over the points (the bare limit: no index, no objects).
    const { center, resolution } = this.view;
    const mx = center[0] + (x - this.size[0] / 2) * resolution;
    const my = center[1] - (y - this.size[1] / 2) * resolution;
    const tol = (3 + 4) * resolution; // hit tolerance 3 px plus the 4 px point radius, like OL's symbol hit
    const tol2 = tol * tol;
    let best = -1,
      bestD = Infinity;
    const p = this.points;
    if (p) {
      for (let i = 0; i < p.length; i += 2) {
        const dx = p[i] - mx,
          dy = p[i + 1] - my;
        const d = dx * dx + dy * dy;
        if (d <= tol2 && d < bestD) (bestD = d), (best = i);
      }
    }
    if (this.selected) this.gl.deleteBuffer(this.selected.buffer);
    this.selected = best >= 0 ? this.upload(p!.slice(best, best + 2), this.gl.POINTS, [1, 0.83, 0, 1], 14) : null;
    this.dirty = true;
    await nextFrame(); // drawn in this rAF
    await nextFrame(); // on screen
    return { hit: best >= 0, paintedAt: performance.now() };
  }

  async paintedPixels(): Promise<number> {
    const gl = this.gl;
    const px = new Uint8Array(this.size[0] * this.size[1] * 4);
    gl.readPixels(0, 0, this.size[0], this.size[1], gl.RGBA, gl.UNSIGNED_BYTE, px);
    return countPainted(px);
  }

  async bufferBytes(): Promise<number> {
    return this.bufs.reduce((a, b) => a + b.data.byteLength, 0) + (this.selected?.data.byteLength ?? 0);
  }

  async dispose(): Promise<void> {
    cancelAnimationFrame(this.raf);
    for (const b of this.bufs) this.gl.deleteBuffer(b.buffer);
    this.bufs = [];
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
    this.canvas.remove();
  }
}
