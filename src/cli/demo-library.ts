import { CSE_ADVANCED } from './demo-content/cse-advanced.js';
import { CSE_DBMS_PAPERS } from './demo-content/cse-dbms-papers.js';
import { CSE_DS_PAPERS } from './demo-content/cse-ds-papers.js';
import { CSE_FOUNDATIONS } from './demo-content/cse-foundations.js';
import { CSE_SEM3 } from './demo-content/cse-sem3.js';
import { CSE_SYSTEMS } from './demo-content/cse-systems.js';
import { CE } from './demo-content/ce.js';
import { ECE } from './demo-content/ece.js';
import { EE } from './demo-content/ee.js';
import { IT_DATA } from './demo-content/it-data.js';
import { IT_MORE } from './demo-content/it-more.js';
import { IT_SOFTWARE } from './demo-content/it-software.js';
import { ME } from './demo-content/me.js';
import type { DemoBranch, DemoCatalogueFields, DemoEntry } from './demo-kit.js';
import type { DemoDocument } from './demo-pdf-model.js';

/** One resource of the demo library: its catalogue fields and the document to render. */
export interface DemoResource extends DemoCatalogueFields {
  document: DemoDocument;
}

// Names as the title block prints them; the ids match DEFAULT_BRANCHES in the catalogue.
const BRANCH_NAMES: Record<DemoBranch, string> = {
  cse: 'Computer Science and Engineering',
  it: 'Information Technology',
  ee: 'Electrical Engineering',
  ece: 'Electronics and Communication Engineering',
  me: 'Mechanical Engineering',
  ce: 'Civil Engineering',
};

/** The fictional college every demo document comes from. */
export const DEMO_INSTITUTION = 'Northbridge Institute of Technology';

function toResource(entry: DemoEntry): DemoResource {
  const { title, preparedBy, createdAt, exam, pages, ...fields } = entry;
  return {
    ...fields,
    document: {
      title,
      subject: entry.subject,
      resourceType: entry.resourceType,
      branchName: BRANCH_NAMES[entry.branch],
      branchCode: entry.branch.toUpperCase(),
      semester: entry.semester,
      academicYear: entry.academicYear,
      preparedBy,
      institution: DEMO_INSTITUTION,
      createdAt,
      ...(exam ? { exam } : {}),
      pages,
    },
  };
}

/**
 * The demo library seeded into an empty database: about forty notes, previous-year papers and
 * practical files across all six branches, richest for CSE and IT, with four years of Data
 * Structures papers and three of DBMS whose questions repeat (the question bank's "Most asked"). A fresh list
 * on every call, in a fixed order, so callers may mutate it.
 */
export function demoLibrary(): DemoResource[] {
  return [...CSE_SEM3, ...CSE_DS_PAPERS, ...CSE_FOUNDATIONS, ...CSE_SYSTEMS, ...CSE_DBMS_PAPERS, ...CSE_ADVANCED, ...IT_SOFTWARE, ...IT_MORE, ...IT_DATA, ...EE, ...ECE, ...ME, ...CE].map((entry) => toResource(structuredClone(entry)));
}
