// Issue 17: a map opened again starts at the view its last first-load fit made (SPEC §4 map load),
// for the same app and the same map size only; anything else in the storage is no view at all.
import { describe, expect, it } from 'vitest';
import type OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { DEFAULT_PROJECTION } from '../../src/model/index.ts';
import { readLastFit, rememberFit, startAtLastFit } from '../../src/map/last_fit.ts';

/** localStorage as the browser has it: strings by key. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, String(v)),
    keys: () => [...values.keys()],
  };
}

/** What last_fit reads of an OL map: its size and its view (a real OL View, with its constraints). */
function mapOf(size: [number, number] | undefined, view = new View({ projection: DEFAULT_PROJECTION, center: [0, 0], zoom: 1 })) {
  return { getSize: () => size, getView: () => view } as unknown as OlMap;
}

const APP = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

describe('the last fit', () => {
  it('starts a map of the same size and app where the fit left the last one', () => {
    const storage = memoryStorage();
    const fitted = mapOf([360, 740]);
    fitted.getView().setCenter([491_300, -705_800]);
    fitted.getView().setResolution(78_271.5);
    rememberFit(APP, fitted, storage);

    const reopened = mapOf([360, 740]);
    expect(startAtLastFit(APP, reopened, storage)).toBe(true);
    expect(reopened.getView().getCenter()).toEqual(fitted.getView().getCenter());
    expect(reopened.getView().getResolution()).toBe(fitted.getView().getResolution());
  });

  it('leaves the default view for another map size, another app, or before any fit', () => {
    const storage = memoryStorage();
    const fitted = mapOf([1280, 800]);
    fitted.getView().setCenter([491_300, -705_800]);
    rememberFit(APP, fitted, storage);
    for (const [app, size] of [
      [APP, [360, 740]],
      [OTHER, [1280, 800]],
    ] as const) {
      const map = mapOf([size[0], size[1]]);
      expect(startAtLastFit(app, map, storage)).toBe(false);
      expect(map.getView().getCenter()).toEqual([0, 0]);
    }
    expect(startAtLastFit(APP, mapOf(undefined), storage)).toBe(false);
  });

  it('reads a damaged or foreign entry as no fit, never as a view', () => {
    const storage = memoryStorage();
    rememberFit(APP, mapOf([400, 300]), storage);
    const [key] = storage.keys();
    for (const bad of [
      '{',
      'null',
      '42',
      '{"size":[400,300],"center":[0],"resolution":10}',
      '{"size":[400,300],"center":[1,2],"resolution":-1}',
      '{"size":[400,"x"],"center":[1,2],"resolution":10}',
    ]) {
      storage.setItem(key!, bad);
      expect(readLastFit(APP, storage)).toBeUndefined();
      const map = mapOf([400, 300]);
      expect(startAtLastFit(APP, map, storage)).toBe(false);
      expect(map.getView().getCenter()).toEqual([0, 0]);
    }
  });

  it('keeps working where the storage refuses to be read or written (a private mode)', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => rememberFit(APP, mapOf([400, 300]), refusing)).not.toThrow();
    expect(startAtLastFit(APP, mapOf([400, 300]), refusing)).toBe(false);
  });
});
