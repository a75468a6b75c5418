import { describe, expect, it } from 'vitest';
import { clientPlace, placeLabel } from './client-place.js';

describe("a signed-in device's place", () => {
  const headers = (value: string) => new Headers({ 'cf-ipcountry': value });

  it('reads the configured header only, cleaned, and takes "unknown" and Tor for no place', () => {
    expect(clientPlace(headers('IN'), 'cf-ipcountry')).toBe('IN');
    expect(clientPlace(headers('IN'), undefined)).toBeUndefined();
    expect(clientPlace(headers('  Pune,\u0007\t IN\u0085 '), 'cf-ipcountry')).toBe('Pune, IN');
    expect(clientPlace(headers('XX'), 'cf-ipcountry')).toBeUndefined();
    expect(clientPlace(headers('T1'), 'cf-ipcountry')).toBeUndefined();
    expect(clientPlace(headers('x'.repeat(200)), 'cf-ipcountry')).toHaveLength(80);
  });

  it('names a country code, and shows anything else as the proxy wrote it', () => {
    expect(placeLabel('IN')).toBe('India');
    expect(placeLabel('de')).toBe('Germany');
    expect(placeLabel('Hyderabad, IN')).toBe('Hyderabad, IN');
    expect(placeLabel(null)).toBeNull();
  });
});
