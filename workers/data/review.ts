// Review of pending suggestions (SPEC §2 Feature comparison prompt and Pending changes): one page of
// GET /api/features/changes entries grouped into new / modified / deleted, with the per-property
// diff. Pure and DOM-free; it runs in the data worker (DESIGN "The UI asks, workers do") so React
// only renders the small answer. The benchmark's whole-layer diff reuses its property comparison.
import { COORDINATE_EPSILON, deepEqual, META_PROPERTY_KEYS, type GroupStatus } from '../../src/model/index.ts';
import type { ChangeEntry, GroupChangesRequest, GroupedChanges, PropertyChange, ReviewEntry } from './protocol.ts';

/**
 * Suggestion keys that describe the suggestion itself, not the feature (SPEC §3): they are never
 * reported as changed properties.
 */
export const SUGGESTION_META_KEYS: ReadonlySet<string> = new Set([
  ...META_PROPERTY_KEYS,
  'grpfid',
  'grpstatus',
  'creator',
  'creatormail',
  'insertedat',
]);

/** SPEC §3: the payload is a patch, compared like hasFeatureChanges (null ≡ absent). */
export function changedProperties(before: Record<string, unknown>, after: Record<string, unknown>): PropertyChange[] {
  const out: PropertyChange[] = [];
  for (const name in after) {
    if (SUGGESTION_META_KEYS.has(name)) continue;
    const b = before[name] ?? null,
      v = after[name] ?? null;
    if (!deepEqual(b, v)) out.push({ name, before: b, after: v });
  }
  return out;
}

const GROUP: Record<GroupStatus, keyof GroupedChanges['groups']> = { n: 'new', m: 'modified', d: 'deleted' };

export function reviewEntry(change: ChangeEntry): ReviewEntry {
  const before = change.before?.properties ?? {};
  // A deletion proposes nothing: no property is "changed", the whole feature goes.
  const after = change.grpstatus === 'd' ? {} : (change.after?.properties ?? {});
  const geometryChanged =
    change.grpstatus === 'd' ? false : !deepEqual(change.before?.geometry ?? null, change.after?.geometry ?? null, COORDINATE_EPSILON);
  return { ...change, changedProperties: changedProperties(before, after), geometryChanged };
}

export function groupChanges({ changes, admin }: GroupChangesRequest): GroupedChanges {
  const out: GroupedChanges = { entries: [], groups: { new: [], modified: [], deleted: [] } };
  for (const change of changes) {
    if (change.grpstatus === 'd' && !admin) continue;
    const group = GROUP[change.grpstatus];
    if (!group) continue; // not a suggestion (SPEC §3 grpstatus n/m/d only)
    out.groups[group].push(out.entries.length);
    out.entries.push(reviewEntry(change));
  }
  return out;
}
