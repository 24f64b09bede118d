// A local stand-in for an external species-observation service (SPEC §7, iNaturalist-style
// /v1/observations) over real HTTPS: the app's CSP lets the browser call https origins only, as it
// would call the real service. The certificate is self-signed (made with openssl), so the browser
// context must ignore HTTPS errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeSpeciesService {
  /** The observations address to configure (`search.observationServiceUrl`). */
  url: string;
  /** Every request's address, in order. */
  asked: URL[];
  /** What the next requests get: a status and a JSON body. */
  answer(status: number, body: unknown): void;
  stop(): Promise<void>;
}

export async function startFakeSpeciesService(): Promise<FakeSpeciesService> {
  const dir = mkdtempSync(join(tmpdir(), 'mapdraft-species-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  rmSync(dir, { recursive: true, force: true });
  const asked: URL[] = [];
  let status = 200;
  let body: unknown = { total_results: 0, results: [] };
  const server = createServer(tls, (req, res) => {
    asked.push(new URL(req.url ?? '/', 'https://127.0.0.1'));
    // Called from the app's origin: the service allows it, as public observation APIs do.
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1/observations`,
    asked,
    answer(s, b) {
      status = s;
      body = b;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
