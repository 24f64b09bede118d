import { describe, expect, it } from 'vitest';
import { layerKeyFromTitle, validateLayerKey } from '../../src/model/index.ts';

// SPEC §5 "A maps-service key that is incorrect or already existing is rejected".
describe('layer keys', () => {
  it('makes a key from a title', () => {
    expect(layerKeyFromTitle('Street trees (2024)')).toBe('street_trees_2024');
    expect(layerKeyFromTitle('Bäume & Sträucher')).toBe('baume_straucher');
    expect(layerKeyFromTitle('2024 wells')).toBe('layer_2024_wells');
    expect(layerKeyFromTitle('***')).toBe('layer');
  });

  it('refuses an incorrect key and an existing one', () => {
    expect(validateLayerKey('trees', ['wells'])).toEqual({ ok: true });
    expect(validateLayerKey('Trees', [])).toMatchObject({ ok: false, error: 'KEY_INCORRECT' });
    expect(validateLayerKey('trees_diff', [])).toMatchObject({ ok: false, error: 'KEY_INCORRECT' });
    expect(validateLayerKey('9trees', [])).toMatchObject({ ok: false, error: 'KEY_INCORRECT' });
    expect(validateLayerKey('wells', ['wells'])).toMatchObject({ ok: false, error: 'KEY_EXISTS' });
  });
});
