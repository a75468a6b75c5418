import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { Toaster } from './toaster';

/*
 * The toast area's first render (its later behaviour needs a browser: tests/e2e/toasts.spec.ts).
 * Opening a popover makes the browser compute the whole page's styles, and a screen reader reads
 * changes to a live region it already knows, not the content a new region arrives with.
 */
describe('Toaster', () => {
  it('mounts as an empty polite live region, without a popover, even when a toast was raised before it', () => {
    toast.success('Link copied', { id: 'early' });
    const html = renderToString(<Toaster />);
    expect(html).toMatch(/<section[^>]*aria-label="Notifications"[^>]*aria-live="polite"/);
    expect(html).not.toContain('popover');
    expect(html).not.toContain('Link copied');
    toast.remove('early');
  });
});
