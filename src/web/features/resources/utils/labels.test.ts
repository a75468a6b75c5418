import { RESOURCE_MESSAGES } from '@shared/resource';
import { describe, expect, it } from 'vitest';
import { formatCount } from './labels';

describe('result counts', () => {
  it('an exact count, and one a search stopped counting at ("1,000+")', () => {
    expect(formatCount(1, 'resource', 'resources')).toBe('1 resource');
    expect(formatCount(1200, 'resource', 'resources')).toBe('1,200 resources');
    expect(formatCount(1000, 'resource', 'resources', true)).toBe('1,000+ resources');
    expect(RESOURCE_MESSAGES.found(1000)).toBe('Found 1000 matching resources');
    expect(RESOURCE_MESSAGES.foundAtLeast(1000)).toBe('Found 1,000+ matching resources');
  });
});
