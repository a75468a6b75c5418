import { describe, expect, it } from 'vitest';
import { classHomeHead, classHomeHeadHtml } from './class-home-head.js';

const student = { role: 'STUDENT', branch: 'cse', semester: 3, name: 'Asha' } as const;

describe('classHomeHead', () => {
  it("names the student's class, with the branch id in capitals until its name is known", () => {
    expect(classHomeHead(student, 'Computer Science')).toEqual({ eyebrow: 'Your class', heading: 'Computer Science, Semester 3' });
    expect(classHomeHead(student, undefined).heading).toBe('CSE, Semester 3');
  });

  it('welcomes an admin (no class) to the whole library', () => {
    expect(classHomeHead({ role: 'ADMIN', branch: 'cse', semester: 0, name: 'Omar' }, 'Computer Science')).toEqual({
      eyebrow: 'The whole library',
      heading: 'Welcome back, Omar',
    });
  });
});

describe('classHomeHeadHtml', () => {
  it('writes the header with its texts escaped and empty rows where the search box and links go', () => {
    const html = classHomeHeadHtml({ eyebrow: 'Your <class>', heading: `R&D "Lab" 'x', Semester 1` });
    expect(html).toContain('>Your &#60;class&#62;</p>');
    expect(html).toContain('>R&#38;D &#34;Lab&#34; &#39;x&#39;, Semester 1</h1>');
    expect(html).not.toMatch(/<(?!\/?(section|div|p|h1)[ >])/);
    expect(html).toMatch(/<h1 class="[^"]*text-3xl[^"]*">/);
    expect(html).toMatch(/<\/h1><div class="mt-5 [^"]*h-11"><\/div><div class="mt-4 [^"]*h-5"><\/div><\/div><\/section>$/);
  });
});
