import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, newOwnedApp } from './helpers.ts';

// CONTRACT "Errors": never 500 for bad input. Every documented route (from the OpenAPI document)
// gets hostile path values and bodies as the owner of a fresh app, so guards pass and validation
// or lookups must answer. Failures must carry a catalogue text.
const PATH_VALUES = ["ws_demo'--", '-1', '1e400', '99999999999999999999999', '..%2F..%2Fetc', '%00', 'x'.repeat(300)];
const BODIES: unknown[] = ['x', [], null, { name: { $gt: '' } }, { appDetails: 5, appManifest: 'x', workspaceSecret: 7 }];
const TEXTS = new Set<string>(Object.values(ERRORS));

describe('hostile input on every route', () => {
  it('never answers 500 and always uses catalogue texts', async () => {
    const { owner, appKey } = await newOwnedApp();
    const doc = (await call('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        for (const value of PATH_VALUES) {
          const path = template.replace('{appKey}', appKey).replace(/\{[^}]+\}/g, value);
          const url = `${path}?appkey=${appKey}&workspace=${encodeURIComponent(value)}&layer=${encodeURIComponent(value)}&bbox=${encodeURIComponent(value)}`;
          for (const body of method === 'GET' ? [undefined] : BODIES) {
            const res = await call(url, { method, auth: owner, body });
            const text = res.body?.message;
            if (res.status >= 500 || (res.status >= 400 && !TEXTS.has(text))) {
              failures.push(`${method} ${url} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
            }
          }
        }
      }
    }
    // Printed as well: vitest 5 on Node 20 cannot format long assertion diffs (Map.groupBy).
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('a JSON route given another content type', () => {
  it('refuses a form body on PUT /apps/config instead of resetting the configuration to its defaults', async () => {
    const { owner, appKey } = await newOwnedApp();
    const before = (await call(`/api/apps/config?appkey=${appKey}`, { auth: owner })).body;
    const res = await call(`/api/apps/config?appkey=${appKey}`, {
      method: 'PUT',
      auth: owner,
      raw: { data: 'appName=x&isPublicApp=true', type: 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ERRORS.INVALID_VALUE);
    expect((await call(`/api/apps/config?appkey=${appKey}`, { auth: owner })).body).toEqual(before);
  });
});
