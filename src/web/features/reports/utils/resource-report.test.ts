import { describe, expect, it } from 'vitest';
import type { Resource } from '@shared/resource';
import { resourceReportFields } from './resource-report';

const resource = {
  id: '3f0c2d1e-0000-4000-8000-000000000001',
  subject: 'Data Structures',
  resourceType: 'PYQ',
  semester: 3,
  branch: 'cse',
  academicYear: '2024-25',
  originalName: 'DS mid-sem.pdf',
} as Resource;

describe('resourceReportFields', () => {
  it('names the file and links its preview, leaving room for what is wrong', () => {
    const { title, description } = resourceReportFields(resource, 'https://shelf.example.edu');
    expect(title).toBe('Problem with "Data Structures" (PYQ, 2024-25)');
    expect(description).toBe(
      'File: Data Structures · PYQ · sem3 · CSE · 2024-25 · DS mid-sem.pdf\n' +
        'Link: https://shelf.example.edu/filter-resources?preview=3f0c2d1e-0000-4000-8000-000000000001\n\n' +
        'What is wrong: ',
    );
  });

  it('keeps a long subject\'s title within the form\'s 150 characters', () => {
    const { title } = resourceReportFields({ ...resource, subject: 'x'.repeat(200) }, 'http://127.0.0.1:3000');
    expect(title).toHaveLength(150);
    expect(title.endsWith('…')).toBe(true);
  });
});
