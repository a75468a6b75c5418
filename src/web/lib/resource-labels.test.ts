import { afterEach, describe, expect, it, vi } from 'vitest';

describe('formatUploadDate', () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes en-GB's short date for every month, without making an Intl formatter", async () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    vi.resetModules();
    const { formatUploadDate } = await import('./resource-labels');
    const texts = Array.from({ length: 12 }, (_, month) => formatUploadDate(new Date(2026, month, month + 1, 12).toISOString()));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    expect(texts).toEqual(Array.from({ length: 12 }, (_, month) => intl.format(new Date(2026, month, month + 1, 12))));
    expect(texts[8]).toBe('9 Sept 2026');
  });
});
