// The WebGL2 backend: draws each layer straight from its FeatureBatch's typed arrays, uploaded once per
// change of the features (gl_geometry.ts), with small programs — points as round sprites, line
// segments as quads pulled from a vertex texture (GL lines when a device pixel thin), polygon fills
// as earcut triangles. A frame is a few
// uniforms and one draw call per layer and pass, whatever the feature count: no feature objects, no
// per-frame buffer work, no off-screen composite per layer (frames close to a bare
// drawArrays, a million points opened without building a million objects). The WebGL canvas is its own OffscreenCanvas; the
// frame is copied onto the 2D output canvas in one drawImage, leaving the label pass room on top.
import { POINT_RADIUS_PX, POLYGON_FILL_ALPHA, isDrawn, pointStrokeWidth, resolveStyle } from './layer_style.ts';
import { framesForCopies } from './world_copies.ts';
import { NO_CATEGORY } from '../../src/model/index.ts';
import { buildCategoryAtlas, CATEGORY_COUNT, CATEGORY_ICON_PX, type CategoryAtlas } from './category_atlas.ts';
import { messageYield } from '../batch/message_yield.ts';
import { GLGeometryBuilder, POSITION_FLOATS, splitDouble, type GLGeometry } from './gl_geometry.ts';
import { THINNING_MAX_LEVEL, thinningCell, thinPoints } from './point_thinning.ts';
import type { DrawBackend, FrameContext, LayerEntry, Output2D } from './render_backend.ts';

type GL = WebGL2RenderingContext;

// Shared by the three programs: map metres → clip space around the view centre (hi/lo, see
// gl_geometry.ts), rotated; `u_pxPerClip` turns CSS pixels into clip units.
const PROJECT = `
uniform vec2 u_centerHi;
uniform vec2 u_centerLo;
uniform mat2 u_rotate;
uniform float u_resolution;
uniform vec2 u_halfSize;
vec2 toPixels(vec4 p) {
  vec2 d = (p.xy - u_centerHi) + (p.zw - u_centerLo);
  return u_rotate * d / u_resolution;
}`;

// a_icon: the point's category icon (SPEC §9), a cell of the atlas; 255 (none) draws the plain dot.
const POINT_VS = `#version 300 es
${PROJECT}
in vec4 a_pos;
in float a_icon;
uniform float u_spriteCss;
uniform float u_iconCss;
uniform float u_pixelRatio;
flat out float v_icon;
void main() {
  gl_Position = vec4(toPixels(a_pos) / u_halfSize, 0.0, 1.0);
  v_icon = a_icon;
  gl_PointSize = (a_icon < ${NO_CATEGORY - 0.5} ? u_iconCss : u_spriteCss) * u_pixelRatio;
}`;

// A filled circle with a ring centred on its edge, as OL's circle style and the 2D fallback's sprite;
// or the point's cell of the category atlas (premultiplied, one row of u_iconCount cells).
const POINT_FS = `#version 300 es
precision highp float;
uniform float u_spriteCss;
uniform float u_pixelRatio;
uniform float u_radius;
uniform float u_strokeWidth;
uniform vec4 u_fill;
uniform vec4 u_stroke;
uniform float u_opacity;
uniform sampler2D u_atlas;
uniform float u_iconCount;
flat in float v_icon;
out vec4 color;
void main() {
  if (v_icon < ${NO_CATEGORY - 0.5}) {
    vec4 t = texture(u_atlas, vec2((v_icon + gl_PointCoord.x) / u_iconCount, gl_PointCoord.y));
    if (t.a <= 0.0) discard;
    color = t * u_opacity;
    return;
  }
  float d = length(gl_PointCoord - 0.5) * u_spriteCss;
  float outer = clamp((u_radius + u_strokeWidth / 2.0 - d) * u_pixelRatio + 0.5, 0.0, 1.0);
  float inner = clamp((u_radius - u_strokeWidth / 2.0 - d) * u_pixelRatio + 0.5, 0.0, 1.0);
  vec4 c = mix(u_stroke, u_fill, inner);
  float a = c.a * outer * u_opacity;
  if (a <= 0.0) discard;
  color = vec4(c.rgb * a, a);
}`;

// Lines and fills read their vertices from a float texture by number (gl_VertexID) instead of from
// attributes: a segment is two triangles whose six vertices all fetch its two ends, without a
// segment-sized copy of the coordinates in memory, and without instancing (SwiftShader runs an
// instanced draw as one draw per instance: thousands of them per frame).
const FETCH = `
uniform highp sampler2D u_positions;
uniform int u_texWidth;
vec4 vertexAt(int i) {
  return texelFetch(u_positions, ivec2(i % u_texWidth, i / u_texWidth), 0);
}`;

// Segment s joins vertex s to s+1, widened by half the stroke each side and extended by it at both
// ends, so consecutive segments overlap into closed joins; u_on says which segments exist (0 ends a part).
const LINE_VS = `#version 300 es
${PROJECT}
${FETCH}
uniform highp sampler2D u_on;
uniform float u_halfWidth;
uniform float u_pixelRatio;
const vec2 CORNERS[6] = vec2[6](vec2(0, -1), vec2(0, 1), vec2(1, -1), vec2(1, -1), vec2(0, 1), vec2(1, 1));
out float v_across;
void main() {
  int segment = gl_VertexID / 6;
  vec2 corner = CORNERS[gl_VertexID - segment * 6];
  v_across = 0.0;
  if (texelFetch(u_on, ivec2(segment % u_texWidth, segment / u_texWidth), 0).r == 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vec2 a = toPixels(vertexAt(segment));
  vec2 b = toPixels(vertexAt(segment + 1));
  vec2 dir = b - a;
  float len = length(dir);
  dir = len > 1e-6 ? dir / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  float outer = u_halfWidth + 0.5 / u_pixelRatio;
  vec2 p = mix(a, b, corner.x) + dir * (corner.x * 2.0 - 1.0) * u_halfWidth + normal * corner.y * outer;
  v_across = corner.y * outer;
  gl_Position = vec4(p / u_halfSize, 0.0, 1.0);
}`;

const LINE_FS = `#version 300 es
precision highp float;
uniform float u_halfWidth;
uniform float u_pixelRatio;
uniform vec4 u_color;
uniform float u_opacity;
in float v_across;
out vec4 color;
void main() {
  float a = u_color.a * u_opacity * clamp((u_halfWidth - abs(v_across)) * u_pixelRatio + 0.5, 0.0, 1.0);
  if (a <= 0.0) discard;
  color = vec4(u_color.rgb * a, a);
}`;

// Thin strokes (one device pixel or less, e.g. the default polygon outline) as native GL lines: two
// vertices a segment instead of six. On SwiftShader outlines were most of a frame over 200k polygons
// (benchmark scenario 2: frames without them came twice as often); GL lines cut the frame p95 by about a
// quarter there. At this width the quad's soft edge adds little a line does not show.
const THIN_LINE_VS = `#version 300 es
${PROJECT}
${FETCH}
uniform highp sampler2D u_on;
void main() {
  int segment = gl_VertexID / 2;
  if (texelFetch(u_on, ivec2(segment % u_texWidth, segment / u_texWidth), 0).r == 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  gl_Position = vec4(toPixels(vertexAt(gl_VertexID - segment)) / u_halfSize, 0.0, 1.0);
}`;

/** Widest stroke, in device pixels, drawn as GL lines rather than quads. */
const THIN_LINE_MAX_DEVICE_PX = 1.25;

// drawElements hands the triangle's vertex numbers over as gl_VertexID.
const FILL_VS = `#version 300 es
${PROJECT}
${FETCH}
void main() {
  gl_Position = vec4(toPixels(vertexAt(gl_VertexID)) / u_halfSize, 0.0, 1.0);
}`;

const FILL_FS = `#version 300 es
precision highp float;
uniform vec4 u_color;
uniform float u_opacity;
out vec4 color;
void main() {
  float a = u_color.a * u_opacity;
  color = vec4(u_color.rgb * a, a);
}`;

interface Program {
  program: WebGLProgram;
  uniforms: Map<string, WebGLUniformLocation>;
  attributes: Map<string, number>;
}

/** GPU side of one layer, for one revision of its features. */
interface LayerBuffers {
  revision: number;
  vertexCount: number;
  /** Points: the positions as an attribute buffer (gl.POINTS). */
  pointVao: WebGLVertexArrayObject | null;
  pointBuffer: WebGLBuffer | null;
  /** Points of a layer with categories: each point's icon (a_icon); null: the constant "none". */
  iconBuffer: WebGLBuffer | null;
  /** Lines and polygons: the positions and segment flags as textures (vertex pulling, see FETCH). */
  positionTexture: WebGLTexture | null;
  segmentTexture: WebGLTexture | null;
  /** Polygons: the fill triangles, an element buffer recorded in `fillVao`. */
  fillVao: WebGLVertexArrayObject | null;
  triangles: WebGLBuffer | null;
  triangleCount: number;
  /** Points: per zoom level and pixel ratio, the indices drawn (point_thinning.ts); null = draw all. */
  thinned: Map<string, { indices: WebGLBuffer; count: number } | null>;
  bytes: number;
}

/** Thinned index sets kept per layer: the levels a pan and zoom go back and forth between. */
const THINNED_LEVELS_KEPT = 4;

// A new version of a line or polygon layer this large (another zoom band's, an edit) is built between
// frames while its old one is still drawn: built inside a frame, 200k polygons' projection and earcut
// held it 200–500 ms at every band change of a pan (benchmark scenario 2), the two slowest frames of it.
// A layer's first version, and a small layer's, are built at once (nothing else to show).
const BUILD_BETWEEN_FRAMES_MIN_VERTICES = 100_000;
/** One slice of such a build, between two turns of the worker's event loop. */
const BUILD_SLICE_MS = 8;
/**
 * Most bytes such a build hands the GPU at once. Its buffers (16 MB of positions for a million
 * vertices) uploaded in the frame that swapped them in held that frame 380–850 ms on SwiftShader.
 */
const UPLOAD_SLICE_BYTES = 2 * 2 ** 20;

/** A layer's next version being built between frames: its geometry, then its buffers, piece by piece. */
interface Build {
  revision: number;
  builder: GLGeometryBuilder;
  /** Made once the geometry is complete; drawn once `done`. */
  buffers?: LayerBuffers;
  done: boolean;
  cancelled: boolean;
  error?: unknown;
}

/** A layer's buffers, made but not yet filled: each upload sends at most UPLOAD_SLICE_BYTES. */
interface UnfilledBuffers {
  buffers: LayerBuffers;
  uploads: (() => void)[];
}

/** Texels per row of the vertex textures (every WebGL2 implementation allows 4096). */
const TEXTURE_WIDTH = 4096;

function compile(gl: GL, vs: string, fs: string): Program {
  const program = gl.createProgram();
  for (const [type, src] of [
    [gl.VERTEX_SHADER, vs],
    [gl.FRAGMENT_SHADER, fs],
  ] as const) {
    const shader = gl.createShader(type);
    if (!shader) throw new Error('render: cannot create a shader');
    gl.shaderSource(shader, src);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`render: shader: ${gl.getShaderInfoLog(shader)}`);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`render: program: ${gl.getProgramInfoLog(program)}`);
  const uniforms = new Map<string, WebGLUniformLocation>();
  for (let i = 0; i < (gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS) as number); i++) {
    const name = gl.getActiveUniform(program, i)!.name;
    uniforms.set(name, gl.getUniformLocation(program, name)!);
  }
  const attributes = new Map<string, number>();
  for (let i = 0; i < (gl.getProgramParameter(program, gl.ACTIVE_ATTRIBUTES) as number); i++) {
    const name = gl.getActiveAttrib(program, i)!.name;
    attributes.set(name, gl.getAttribLocation(program, name));
  }
  return { program, uniforms, attributes };
}

/** CSS colour → premultiplication-free RGBA in 0..1 (through a 1 × 1 2D canvas, once per colour). */
const colorCache = new Map<string, [number, number, number, number]>();
let colorProbe: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null = null;
function rgba(color: string, alpha = 1): [number, number, number, number] {
  let c = colorCache.get(color);
  if (!c) {
    colorProbe ??= (typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas')).getContext(
      '2d',
      { willReadFrequently: true },
    ) as CanvasRenderingContext2D;
    colorProbe.clearRect(0, 0, 1, 1);
    colorProbe.fillStyle = color;
    colorProbe.fillRect(0, 0, 1, 1);
    const d = colorProbe.getImageData(0, 0, 1, 1).data;
    c = [d[0] / 255, d[1] / 255, d[2] / 255, d[3] / 255];
    colorCache.set(color, c);
  }
  return [c[0], c[1], c[2], c[3] * alpha];
}

export class GLBackend implements DrawBackend {
  readonly kind = 'webgl' as const;
  private readonly canvas: OffscreenCanvas | HTMLCanvasElement;
  private readonly gl: GL;
  private readonly points: Program;
  private readonly lines: Program;
  private readonly thinLines: Program;
  private readonly fills: Program;
  /** Bound for draws that read no attributes (lines): WebGL2 wants some vertex array bound. */
  private readonly emptyVao: WebGLVertexArrayObject;
  private readonly layers = new Map<string, LayerBuffers>();
  private readonly builds = new Map<string, Build>();
  private readonly pause = messageYield();
  /** The category icon atlas as a texture, made on the first frame with icons, per pixel ratio. */
  private atlas: { texture: WebGLTexture; pixelRatio: number } | null = null;

  /** `onBuilt`: a version built between frames is ready; the next frame draws it. */
  constructor(private readonly onBuilt: () => void = () => undefined) {
    this.canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
    const gl = this.canvas.getContext('webgl2', { antialias: false, premultipliedAlpha: true, preserveDrawingBuffer: false }) as GL | null;
    if (!gl) throw new Error('render: no WebGL2 context');
    this.gl = gl;
    this.points = compile(gl, POINT_VS, POINT_FS);
    this.lines = compile(gl, LINE_VS, LINE_FS);
    this.thinLines = compile(gl, THIN_LINE_VS, FILL_FS);
    this.fills = compile(gl, FILL_VS, FILL_FS);
    this.emptyVao = gl.createVertexArray();
  }

  draw(ctx: Output2D, layers: LayerEntry[], frame: FrameContext): void {
    const gl = this.gl;
    // Thrown, so the renderer hands over to the Canvas 2D fallback: the map is never left blank.
    if (gl.isContextLost()) throw new Error('render: the WebGL context was lost');
    const w = Math.round(frame.size[0] * frame.pixelRatio);
    const h = Math.round(frame.size[1] * frame.pixelRatio);
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    gl.viewport(0, 0, w, h);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    let drawn = false;
    for (const entry of layers) {
      if (!isDrawn(entry.config, frame.zoom) || entry.data.count === 0) continue;
      const buffers = this.buffersFor(entry);
      for (const copy of framesForCopies(frame, entry.data.extent())) this.drawLayer(entry, buffers, copy);
      drawn = true;
    }
    if (drawn) ctx.drawImage(this.canvas, 0, 0);
  }

  /** Whether a layer's next version is still being built between frames (the renderer is not idle). */
  building(): boolean {
    for (const b of this.builds.values()) if (!b.done && !b.cancelled) return true;
    return false;
  }

  /** The layer's buffers for its current features; a large layer's old ones while its new ones build. */
  private buffersFor(entry: LayerEntry): LayerBuffers {
    const id = entry.config.id;
    const { revision, batch } = entry.data;
    const old = this.layers.get(id);
    if (old && old.revision === revision) return old;
    const betweenFrames = old && batch.geometryType !== 'Point' && batch.coords.length / 2 >= BUILD_BETWEEN_FRAMES_MIN_VERTICES;
    let build = this.builds.get(id);
    if (build && build.revision !== revision) {
      this.cancelBuild(id);
      build = undefined;
    }
    if (!betweenFrames) {
      this.cancelBuild(id);
      const builder = new GLGeometryBuilder(batch);
      builder.step();
      const { buffers, uploads } = this.makeBuffers(revision, builder.result());
      for (const upload of uploads) upload();
      return this.install(id, buffers);
    }
    build ??= this.startBuild(id, revision, new GLGeometryBuilder(batch));
    if (build.error) throw build.error;
    if (!build.done || !build.buffers) return old;
    this.builds.delete(id);
    return this.install(id, build.buffers);
  }

  private startBuild(id: string, revision: number, builder: GLGeometryBuilder): Build {
    const build: Build = { revision, builder, done: false, cancelled: false };
    this.builds.set(id, build);
    void (async () => {
      try {
        for (;;) {
          await this.pause();
          if (build.cancelled) return;
          if (builder.step(BUILD_SLICE_MS)) break;
        }
        const { buffers, uploads } = this.makeBuffers(revision, builder.result());
        build.buffers = buffers;
        for (const upload of uploads) {
          await this.pause();
          if (build.cancelled) return; // cancelBuild released the buffers
          upload();
          this.gl.flush(); // the GPU process takes each piece between two frames
        }
        build.done = true;
      } catch (err) {
        build.error = err; // the next frame throws it: the renderer hands over to Canvas 2D
      }
      if (!build.cancelled) this.onBuilt();
    })();
    return build;
  }

  /** Stops the layer's build between frames, if any, and frees what it made. */
  private cancelBuild(id: string): void {
    const build = this.builds.get(id);
    if (!build) return;
    build.cancelled = true;
    if (build.buffers) this.release(build.buffers);
    this.builds.delete(id);
  }

  /** The layer's buffers become `b` (the old ones are freed). */
  private install(id: string, b: LayerBuffers): LayerBuffers {
    const old = this.layers.get(id);
    if (old) this.release(old);
    this.layers.set(id, b);
    return b;
  }

  /** The GL objects for `geometry`, and the uploads that fill them. */
  private makeBuffers(revision: number, geometry: GLGeometry): UnfilledBuffers {
    const gl = this.gl;
    const b: LayerBuffers = {
      revision,
      vertexCount: geometry.vertexCount,
      pointVao: null,
      pointBuffer: null,
      iconBuffer: null,
      positionTexture: null,
      segmentTexture: null,
      fillVao: null,
      triangles: null,
      triangleCount: 0,
      thinned: new Map(),
      bytes: 0,
    };
    const uploads: (() => void)[] = [];
    if (!geometry.segmentOn) {
      b.pointBuffer = gl.createBuffer()!;
      gl.bindBuffer(gl.ARRAY_BUFFER, b.pointBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, geometry.positions, gl.STATIC_DRAW);
      b.pointVao = gl.createVertexArray();
      gl.bindVertexArray(b.pointVao);
      const loc = this.points.attributes.get('a_pos')!;
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, POSITION_FLOATS, gl.FLOAT, false, 0, 0);
      if (geometry.icons) {
        b.iconBuffer = gl.createBuffer()!;
        gl.bindBuffer(gl.ARRAY_BUFFER, b.iconBuffer);
        gl.bufferData(gl.ARRAY_BUFFER, geometry.icons, gl.STATIC_DRAW);
        const iconLoc = this.points.attributes.get('a_icon')!;
        gl.enableVertexAttribArray(iconLoc);
        gl.vertexAttribPointer(iconLoc, 1, gl.UNSIGNED_BYTE, false, 0, 0);
      }
      gl.bindVertexArray(null);
      b.bytes = geometry.positions.byteLength + (geometry.icons?.byteLength ?? 0);
    } else {
      b.positionTexture = this.vertexTexture(geometry.positions, POSITION_FLOATS, uploads);
      b.segmentTexture = this.vertexTexture(geometry.segmentOn, 1, uploads);
      b.bytes = geometry.positions.byteLength + geometry.segmentOn.byteLength;
    }
    const { triangles } = geometry;
    if (triangles) {
      b.fillVao = gl.createVertexArray();
      gl.bindVertexArray(b.fillVao);
      const buffer = gl.createBuffer()!;
      b.triangles = buffer;
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, triangles.byteLength, gl.STATIC_DRAW);
      gl.bindVertexArray(null);
      // Filled through COPY_WRITE_BUFFER: binding it to ELEMENT_ARRAY_BUFFER would touch whichever vertex array is bound.
      const perUpload = UPLOAD_SLICE_BYTES / triangles.BYTES_PER_ELEMENT;
      for (let i = 0; i < triangles.length; i += perUpload) {
        uploads.push(() => {
          gl.bindBuffer(gl.COPY_WRITE_BUFFER, buffer);
          gl.bufferSubData(gl.COPY_WRITE_BUFFER, i * triangles.BYTES_PER_ELEMENT, triangles, i, Math.min(perUpload, triangles.length - i));
          gl.bindBuffer(gl.COPY_WRITE_BUFFER, null);
        });
      }
      b.triangleCount = triangles.length;
      b.bytes += triangles.byteLength;
    }
    return { buffers: b, uploads };
  }

  /**
   * One texel per vertex, TEXTURE_WIDTH per row: RGBA32F positions or R8 segment flags. The texture is
   * made here; `uploads` gets the row ranges that fill it.
   */
  private vertexTexture(data: Float32Array | Uint8Array, channels: 1 | 4, uploads: (() => void)[]): WebGLTexture {
    const gl = this.gl;
    const [internal, format, type] = channels === 4 ? [gl.RGBA32F, gl.RGBA, gl.FLOAT] : [gl.R8, gl.RED, gl.UNSIGNED_BYTE];
    const texels = data.length / channels;
    const rows = Math.max(1, Math.ceil(texels / TEXTURE_WIDTH));
    const full = Math.floor(texels / TEXTURE_WIDTH);
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, internal, TEXTURE_WIDTH, rows);
    for (const p of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, p, gl.NEAREST);
    const rowLength = TEXTURE_WIDTH * channels;
    const rowsPerUpload = Math.max(1, Math.floor(UPLOAD_SLICE_BYTES / (rowLength * data.BYTES_PER_ELEMENT)));
    const put = (x: number, y: number, width: number, height: number, from: number, to: number) =>
      uploads.push(() => {
        gl.bindTexture(gl.TEXTURE_2D, texture);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, width, height, format, type, data.subarray(from, to));
      });
    // Whole rows, then the partial last row: no padded copy of the data.
    for (let row = 0; row < full; row += rowsPerUpload) {
      const height = Math.min(rowsPerUpload, full - row);
      put(0, row, TEXTURE_WIDTH, height, row * rowLength, (row + height) * rowLength);
    }
    const rest = texels - full * TEXTURE_WIDTH;
    if (rest) put(0, full, rest, 1, full * rowLength, data.length);
    return texture;
  }

  /** Binds the layer's vertex textures to units 0 and 1 for a program that fetches from them. */
  private bindVertexTextures(p: Program, b: LayerBuffers): void {
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, b.positionTexture);
    gl.uniform1i(p.uniforms.get('u_positions')!, 0);
    gl.uniform1i(p.uniforms.get('u_texWidth')!, TEXTURE_WIDTH);
    const on = p.uniforms.get('u_on');
    if (on) {
      gl.activeTexture(gl.TEXTURE1);
      gl.bindTexture(gl.TEXTURE_2D, b.segmentTexture);
      gl.uniform1i(on, 1);
    }
  }

  private useProgram(p: Program, frame: FrameContext): void {
    const gl = this.gl;
    gl.useProgram(p.program);
    const u = p.uniforms;
    const [cx, cy] = frame.viewState.center;
    const [xh, xl] = splitDouble(cx);
    const [yh, yl] = splitDouble(cy);
    gl.uniform2f(u.get('u_centerHi')!, xh, yh);
    gl.uniform2f(u.get('u_centerLo')!, xl, yl);
    // Map north-up by default; OL's view rotation turns the map counter-clockwise, so coordinates by −rotation.
    const r = -frame.viewState.rotation;
    gl.uniformMatrix2fv(u.get('u_rotate')!, false, [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r)]);
    gl.uniform1f(u.get('u_resolution')!, frame.viewState.resolution);
    gl.uniform2f(u.get('u_halfSize')!, frame.size[0] / 2, frame.size[1] / 2);
    const pr = u.get('u_pixelRatio');
    if (pr) gl.uniform1f(pr, frame.pixelRatio);
  }

  private drawLayer(entry: LayerEntry, b: LayerBuffers, frame: FrameContext): void {
    const gl = this.gl;
    const s = resolveStyle(entry.config);
    const opacity = entry.config.opacity ?? 1;
    const type = entry.config.geometryType;
    if (type === 'Point') {
      const p = this.points;
      this.useProgram(p, frame);
      const stroke = pointStrokeWidth(s);
      gl.uniform1f(p.uniforms.get('u_spriteCss')!, 2 * POINT_RADIUS_PX + stroke + 2);
      gl.uniform1f(p.uniforms.get('u_radius')!, POINT_RADIUS_PX);
      gl.uniform1f(p.uniforms.get('u_strokeWidth')!, stroke);
      gl.uniform4fv(p.uniforms.get('u_fill')!, rgba(s.fill));
      gl.uniform4fv(p.uniforms.get('u_stroke')!, rgba(s.stroke));
      gl.uniform1f(p.uniforms.get('u_opacity')!, opacity);
      gl.uniform1f(p.uniforms.get('u_iconCss')!, CATEGORY_ICON_PX);
      if (b.iconBuffer) {
        gl.activeTexture(gl.TEXTURE0);
        gl.bindTexture(gl.TEXTURE_2D, this.atlasTexture(frame.pixelRatio));
        gl.uniform1i(p.uniforms.get('u_atlas')!, 0);
        gl.uniform1f(p.uniforms.get('u_iconCount')!, CATEGORY_COUNT);
      } else {
        // No per-point icons: the attribute's constant value (global state, not the vertex array's) says none.
        gl.vertexAttrib1f(p.attributes.get('a_icon')!, NO_CATEGORY);
      }
      const thinned = this.thinnedPoints(entry, b, frame);
      gl.bindVertexArray(b.pointVao);
      if (thinned) {
        gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, thinned.indices);
        gl.drawElements(gl.POINTS, thinned.count, gl.UNSIGNED_INT, 0);
      } else {
        gl.drawArrays(gl.POINTS, 0, b.vertexCount);
      }
      gl.bindVertexArray(null);
      return;
    }
    if (b.fillVao && b.triangleCount) {
      const p = this.fills;
      this.useProgram(p, frame);
      this.bindVertexTextures(p, b);
      gl.uniform4fv(p.uniforms.get('u_color')!, rgba(s.fill, POLYGON_FILL_ALPHA));
      gl.uniform1f(p.uniforms.get('u_opacity')!, opacity);
      gl.bindVertexArray(b.fillVao);
      gl.drawElements(gl.TRIANGLES, b.triangleCount, gl.UNSIGNED_INT, 0);
    }
    if (b.vertexCount > 1) {
      // As layer_style.ts: polygon outlines are half the line width.
      const width = type === 'Polygon' ? s.width / 2 : s.width;
      const thin = width * frame.pixelRatio <= THIN_LINE_MAX_DEVICE_PX;
      const p = thin ? this.thinLines : this.lines;
      this.useProgram(p, frame);
      this.bindVertexTextures(p, b);
      if (!thin) gl.uniform1f(p.uniforms.get('u_halfWidth')!, width / 2);
      gl.uniform4fv(p.uniforms.get('u_color')!, rgba(s.stroke));
      gl.uniform1f(p.uniforms.get('u_opacity')!, opacity);
      gl.bindVertexArray(this.emptyVao);
      if (thin) gl.drawArrays(gl.LINES, 0, (b.vertexCount - 1) * 2);
      else gl.drawArrays(gl.TRIANGLES, 0, (b.vertexCount - 1) * 6);
    }
    gl.bindVertexArray(null);
  }

  /** The category atlas (category_atlas.ts) as a premultiplied RGBA texture, redrawn when the pixel ratio changes. */
  private atlasTexture(pixelRatio: number): WebGLTexture {
    if (this.atlas?.pixelRatio === pixelRatio) return this.atlas.texture;
    const gl = this.gl;
    if (this.atlas) gl.deleteTexture(this.atlas.texture);
    const drawn: CategoryAtlas = buildCategoryAtlas(pixelRatio);
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, drawn.canvas);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    // One texel per device pixel (the sprite is the cell's size): nearest keeps cells from bleeding.
    for (const p of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, p, gl.NEAREST);
    for (const p of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) gl.texParameteri(gl.TEXTURE_2D, p, gl.CLAMP_TO_EDGE);
    this.atlas = { texture, pixelRatio };
    return texture;
  }

  /** The point indices to draw at this frame's zoom level, made on the level's first frame. */
  private thinnedPoints(entry: LayerEntry, b: LayerBuffers, frame: FrameContext): { indices: WebGLBuffer; count: number } | null {
    const level = Math.floor(frame.zoom);
    if (!(level <= THINNING_MAX_LEVEL)) return null;
    const key = `${level}@${frame.pixelRatio}`;
    let thinned = b.thinned.get(key);
    if (thinned !== undefined) return thinned;
    const { batch } = entry.data;
    const keep = thinPoints(batch.coords, b.vertexCount, thinningCell(level, frame.pixelRatio));
    thinned = null;
    if (keep) {
      const gl = this.gl;
      const indices = gl.createBuffer()!;
      gl.bindVertexArray(null); // the element binding belongs to whichever vertex array is bound
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, keep, gl.STATIC_DRAW);
      thinned = { indices, count: keep.length };
      b.bytes += keep.byteLength;
    }
    if (b.thinned.size >= THINNED_LEVELS_KEPT) {
      const [oldest, old] = b.thinned.entries().next().value!;
      if (old) {
        this.gl.deleteBuffer(old.indices);
        b.bytes -= old.count * 4;
      }
      b.thinned.delete(oldest);
    }
    b.thinned.set(key, thinned);
    return thinned;
  }

  bufferBytes(): number {
    let bytes = 0;
    for (const b of this.layers.values()) bytes += b.bytes;
    return bytes;
  }

  private release(b: LayerBuffers): void {
    const gl = this.gl;
    for (const vao of [b.pointVao, b.fillVao]) if (vao) gl.deleteVertexArray(vao);
    for (const buf of [b.pointBuffer, b.iconBuffer, b.triangles]) if (buf) gl.deleteBuffer(buf);
    for (const t of [b.positionTexture, b.segmentTexture]) if (t) gl.deleteTexture(t);
    for (const t of b.thinned.values()) if (t) gl.deleteBuffer(t.indices);
  }

  forget(layerId: string): void {
    this.cancelBuild(layerId);
    const b = this.layers.get(layerId);
    if (!b) return;
    this.release(b);
    this.layers.delete(layerId);
  }

  dispose(): void {
    for (const id of [...this.layers.keys(), ...this.builds.keys()]) this.forget(id);
    if (this.atlas) this.gl.deleteTexture(this.atlas.texture);
    this.atlas = null;
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
