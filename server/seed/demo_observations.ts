// A small LABELLED DEMO set of species and observations (no installable open observation dataset):
// real species with their IUCN Red List category as published, observed "in" a few seeded cities on
// made-up dates. Every species row is flagged `demo`, and the source says so.
import type { Db } from '../db/index.ts';
import type { ThreatStatus } from '../../src/model/index.ts';

const SOURCE = 'IUCN Red List (demo data, not a survey)';

export const DEMO_SPECIES: { scientific: string; common: string; status: ThreatStatus }[] = [
  { scientific: 'Falco peregrinus', common: 'Peregrine falcon', status: 'LC' },
  { scientific: 'Apus apus', common: 'Common swift', status: 'LC' },
  { scientific: 'Ciconia ciconia', common: 'White stork', status: 'LC' },
  { scientific: 'Anguilla anguilla', common: 'European eel', status: 'CR' },
  { scientific: 'Mustela lutreola', common: 'European mink', status: 'CR' },
  { scientific: 'Aquila adalberti', common: 'Spanish imperial eagle', status: 'VU' },
];

/** [city name, species, date, count, note] */
const DEMO_OBSERVATIONS: [string, string, string, number, string][] = [
  ['Paris', 'Falco peregrinus', '2026-04-12T07:30:00Z', 2, 'Demo: a pair on a church tower.'],
  ['Paris', 'Apus apus', '2026-06-03T19:00:00Z', 40, 'Demo: screaming party over the river.'],
  ['Paris', 'Anguilla anguilla', '2026-09-21T22:00:00Z', 1, 'Demo: glass eel survey.'],
  ['Lyon', 'Ciconia ciconia', '2026-03-30T10:15:00Z', 3, 'Demo: passing migrants.'],
  ['Madrid', 'Aquila adalberti', '2026-05-17T09:45:00Z', 1, 'Demo: adult soaring.'],
  ['Berlin', 'Falco peregrinus', '2026-05-02T08:00:00Z', 1, 'Demo: on a chimney.'],
];

/** Inside the seed transaction, after the cities are in. */
export async function seedDemoObservations(tx: Db, workspace: string, layer: string, userId: number): Promise<number> {
  const ids = new Map<string, number>();
  for (const s of DEMO_SPECIES) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO species (workspace_id, layer_id, scientific_name, common_name, status, status_source, demo)
       VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
      [workspace, layer, s.scientific, s.common, s.status, SOURCE],
    );
    ids.set(s.scientific, Number(rows[0].id));
  }
  let n = 0;
  for (const [city, species, at, count, note] of DEMO_OBSERVATIONS) {
    // The most populous city of that name (the seed may hold several, or none with a small seed).
    const { rows } = await tx.query<{ gfid: string }>(
      `SELECT gfid FROM features WHERE workspace_id = $1 AND layer_id = $2 AND properties->>'name' = $3
       ORDER BY (properties->>'population')::bigint DESC NULLS LAST LIMIT 1`,
      [workspace, layer, city],
    );
    if (!rows[0]) continue;
    await tx.query(`INSERT INTO observations (gfid, species_id, observed_at, count, note, created_by) VALUES ($1, $2, $3, $4, $5, $6)`, [
      rows[0].gfid,
      ids.get(species),
      at,
      count,
      note,
      userId,
    ]);
    n++;
  }
  return n;
}
