// The outbox's shared rules (src/model/rules/outbox.ts): what each server answer means for a queued
// suggestion, how a new feature's attachments learn its gfid, and how a conflict is put on top of
// the current version without losing the user's changes.
import { describe, expect, it } from 'vitest';
import { PARENT_PLACEHOLDER, rebaseRequest, replayOutcome, resolveParentPath } from '../../src/model/index.ts';

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const parse = (b: Uint8Array | null) => JSON.parse(new TextDecoder().decode(b!));

describe('replayOutcome', () => {
  it('sends on 2xx and retries, with the same key, when nothing or a server fault answered', () => {
    expect(replayOutcome(201)).toBe('sent');
    expect(replayOutcome(204)).toBe('sent');
    for (const status of ['network', 500, 502, 503, 408, 429] as const) expect(replayOutcome(status)).toBe('retry');
  });

  it('stops on 401 (the session ended: the item is fine, the user signs in again)', () => {
    expect(replayOutcome(401, 'UNAUTHORIZED')).toBe('signedOut');
  });

  it('turns a stale base version into a conflict, and any other refusal into a kept, refused item', () => {
    expect(replayOutcome(409, 'STALE_BASE_VERSION')).toBe('conflict');
    expect(replayOutcome(409, 'CHANGE_CONFLICT')).toBe('conflict');
    expect(replayOutcome(409, 'CONFLICT')).toBe('refused');
    expect(replayOutcome(400, 'INVALID_GEOMETRY')).toBe('refused');
    expect(replayOutcome(403, 'WORKSPACE_NOT_REGISTERED')).toBe('refused');
    expect(replayOutcome(422, 'IDEMPOTENCY_KEY_REUSED')).toBe('refused');
  });
});

describe('resolveParentPath', () => {
  it('names the new feature in the attachment path, query kept', () => {
    expect(resolveParentPath(`/features/${PARENT_PLACEHOLDER}/images/changes?filename=a.png&description=x`, 42)).toBe(
      '/features/42/images/changes?filename=a.png&description=x',
    );
  });
});

describe('rebaseRequest', () => {
  const payload = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { gfid: 7, version: 1, name: 'mine' } }],
  };

  it('moves the stated version in the query and the properties, keeping the change itself', () => {
    const out = rebaseRequest('/features/changes?workspace=ws_a&layer=l&version=1', bytes(payload), 3);
    const qs = new URLSearchParams(out.path.split('?')[1]);
    expect([out.path.split('?')[0], qs.get('workspace'), qs.get('layer'), qs.get('version')]).toEqual([
      '/features/changes',
      'ws_a',
      'l',
      '3',
    ]);
    expect(parse(out.body).features[0]).toEqual({ ...payload.features[0], properties: { gfid: 7, version: 3, name: 'mine' } });
  });

  it('adds a version where the request stated none', () => {
    const out = rebaseRequest('/features/changes?workspace=ws_a&layer=l', bytes(payload), 2);
    expect(new URLSearchParams(out.path.split('?')[1]).get('version')).toBe('2');
  });
});
