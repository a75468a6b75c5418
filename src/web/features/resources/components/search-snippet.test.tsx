import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hitPlaceLabel, hitQuestionLabel, SearchSnippet } from './search-snippet';

describe('SearchSnippet', () => {
  it('marks the matched parts and shows text from a PDF as text, never as HTML', () => {
    const html = renderToStaticMarkup(
      <SearchSnippet
        hit={{
          page: 2,
          snippet: [
            { text: 'Run <img src=x onerror=alert(1)> ', match: false },
            { text: 'Dijkstra', match: true },
            { text: ' on the graph', match: false },
          ],
        }}
      />,
    );
    expect(html).toContain('Page 2');
    expect(html).toMatch(/<mark[^>]*>Dijkstra<\/mark>/);
    expect(html).toContain('Run &lt;img src=x onerror=alert(1)&gt; ');
    expect(html).not.toContain('<img');
    expect(html.match(/<mark/g)).toHaveLength(1);
  });

  it('names where a hit is: a page, or the subject and file name for page 0', () => {
    expect(hitPlaceLabel(3)).toBe('Page 3');
    expect(hitPlaceLabel(0)).toBe('Subject / file name');
  });

  it('names the question a hit stands in: label, marks and the years it was asked', () => {
    expect(hitQuestionLabel({ id: 'q', label: 'Q3(a)', marks: 5, askedYears: [2019, 2022], askedCount: 2 })).toBe('Q3(a) · 5 marks · asked in 2019, 2022');
    expect(hitQuestionLabel({ id: 'q', label: 'Q1', marks: 1, askedYears: [], askedCount: 1 })).toBe('Q1 · 1 mark');
    expect(hitQuestionLabel({ id: 'q', label: 'Q2', marks: null, askedYears: [2024], askedCount: 1 })).toBe('Q2 · asked in 2024');
  });
});
