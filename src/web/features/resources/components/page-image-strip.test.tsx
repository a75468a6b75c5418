import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Resource } from '@shared/resource';
import { PageImageStrip } from './page-image-strip';

const resource = {
  id: '3f0c6a1e-0000-4000-8000-0000000000e1',
  pageCount: 12,
  pageImages: { count: 3, version: 'abc123def456', width: 1024, height: 1449 },
} as Resource & { pageImages: NonNullable<Resource['pageImages']> };

function imagesOf(html: string) {
  return [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
}

describe('PageImageStrip', () => {
  it('lays out one image per page, sized before it arrives, named "Page N of M"', () => {
    const html = renderToStaticMarkup(<PageImageStrip resource={resource} light={false} onPageChange={() => {}} />);
    expect(html).toMatch(/role="region"[^>]*aria-label="Page images"|aria-label="Page images"[^>]*role="region"/);
    const images = imagesOf(html);
    expect(images).toHaveLength(3);
    images.forEach((img, i) => {
      expect(img).toContain(`alt="Page ${i + 1} of 12"`);
      expect(img).toContain('width="1024"');
      expect(img).toContain('height="1449"');
    });
  });

  it('asks for the first page only until it has arrived, at the width the screen needs', () => {
    const images = imagesOf(renderToStaticMarkup(<PageImageStrip resource={resource} light={false} onPageChange={() => {}} />));
    const url = (w: number) => `/api/resources/${resource.id}/pages/1?w=${w}&amp;v=abc123def456`;
    expect(images[0]).toContain(`srcSet="${url(480)} 480w, ${url(1024)} 1024w"`);
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[1]).not.toContain('src');
    expect(images[2]).not.toContain('src');
  });

  it('starts with a search hit\'s page when it has an image', () => {
    const images = imagesOf(renderToStaticMarkup(<PageImageStrip resource={resource} initialPage={3} light onPageChange={() => {}} />));
    expect(images[0]).not.toContain('src');
    expect(images[2]).toContain('/pages/3?w=480');
  });
});
