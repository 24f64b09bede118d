// Undo and redo of the draft (src/edit/history.ts, src/edit/draft_store.ts): a stack of the drafts
// the pure edit actions replaced, emptied when an edit starts or ends.
import { beforeEach, describe, expect, it } from 'vitest';
import { propertyDefinitionSchema } from '../../src/model/index.ts';
import { draftFromFeature, emptyDraft, type DraftLayer } from '../../src/edit/draft.ts';
import { createFeature } from '../../src/edit/actions/create_feature.ts';
import { moveGeometry } from '../../src/edit/actions/move_geometry.ts';
import { setProperties } from '../../src/edit/actions/set_properties.ts';
import { emptyHistory, record, redo, undo } from '../../src/edit/history.ts';
import { canRedo, canUndo, useDraft } from '../../src/edit/draft_store.ts';
import { undoKey } from '../../src/edit/use_undo_keys.ts';

const layer: DraftLayer = {
  id: 'cities',
  workspace: 'ws_demo',
  geometryType: 'Point',
  editable: true,
  properties: [propertyDefinitionSchema.parse({ name: 'name' })],
};
const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] });
const existing = () => draftFromFeature(layer, { geometry: pt(1, 2), properties: { gfid: 7, version: 3, name: 'A' } }, false);
const where = () => useDraft.getState().draft?.geometry;
const state = () => useDraft.getState();

beforeEach(() => useDraft.getState().discard());

describe('the history stack (pure)', () => {
  it('undoes to the state before, then redoes to the one undone', () => {
    const h = record(record(emptyHistory<string>(), 'a'), 'b');
    const back = undo(h, 'c')!;
    expect(back.state).toBe('b');
    const again = redo(back.history, back.state)!;
    expect(again).toEqual({ state: 'c', history: { past: ['a', 'b'], future: [] } });
  });

  it('has nothing to undo or redo when empty', () => {
    expect(undo(emptyHistory(), 'x')).toBeNull();
    expect(redo(emptyHistory(), 'x')).toBeNull();
  });

  it('forgets what was undone once a new change is made', () => {
    const undone = undo(record(emptyHistory<string>(), 'a'), 'b')!;
    expect(undone.history.future).toEqual(['b']);
    expect(record(undone.history, 'a')).toEqual({ past: ['a'], future: [] });
  });

  it('keeps at most the limit, dropping the oldest', () => {
    let h = emptyHistory<number>();
    for (let i = 0; i < 5; i++) h = record(h, i, 3);
    expect(h.past).toEqual([2, 3, 4]);
  });
});

describe('the draft store', () => {
  it('undoes and redoes geometry moves in order, keeping the drafts it replaced', () => {
    state().start(existing(), 'modify');
    const first = state().draft;
    state().apply(moveGeometry, { geometry: pt(3, 4) });
    state().apply(moveGeometry, { geometry: pt(5, 6) });
    expect(canUndo(state())).toBe(true);
    expect(canRedo(state())).toBe(false);

    expect(state().undo()).toBe(true);
    expect(where()).toEqual(pt(3, 4));
    expect(state().undo()).toBe(true);
    expect(state().draft).toBe(first); // the very draft, not a copy
    expect(state().undo()).toBe(false);
    expect(canUndo(state())).toBe(false);

    expect(state().redo()).toBe(true);
    expect(state().redo()).toBe(true);
    expect(where()).toEqual(pt(5, 6));
    expect(state().draft?.moves).toHaveLength(2);
    expect(state().redo()).toBe(false);
  });

  it('drops the redo steps when a new edit follows an undo', () => {
    state().start(existing(), 'modify');
    state().apply(moveGeometry, { geometry: pt(3, 4) });
    state().undo();
    expect(canRedo(state())).toBe(true);
    state().apply(setProperties, { values: { name: 'B' } });
    expect(canRedo(state())).toBe(false);
    expect(state().draft?.properties.name).toBe('B');
    state().undo();
    expect(state().draft?.properties.name).toBe('A');
  });

  it('records nothing for a refused edit', () => {
    state().start(existing(), 'modify');
    expect(
      state().apply(moveGeometry, {
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      }),
    ).toBe(false);
    expect(canUndo(state())).toBe(false);
  });

  it('undoes attachments added to a new feature, but never back to before its shape was drawn', () => {
    state().start(emptyDraft(layer, false), 'draw');
    state().apply(createFeature, { geometry: pt(8, 47) });
    expect(canUndo(state())).toBe(false); // a drawing is discarded, not undone to nothing
    state().addAttachment({ kind: 'comments', body: { comment: 'hi' }, label: 'hi' });
    expect(state().draft?.attachments).toHaveLength(1);
    state().undo();
    expect(state().draft?.attachments ?? []).toHaveLength(0);
    expect(where()).toEqual(pt(8, 47));
  });

  it('starts each edit and ends each discard with an empty history', () => {
    state().start(existing(), 'modify');
    state().apply(moveGeometry, { geometry: pt(3, 4) });
    state().undo();
    state().start(existing(), 'idle');
    expect([canUndo(state()), canRedo(state())]).toEqual([false, false]);
    state().apply(moveGeometry, { geometry: pt(3, 4) });
    state().discard();
    expect(state().history).toEqual({ past: [], future: [] });
    expect(state().undo()).toBe(false);
  });
});

describe('the undo keys', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
    undoKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it('reads Ctrl/Cmd+Z as undo, with Shift or Ctrl+Y as redo', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
  });

  it('leaves other keys alone', () => {
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});
