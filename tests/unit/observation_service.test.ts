// SPEC §7 species-observation service client, against a local fake service over real HTTP (an
// iNaturalist-style /v1/observations): what is asked, what is read back, and failures with their status.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/api/geocoder.ts';
import { searchObservationService } from '../../src/api/observation_service.ts';

const FALCON = {
  id: 101,
  uri: 'https://observations.example.org/observations/101',
  observed_on: '2026-04-12',
  time_observed_at: '2026-04-12T07:30:00+02:00',
  place_guess: 'Notre-Dame, Paris',
  geojson: { type: 'Point', coordinates: [2.3499, 48.853] },
  user: { login: 'birder' },
  taxon: {
    name: 'Falco peregrinus',
    preferred_common_name: 'Peregrine Falcon',
    conservation_status: { status: 'lc', authority: 'IUCN Red List' },
  },
};
const EEL = {
  id: 'e7',
  uri: 'javascript:alert(1)',
  observed_on: '2026-09-21',
  location: '45.76,4.83',
  taxon: { name: 'Anguilla anguilla', threatened: true, conservation_status: { status: 'CR', authority: 'IUCN Red List' } },
};

let server: Server;
let base = '';
const asked: URL[] = [];
let answer: (req: IncomingMessage) => { status: number; body: string } = () => ({ status: 200, body: '{"results":[]}' });

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', base));
    const { status, body } = answer(req);
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('species-observation service client (SPEC §7)', () => {
  it('asks for the term, the place id and a page size, keeping the configured parameters', async () => {
    answer = () => ({ status: 200, body: JSON.stringify({ total_results: 2, results: [FALCON, EEL, { id: 3, taxon: {} }] }) });
    const found = await searchObservationService(`${base}/v1/observations?quality_grade=research`, 'falco', '6753');
    const q = asked.at(-1)!;
    expect(q.pathname).toBe('/v1/observations');
    expect(Object.fromEntries(q.searchParams)).toEqual({ quality_grade: 'research', q: 'falco', place_id: '6753', per_page: '10' });
    expect(found).toEqual([
      {
        id: '101',
        scientificName: 'Falco peregrinus',
        commonName: 'Peregrine Falcon',
        status: 'LC',
        statusSource: 'IUCN Red List',
        endangered: false,
        observedAt: '2026-04-12T07:30:00+02:00',
        place: 'Notre-Dame, Paris',
        lon: 2.3499,
        lat: 48.853,
        observer: 'birder',
        url: 'https://observations.example.org/observations/101',
      },
      {
        id: 'e7',
        scientificName: 'Anguilla anguilla',
        commonName: null,
        status: 'CR',
        statusSource: 'IUCN Red List',
        endangered: true,
        observedAt: '2026-09-21',
        place: null,
        lon: 4.83,
        lat: 45.76,
        observer: null,
        url: null, // only http(s) links are kept
      },
    ]);
    await searchObservationService(`${base}/v1/observations`, 'eel', undefined);
    expect(asked.at(-1)!.searchParams.has('place_id')).toBe(false);
  });

  it('fails with the HTTP status of the service, or 0 when it cannot be reached', async () => {
    answer = () => ({ status: 503, body: '{"error":"maintenance"}' });
    await expect(searchObservationService(`${base}/v1/observations`, 'falco', undefined)).rejects.toEqual(new ServiceError(503));
    answer = () => ({ status: 200, body: '<html>not json</html>' });
    await expect(searchObservationService(`${base}/v1/observations`, 'falco', undefined)).rejects.toMatchObject({ status: 200 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(searchObservationService(`http://127.0.0.1:${port}/v1/observations`, 'falco', undefined)).rejects.toMatchObject({
      status: 0,
    });
  });
});
