import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AskedQuestion } from '@shared/questions';
import { SameAsForm } from './same-as-form';

/** A question of the subject asked in `papers` (resource ids), one occurrence each. */
function asked(groupKey: string, text: string, papers: string[]): AskedQuestion {
  return {
    groupKey,
    text,
    marks: null,
    section: null,
    asked: { count: papers.length, years: [] },
    occurrences: papers.map((resourceId, i) => ({ resourceId, questionId: `${groupKey}-${i}`, title: resourceId, label: `Q${i + 1}`, page: 1, year: 2020 + i })),
  };
}

const optionsOf = (html: string) => [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);

describe('SameAsForm', () => {
  const question = asked('mine', 'Two keys land in the same slot', ['p2024']);
  const render = (groups: AskedQuestion[], others: AskedQuestion[]) =>
    renderToStaticMarkup(<SameAsForm question={question} groups={groups} others={others} pending={false} onMerge={() => {}} onCancel={() => {}} />);

  it('offers the groups and the once-asked questions of other papers, never itself or its own paper\'s', () => {
    const html = render(
      [asked('hashing', 'Explain open addressing', ['p2022', 'p2023']), asked('with-mine', 'Asked here and in 2022', ['p2024', 'p2022'])],
      [question, asked('sorting', 'Merge sort', ['p2024']), asked('graphs', 'Dijkstra', ['p2022'])],
    );
    // The placeholder, then Most asked, then Asked once; a group this paper is in still has another paper's member.
    expect(optionsOf(html)).toEqual(['', 'hashing', 'with-mine', 'graphs']);
    expect(html).toContain('<optgroup label="Most asked">');
    expect(html).toContain('2× · Explain open addressing');
    // Nothing is grouped until a question is picked.
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Group them<\/button>/);
  });

  it('says so when no question of another paper can be picked', () => {
    const html = render([], [question, asked('sorting', 'Merge sort', ['p2024'])]);
    expect(html).toContain('No question of another paper to group it with yet.');
    expect(optionsOf(html)).toEqual([]);
  });
});
