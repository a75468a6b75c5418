import { box, type DemoEntry, paper, q, section } from '../demo-kit.js';

/*
 * Earlier end-semester papers of CSE semester 4 DBMS (BCS-403): with the May 2024 paper
 * (cse-systems.ts) several questions come back every year, reworded or with other data.
 */

const RULES = 'Attempt all questions of Section A, any three of Section B and any two of Section C.';
const SECTION_A = section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)');
const SECTION_B = section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)');
const SECTION_C = section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)');

/** CSE semester 4 DBMS papers of May 2022 and May 2023. */
export const CSE_DBMS_PAPERS: DemoEntry[] = [
  {
    branch: 'cse', semester: 4, subject: 'DBMS', resourceType: 'PYQ', academicYear: '2022-23',
    originalName: 'DBMS_PYQ_2023_May_endsem.pdf', uploader: 'admin', downloads: 142,
    title: 'Database Management Systems - May 2023', preparedBy: 'Office of the Controller of Examinations', createdAt: '2023-06-05T12:00',
    exam: paper('End Semester Examination, May 2023', 'BCS-403', 70, RULES),
    pages: [
      [
        SECTION_A,
        q(1,
          ['a', 'What is data independence? Distinguish its two types.', 2],
          ['b', 'List the ACID properties of a transaction.', 2],
          ['c', 'Define a weak entity set. Give an example.', 2],
          ['d', 'What is a view? Write the SQL to create one.', 2],
          ['e', 'What is a lossless decomposition?', 2],
          ['f', 'Distinguish between a dense index and a sparse index.', 2],
          ['g', 'What is a foreign key?', 2],
        ),
        SECTION_B,
        q(2, ['Draw an ER diagram for a hospital with patients, doctors and wards, showing cardinalities, and convert it into tables.', 10]),
        q(3, ['R(A, B, C, D, E) has F = {AB -> C, C -> D, D -> E, E -> A}. Find all candidate keys and the highest normal form of R. Decompose R into BCNF.', 10]),
        q(4, ['Given Employee(eid, name, dept, salary) and Dept(dname, building), write SQL to: (i) list departments whose average salary exceeds 45000; (ii) find the employees with the highest salary in each department.', 10]),
        q(5, ['Explain the two-phase locking protocol. Show that it ensures conflict serialisability but does not prevent deadlock.', 10]),
      ],
      [
        SECTION_C,
        q(6,
          ['a', 'Construct a B+ tree of order 4 by inserting 5, 10, 15, 20, 25, 30, 35, 40, 45, 50.', 8],
          ['b', 'Explain extendible hashing with an example.', 5],
        ),
        q(7,
          ['a', 'Check whether the schedule S: r1(A) r2(A) w1(A) r3(B) w2(A) w3(B) is conflict serialisable. Draw its precedence graph.', 7],
          ['b', 'Explain checkpoints in log-based recovery.', 6],
        ),
        q(8,
          ['a', 'Explain the timestamp ordering protocol and Thomas\' write rule.', 7],
          ['b', 'Explain query optimisation using heuristics with an example query tree.', 6],
        ),
        box('Note', 'Candidates must draw neat diagrams wherever required.'),
      ],
    ],
  },
  {
    branch: 'cse', semester: 4, subject: 'DBMS', resourceType: 'PYQ', academicYear: '2021-22',
    originalName: 'DBMS May 2022 endsem paper.pdf', uploader: 'admin', downloads: 97,
    title: 'Database Management Systems - May 2022', preparedBy: 'Office of the Controller of Examinations', createdAt: '2022-06-07T12:00',
    exam: paper('End Semester Examination, May 2022', 'BCS-403', 70, RULES),
    pages: [
      [
        SECTION_A,
        q(1,
          ['a', 'Explain the ACID properties of a transaction.', 2],
          ['b', 'What is data independence? Distinguish its two types.', 2],
          ['c', 'Define a super key and a candidate key.', 2],
          ['d', 'What is the difference between a primary key and a unique key?', 2],
          ['e', 'What is a trigger?', 2],
          ['f', 'When is a decomposition lossless?', 2],
          ['g', 'What is a clustering index?', 2],
        ),
        SECTION_B,
        q(2, ['Draw an ER diagram for a university with students, courses and teachers, showing cardinalities, and convert it into tables.', 10]),
        q(3, ['R(P, Q, R, S, T) has F = {P -> QR, RS -> T, Q -> S, T -> P}. Find all candidate keys and the highest normal form of R. Decompose R into BCNF.', 10]),
        q(4, ['Explain the two-phase locking protocol and its strict variant. Does it prevent deadlock?', 10]),
        q(5, ['Explain the three-schema architecture of a DBMS with a neat diagram.', 10]),
      ],
      [
        SECTION_C,
        q(6,
          ['a', 'Construct a B+ tree of order 4 by inserting 8, 5, 1, 7, 3, 12, 9, 6, 15, 18, 2.', 8],
          ['b', 'Compare a B+ tree index with a hash index for range queries.', 5],
        ),
        q(7,
          ['a', 'Check whether the schedule S: r1(X) r2(X) w1(X) w2(X) r3(Y) w3(Y) is conflict serialisable. Draw its precedence graph.', 7],
          ['b', 'Explain deferred and immediate database modification in log-based recovery.', 6],
        ),
        q(8,
          ['a', 'Write relational algebra expressions for: names of students enrolled in every course offered by the CSE department.', 6],
          ['b', 'Explain the outer join operations with examples.', 7],
        ),
        box('Note', 'Candidates must draw neat diagrams wherever required.'),
      ],
    ],
  },
];
