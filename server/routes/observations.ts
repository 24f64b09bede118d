import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENDANGERED_STATUSES,
  observationSchema,
  speciesSchema,
  type Observation,
  type Species,
  type ThreatStatus,
} from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import { iso, loadLayer, readableWorkspace } from './common.ts';
import { gfidParams, lookupFeature } from './features.ts';

// SPEC §7: GET layers/{layer}/species, GET layers/{layer}/observations?search, GET features/{gfid}/observations.
// Read like the layer's features (SPEC §6: public workspaces for anyone, diff workspaces never for visitors).

/** Observations matching a search, at most this many (newest first). */
const SEARCH_LIMIT = 200;

interface SpeciesRow {
  id: string;
  scientific_name: string;
  common_name: string | null;
  status: ThreatStatus;
  status_source: string;
  demo: boolean;
}

const speciesFrom = (r: SpeciesRow): Species => ({
  id: Number(r.id),
  scientificName: r.scientific_name,
  commonName: r.common_name,
  status: r.status,
  statusSource: r.status_source,
  endangered: ENDANGERED_STATUSES.includes(r.status),
  demo: r.demo,
});

interface ObservationRow extends SpeciesRow {
  obs_id: string;
  gfid: string;
  observed_at: Date | string;
  count: number;
  note: string | null;
  observer: string | null;
}

const OBSERVATION_SELECT = `
  SELECT o.id AS obs_id, o.gfid, o.observed_at, o.count, o.note, u.username AS observer,
         s.id, s.scientific_name, s.common_name, s.status, s.status_source, s.demo
  FROM observations o
  JOIN species s ON s.id = o.species_id
  LEFT JOIN users u ON u.id = o.created_by`;

async function observations(db: Db, where: string, params: unknown[], limit = 'ALL'): Promise<Observation[]> {
  const { rows } = await db.query<ObservationRow>(
    `${OBSERVATION_SELECT} WHERE o.status = 'accepted' AND ${where} ORDER BY o.observed_at DESC, o.id DESC LIMIT ${limit}`,
    params,
  );
  return rows.map(observationFrom);
}

const observationFrom = (r: ObservationRow): Observation => ({
  id: Number(r.obs_id),
  gfid: Number(r.gfid),
  species: speciesFrom(r),
  observedAt: iso(r.observed_at)!,
  count: r.count,
  note: r.note,
  observer: r.observer,
});

/** The observations `userId` suggested on the feature that await review (attachments of kind observation). */
async function ownPending(db: Db, gfid: number, userId: number): Promise<Observation[]> {
  const { rows } = await db.query<ObservationRow>(
    `SELECT a.id AS obs_id, a.gfid, (a.body->>'observedAt')::timestamptz AS observed_at, (a.body->>'count')::int AS count,
            a.description AS note, u.username AS observer,
            s.id, s.scientific_name, s.common_name, s.status, s.status_source, s.demo
     FROM attachments a
     JOIN species s ON s.id = (a.body->>'speciesId')::bigint
     LEFT JOIN users u ON u.id = a.created_by
     WHERE a.gfid = $1 AND a.kind = 'observation' AND a.status = 'pending' AND a.created_by = $2
     ORDER BY a.created_at DESC, a.id DESC`,
    [gfid, userId],
  );
  return rows.map((r) => ({ ...observationFrom(r), pending: true }));
}

/** `%` and `_` typed by the user are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const layerParams = z.object({ layer: z.string().min(1) });
const workspaceQuery = z.object({ workspace: z.string().optional() });
const searchQuery = workspaceQuery.extend({ search: z.string().max(200).optional() });

export async function observationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['observations'];

  app.get(
    '/layers/:layer/species',
    { schema: { tags, params: layerParams, querystring: workspaceQuery, response: { 200: z.array(speciesSchema) } } },
    async (req) => {
      const ws = await readableWorkspace(req, req.query.workspace);
      await loadLayer(db, ws.id, req.params.layer);
      const { rows } = await db.query<SpeciesRow>(
        `SELECT id, scientific_name, common_name, status, status_source, demo FROM species
         WHERE workspace_id = $1 AND layer_id = $2 ORDER BY scientific_name`,
        [ws.id, req.params.layer],
      );
      return rows.map(speciesFrom);
    },
  );

  app.get(
    '/layers/:layer/observations',
    { schema: { tags, params: layerParams, querystring: searchQuery, response: { 200: z.array(observationSchema) } } },
    async (req) => {
      const ws = await readableWorkspace(req, req.query.workspace);
      await loadLayer(db, ws.id, req.params.layer);
      const search = (req.query.search ?? '').trim();
      if (!search) return []; // SPEC §5: an empty search term returns an empty list
      return observations(
        db,
        `s.workspace_id = $1 AND s.layer_id = $2 AND (s.scientific_name ILIKE $3 OR s.common_name ILIKE $3)`,
        [ws.id, req.params.layer, likePattern(search)],
        String(SEARCH_LIMIT),
      );
    },
  );

  // Accepted observations, then the caller's own pending suggestions (like the other attachment lists).
  app.get(
    '/features/:gfid/observations',
    { schema: { tags, params: gfidParams, response: { 200: z.array(observationSchema) } } },
    async (req) => {
      await lookupFeature(req, req.params.gfid);
      const accepted = await observations(db, 'o.gfid = $1', [req.params.gfid]);
      return req.user ? [...accepted, ...(await ownPending(db, req.params.gfid, req.user.id))] : accepted;
    },
  );
}
