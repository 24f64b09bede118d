import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors.ts';
import type { Bbox, FeatureFilter } from '../services/feature_query.ts';
import { FGB_MIME, FGB_ROUTE_COMPRESSION, flatGeobufStream } from '../services/flatgeobuf.ts';
import {
  CONFORMANCE,
  CRS84,
  type Collection,
  collectionExtents,
  type Extent,
  findCollection,
  ITEMS_DEFAULT_LIMIT,
  ITEMS_MAX_LIMIT,
  itemsPage,
  oneItem,
  propertyNames,
  readableCollections,
} from '../services/ogc.ts';
import { type HtmlLink, renderHtml } from '../services/ogc_html.ts';
import { appKeyParam } from './common.ts';

// OGC API – Features under /api/ogc/{appKey}: the app key is part of the path, so a GIS client opens
// `OAPIF:http://host/api/ogc/<appKey>` with nothing else to set, and every link the answers carry
// keeps it. Credentials as for the rest of the API (basic auth, or the session header); a private
// workspace's layers are 401 for visitors (SPEC §6).

const GEOJSON = 'application/geo+json';
const JSON_TYPE = 'application/json';
const HTML = 'text/html';
const OPENAPI = 'application/vnd.oai.openapi+json;version=3.0';

type Format = 'json' | 'html' | 'fgb';

/** `f` decides; else the Accept header's preferred type among those the resource has; JSON by default. */
function formatOf(req: FastifyRequest, allowed: readonly Format[]): Format {
  const f = (req.query as { f?: unknown }).f;
  if (f !== undefined) {
    const asked = f === 'geojson' ? 'json' : f;
    if (typeof asked !== 'string' || !allowed.includes(asked as Format)) throw badRequest('INVALID_VALUE');
    return asked as Format;
  }
  let best: { format: Format; q: number } | undefined;
  for (const part of (req.headers.accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const format: Format | undefined =
      type === HTML ? 'html' : type === FGB_MIME ? 'fgb' : type === JSON_TYPE || type === GEOJSON ? 'json' : undefined;
    if (!format || !allowed.includes(format) || !(q > 0)) continue;
    if (!best || q > best.q) best = { format, q };
  }
  return best?.format ?? 'json';
}

/** Absolute links: GIS clients follow hrefs as given. */
function baseUrl(req: FastifyRequest, appKey: string): string {
  return `${req.protocol}://${req.headers.host}/api/ogc/${appKey}`;
}

/** The request's own query with some parameters replaced (paging links keep the filters). */
function withQuery(req: FastifyRequest, path: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query as Record<string, unknown>)) if (typeof v === 'string') params.set(k, v);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) params.delete(k);
    else params.set(k, v);
  }
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** self + alternates of a resource in the formats it has; the answered one is `self`. */
function selfLinks(req: FastifyRequest, url: string, format: Format, formats: readonly Format[], title: string): HtmlLink[] {
  const types: Record<Format, string> = { json: url.includes('/items') ? GEOJSON : JSON_TYPE, html: HTML, fgb: FGB_MIME };
  const names: Record<Format, string> = { json: 'JSON', html: 'HTML', fgb: 'FlatGeobuf' };
  return formats.map((f) => ({
    href: withQuery(req, url, { f: f === 'json' ? 'json' : f }),
    rel: f === format ? 'self' : 'alternate',
    type: types[f],
    title: `${title} as ${names[f]}`,
  }));
}

function sendJson(reply: FastifyReply, type: string, body: unknown) {
  return reply.type(type).send(JSON.stringify(body));
}

function collectionJson(base: string, c: Collection, extent: Extent) {
  const url = `${base}/collections/${encodeURIComponent(c.id)}`;
  return {
    id: c.id,
    title: c.title,
    description: `${c.layer.geometry_type} layer ${c.layer.id} of workspace ${c.layer.workspace_id}`,
    links: [
      { href: url, rel: 'self', type: JSON_TYPE, title: c.title },
      { href: `${url}?f=html`, rel: 'alternate', type: HTML, title: c.title },
      { href: `${url}/items`, rel: 'items', type: GEOJSON, title: `${c.title} features` },
      { href: `${url}/items?f=html`, rel: 'items', type: HTML, title: `${c.title} features` },
      { href: `${url}/items?f=fgb`, rel: 'items', type: FGB_MIME, title: `${c.title} features` },
    ],
    extent: { spatial: { bbox: extent ? [extent] : [[-180, -90, 180, 90]], crs: CRS84 } },
    itemType: 'feature',
    crs: [CRS84],
    storageCrs: CRS84,
  };
}

const extentText = (e: Extent) => (e ? e.map((v) => v.toFixed(6)).join(', ') : 'no features');

/** Parameters the items call knows besides property names (Part 1 §7.15, Part 2 §6.2). */
const ITEMS_PARAMS = new Set(['f', 'limit', 'offset', 'after', 'bbox', 'bbox-crs', 'crs', 'datetime']);

const intParam = (v: string, min: number) => {
  if (!/^\d+$/.test(v)) throw badRequest('INVALID_VALUE');
  const n = Number(v);
  if (n < min || !Number.isSafeInteger(n)) throw badRequest('INVALID_VALUE');
  return n;
};

/** bbox = 4 or 6 numbers (the 3D form's heights are not used); minx > maxx crosses the antimeridian. */
function parseBbox(v: string): Bbox {
  const n = v.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
  if ((n.length !== 4 && n.length !== 6) || !n.every(Number.isFinite)) throw badRequest('INVALID_VALUE');
  const box = (n.length === 4 ? n : [n[0], n[1], n[3], n[4]]) as Bbox;
  if (box[1] > box[3]) throw badRequest('INVALID_VALUE');
  return box;
}

interface ItemsQuery {
  format: Format;
  limit: number;
  offset: number;
  /** The last gfid of the previous page, from a next link: the page starts after it (no OFFSET scan). */
  after?: number;
  filter: FeatureFilter;
}

/** Checks every parameter: an unknown one is a 400 (Part 1 /req/core/query-param-unknown), as is a CRS other than CRS84. */
function itemsQuery(req: FastifyRequest, c: Collection): ItemsQuery {
  const format = formatOf(req, ['json', 'html', 'fgb']);
  const q = req.query as Record<string, unknown>;
  const names = new Set(propertyNames(c.layer));
  const filter: FeatureFilter = {};
  const equals: [string, string][] = [];
  for (const [key, value] of Object.entries(q)) {
    if (typeof value !== 'string') throw badRequest('INVALID_VALUE'); // a parameter given twice
    if (ITEMS_PARAMS.has(key)) continue;
    if (!names.has(key)) throw badRequest('INVALID_VALUE');
    equals.push([key, value]);
  }
  for (const key of ['crs', 'bbox-crs']) {
    if (q[key] !== undefined && q[key] !== CRS84) throw badRequest('INVALID_VALUE');
  }
  if (typeof q.bbox === 'string') filter.bbox = parseBbox(q.bbox);
  if (equals.length) filter.equals = equals;
  // Part 1 §7.15.3: a limit over the maximum is served at the maximum, not refused.
  const limit = typeof q.limit === 'string' ? Math.min(intParam(q.limit, 1), ITEMS_MAX_LIMIT) : ITEMS_DEFAULT_LIMIT;
  const offset = typeof q.offset === 'string' ? intParam(q.offset, 0) : 0;
  const after = typeof q.after === 'string' ? intParam(q.after, 0) : undefined;
  return { format, limit, offset, after, filter };
}

const collectionParams = appKeyParam.extend({ collectionId: z.string().min(1).max(300) });
const itemParams = collectionParams.extend({ featureId: z.string().min(1).max(30) });

export async function ogcRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['ogc'];

  const landing = async (req: FastifyRequest<{ Params: { appKey: string } }>, reply: FastifyReply) => {
    const format = formatOf(req, ['json', 'html']);
    await readableCollections(req, req.params.appKey); // 404 for an unknown app, 401 for a visitor of a private one
    const base = baseUrl(req, req.params.appKey);
    const title = 'Mapdraft features';
    const links: HtmlLink[] = [
      ...selfLinks(req, base, format, ['json', 'html'], title),
      { href: `${req.protocol}://${req.headers.host}/api/openapi.json`, rel: 'service-desc', type: OPENAPI, title: 'The API definition' },
      { href: `${base}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
      { href: `${base}/collections`, rel: 'data', type: JSON_TYPE, title: 'Feature collections' },
    ];
    const description = 'OGC API – Features of one Mapdraft app: one collection per layer.';
    if (format === 'html') return reply.type(HTML).send(renderHtml({ title, description, links }));
    return sendJson(reply, JSON_TYPE, { title, description, links });
  };
  app.get('/ogc/:appKey', { schema: { tags, params: appKeyParam } }, landing);
  app.get('/ogc/:appKey/', { schema: { tags, params: appKeyParam, hide: true } }, landing);

  app.get('/ogc/:appKey/conformance', { schema: { tags, params: appKeyParam } }, async (req, reply) => {
    const format = formatOf(req, ['json', 'html']);
    await readableCollections(req, req.params.appKey);
    const url = `${baseUrl(req, req.params.appKey)}/conformance`;
    if (format === 'html') {
      return reply.type(HTML).send(
        renderHtml({
          title: 'Conformance',
          table: [['Conformance class'], ...CONFORMANCE.map((c) => [c])],
          links: selfLinks(req, url, format, ['json', 'html'], 'Conformance'),
        }),
      );
    }
    return sendJson(reply, JSON_TYPE, { conformsTo: CONFORMANCE });
  });

  app.get('/ogc/:appKey/collections', { schema: { tags, params: appKeyParam } }, async (req, reply) => {
    const format = formatOf(req, ['json', 'html']);
    const collections = await readableCollections(req, req.params.appKey);
    const extents = await collectionExtents(db, collections);
    const base = baseUrl(req, req.params.appKey);
    const links = selfLinks(req, `${base}/collections`, format, ['json', 'html'], 'Collections');
    if (format === 'html') {
      const rowLinks = new Map(collections.map((c, i) => [i + 1, `${base}/collections/${encodeURIComponent(c.id)}?f=html`]));
      const table = [
        ['Collection', 'Title', 'Geometry', 'Extent'],
        ...collections.map((c) => [c.id, c.title, c.layer.geometry_type, extentText(extents.get(c)!)]),
      ];
      return reply.type(HTML).send(renderHtml({ title: 'Collections', links, table, rowLinks }));
    }
    return sendJson(reply, JSON_TYPE, {
      links,
      collections: collections.map((c) => collectionJson(base, c, extents.get(c)!)),
      crs: [CRS84],
    });
  });

  app.get('/ogc/:appKey/collections/:collectionId', { schema: { tags, params: collectionParams } }, async (req, reply) => {
    const format = formatOf(req, ['json', 'html']);
    const c = await findCollection(req, req.params.appKey, req.params.collectionId);
    const extent = (await collectionExtents(db, [c])).get(c)!;
    const base = baseUrl(req, req.params.appKey);
    const body = collectionJson(base, c, extent);
    if (format === 'html') {
      const facts: [string, string][] = [
        ['Geometry', c.layer.geometry_type],
        ['Extent (CRS84)', extentText(extent)],
        ['Properties', propertyNames(c.layer).join(', ')],
      ];
      return reply.type(HTML).send(renderHtml({ title: c.title, description: body.description, facts, links: body.links }));
    }
    return sendJson(reply, JSON_TYPE, body);
  });

  app.get(
    '/ogc/:appKey/collections/:collectionId/items',
    { schema: { tags, params: collectionParams }, compress: FGB_ROUTE_COMPRESSION },
    async (req, reply) => {
      const c = await findCollection(req, req.params.appKey, req.params.collectionId);
      const { format, limit, offset, after, filter } = itemsQuery(req, c);
      reply.header('content-crs', `<${CRS84}>`);
      if (format === 'fgb') {
        const selection = after === undefined ? { ...filter, offset, limit } : { ...filter, afterGfid: after, limit };
        return reply.type(FGB_MIME).send(Readable.from(flatGeobufStream(db, c.layer, selection)));
      }
      const page = await itemsPage(db, c.layer, filter, { offset, after }, limit);
      const url = `${baseUrl(req, req.params.appKey)}/collections/${encodeURIComponent(c.id)}/items`;
      const links: HtmlLink[] = selfLinks(req, url, format, ['json', 'html', 'fgb'], `${c.title} features`);
      // The next link also names the last gfid sent, so the next page is a keyset read, not an OFFSET scan.
      const lastGfid = page.lastGfid === undefined ? undefined : String(page.lastGfid);
      const pageLink = (rel: string, at: number): HtmlLink => ({
        href: withQuery(req, url, { offset: String(at), limit: String(limit), after: rel === 'next' ? lastGfid : undefined }),
        rel,
        type: format === 'html' ? HTML : GEOJSON,
        title: rel === 'next' ? 'Next page' : 'Previous page',
      });
      if (offset + page.features.length < page.numberMatched) links.push(pageLink('next', offset + limit));
      if (offset > 0) links.push(pageLink('prev', Math.max(0, offset - limit)));
      links.push({ href: url.slice(0, -'/items'.length), rel: 'collection', type: JSON_TYPE, title: c.title });
      if (format === 'html') {
        const names = propertyNames(c.layer);
        const features = page.features.map(
          (f) => JSON.parse(f) as { id: number; geometry: { type: string } | null; properties: Record<string, unknown> },
        );
        const table = [
          ['id', 'geometry', ...names],
          ...features.map((f) => [
            String(f.id),
            f.geometry?.type ?? '',
            ...names.map((n) => (f.properties[n] == null ? '' : String(f.properties[n]))),
          ]),
        ];
        const rowLinks = new Map(features.map((f, i) => [i + 1, `${url}/${f.id}?f=html`]));
        const facts: [string, string][] = [['Features', `${offset + 1}–${offset + page.features.length} of ${page.numberMatched}`]];
        return reply.type(HTML).send(renderHtml({ title: `${c.title} features`, facts, table, rowLinks, links }));
      }
      reply.type(GEOJSON);
      return reply.send(
        `{"type":"FeatureCollection","timeStamp":${JSON.stringify(new Date().toISOString())},"numberMatched":${page.numberMatched},` +
          `"numberReturned":${page.features.length},"links":${JSON.stringify(links)},"features":[${page.features.join(',')}]}`,
      );
    },
  );

  app.get('/ogc/:appKey/collections/:collectionId/items/:featureId', { schema: { tags, params: itemParams } }, async (req, reply) => {
    const format = formatOf(req, ['json', 'html']);
    for (const key of Object.keys(req.query as object)) if (key !== 'f' && key !== 'crs') throw badRequest('INVALID_VALUE');
    const crs = (req.query as { crs?: unknown }).crs;
    if (crs !== undefined && crs !== CRS84) throw badRequest('INVALID_VALUE');
    const c = await findCollection(req, req.params.appKey, req.params.collectionId);
    // Feature ids are gfids: anything else names no feature.
    const gfid = /^[1-9]\d{0,15}$/.test(req.params.featureId) ? Number(req.params.featureId) : 0;
    if (!Number.isSafeInteger(gfid) || gfid === 0) throw notFound('FEATURE_NOT_FOUND');
    const feature = await oneItem(db, c.layer, gfid);
    const collectionUrl = `${baseUrl(req, req.params.appKey)}/collections/${encodeURIComponent(c.id)}`;
    const url = `${collectionUrl}/items/${gfid}`;
    const links = [
      ...selfLinks(req, url, format, ['json', 'html'], `Feature ${gfid}`),
      { href: collectionUrl, rel: 'collection', type: JSON_TYPE, title: c.title },
    ];
    reply.header('content-crs', `<${CRS84}>`);
    if (format === 'html') {
      const parsed = JSON.parse(feature) as { geometry: unknown; properties: Record<string, unknown> };
      const table = [
        ['Property', 'Value'],
        ...Object.entries(parsed.properties).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ];
      table.push(['geometry', JSON.stringify(parsed.geometry)]);
      return reply.type(HTML).send(renderHtml({ title: `${c.title} ${gfid}`, table, links }));
    }
    return reply.type(GEOJSON).send(`${feature.slice(0, -1)},"links":${JSON.stringify(links)}}`);
  });
}
