// The openrouteservice-compatible directions client against a real HTTP service on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routingConfigSchema } from '../../src/model/index.ts';
import { fetchDirections } from '../../src/api/directions.ts';
import { ServiceError } from '../../src/api/geocoder.ts';

let server: Server;
let base = '';
const seen: { url?: string; auth?: string; body?: unknown }[] = [];

const ORS_ANSWER = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [2.35, 48.85],
          [2.4, 48.8],
          [4.83, 45.76],
        ],
      },
      properties: {
        segments: [
          {
            distance: 465_300,
            duration: 16_200,
            steps: [
              { instruction: 'Head south on Rue de Rivoli', name: 'Rue de Rivoli', distance: 1200, duration: 180 },
              { instruction: 'Arrive at Lyon', name: '-', distance: 0, duration: 0 },
            ],
          },
        ],
        summary: { distance: 465_300, duration: 16_200 },
      },
    },
  ],
};

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization, body: await body(req) });
    if (req.headers.authorization !== 'Bearer good-key') {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Access to this API has been disallowed"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify(ORS_ANSWER));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('directions client (SPEC §7 directions service)', () => {
  it('posts origin and destination with the key and reads distance, time, steps and the line', async () => {
    const config = routingConfigSchema.parse({ url: `${base}/ors/`, key: 'good-key' });
    const route = await fetchDirections(config, [2.35, 48.85], [4.83, 45.76]);
    expect(seen.at(-1)).toEqual({
      url: '/ors/v2/directions/driving-car/geojson',
      auth: 'Bearer good-key',
      body: {
        coordinates: [
          [2.35, 48.85],
          [4.83, 45.76],
        ],
      },
    });
    expect(route).toMatchObject({ distance: 465_300, time: 16_200, origin: [2.35, 48.85], destination: [4.83, 45.76] });
    expect(route.steps[0]).toMatchObject({ instruction: 'Head south on Rue de Rivoli', distance: 1200, duration: 180 });
    expect(route.coordinates).toHaveLength(3);
  });

  it("fails with the service's HTTP status (SPEC §8)", async () => {
    const config = routingConfigSchema.parse({ url: base, key: 'bad-key' });
    const failure = await fetchDirections(config, [0, 0], [1, 1]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).status).toBe(403);
  });
});
