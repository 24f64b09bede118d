import { describe, expect, it } from 'vitest';
import { navigationLink, navigationServicesFor } from '../../src/model/index.ts';

const LYON: [number, number] = [4.835659, 45.764043];

describe('navigation hand-off (SPEC §1)', () => {
  it('writes the destination as lat,lon for each map app', () => {
    expect(navigationLink('geo', LYON, 'Lyon')).toBe('geo:45.764043,4.835659?q=45.764043,4.835659(Lyon)');
    expect(navigationLink('google', LYON)).toBe('https://www.google.com/maps/dir/?api=1&destination=45.764043,4.835659');
    expect(navigationLink('apple', LYON)).toBe('https://maps.apple.com/?daddr=45.764043,4.835659');
    expect(navigationLink('osmand', LYON)).toBe('https://osmand.net/go?lat=45.764043&lon=4.835659&z=16');
  });

  it('escapes the pin label and rounds to six decimals', () => {
    expect(navigationLink('geo', [2.1234567891, -33.9], 'Café & co')).toBe('geo:-33.9,2.123457?q=-33.9,2.123457(Caf%C3%A9%20%26%20co)');
  });

  it('puts the configured service first', () => {
    expect(navigationServicesFor('osmand')).toEqual(['osmand', 'geo', 'google', 'apple']);
    expect(navigationServicesFor(undefined)).toEqual(['geo', 'google', 'apple', 'osmand']);
  });
});
