import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AskedQuestion } from '@shared/questions';
import { FIRST_SHOWN, MostAskedList } from './most-asked-list';

const asked = (n: number): AskedQuestion => ({
  groupKey: `g${n}`,
  text: `Question ${n}`,
  marks: null,
  section: null,
  asked: { count: 2, years: [2023, 2024] },
  occurrences: [2023, 2024].map((year, i) => ({ resourceId: `p${year}`, questionId: `q${n}-${i}`, title: `Paper ${year}`, label: `Q${n}`, page: 1, year })),
});

const render = (count: number) =>
  renderToStaticMarkup(<MostAskedList questions={Array.from({ length: count }, (_, i) => asked(i + 1))} onOpen={() => {}} />);
const cards = (html: string) => html.match(/data-testid="asked-question"/g)?.length ?? 0;

describe('MostAskedList', () => {
  it('shows the first ten of a long list, and a button for the rest', () => {
    const html = render(FIRST_SHOWN + 2);
    expect(cards(html)).toBe(FIRST_SHOWN);
    expect(html).toContain('Question 10<');
    expect(html).not.toContain('Question 11<');
    expect(html).toContain('Show all 12 questions asked more than once');
  });

  it('shows a list of ten or fewer whole, with no button', () => {
    const html = render(FIRST_SHOWN);
    expect(cards(html)).toBe(FIRST_SHOWN);
    expect(html).not.toContain('Show all');
  });
});
