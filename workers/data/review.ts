// Review of pending suggestions (SPEC §2 Feature comparison prompt and Pending changes): one page of
// GET /api/features/changes entries grouped into new / modified / deleted, with the per-property
// diff. Pure and DOM-free; it runs in the data worker (DESIGN "The UI asks, workers do") so React
// only renders the small answer. The property comparison is layer_diff's, not a second copy.
import { COORDINATE_EPSILON, deepEqual, type GroupStatus } from '../../src/model/index.ts';
import { changedProperties, type PropertyChange } from './layer_diff.ts';

/** A feature state as the server records it in a change (CONTRACT.md ChangeEntry). */
export interface ChangeSide {
  geometry: unknown;
  properties: Record<string, unknown>;
}

/** One entry of GET /api/features/changes (CONTRACT.md "Suggestions, attachments and PDF"). */
export interface ChangeEntry {
  id: number;
  grpstatus: GroupStatus;
  gfid: number | null;
  diffGfid: number | null;
  workspace: string;
  layerId: string;
  layerName: string | null;
  creator: string | null;
  creatormail: string | null;
  insertedat: string;
  baseVersion: number | null;
  before: ChangeSide | null;
  after: ChangeSide | null;
  status: string;
}

export interface ReviewEntry extends ChangeEntry {
  /** Properties whose suggested value differs from the original (all of them for a new feature). */
  changedProperties: PropertyChange[];
  geometryChanged: boolean;
}

/** `entries` keep the server's order (oldest first); the groups index into them. */
export interface GroupedChanges {
  entries: ReviewEntry[];
  groups: { new: number[]; modified: number[]; deleted: number[] };
}

export interface GroupChangesRequest {
  changes: ChangeEntry[];
  /** SPEC §2/§6: the deleted group is shown to admins only. */
  admin: boolean;
}

const GROUP: Record<GroupStatus, keyof GroupedChanges['groups']> = { n: 'new', m: 'modified', d: 'deleted' };

export function reviewEntry(change: ChangeEntry): ReviewEntry {
  const before = change.before?.properties ?? {};
  // A deletion proposes nothing: no property is "changed", the whole feature goes.
  const after = change.grpstatus === 'd' ? {} : (change.after?.properties ?? {});
  const geometryChanged = change.grpstatus === 'd'
    ? false
    : !deepEqual(change.before?.geometry ?? null, change.after?.geometry ?? null, COORDINATE_EPSILON);
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
