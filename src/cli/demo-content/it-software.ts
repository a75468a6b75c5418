import { flow, graph, stack } from '../demo-diagrams.js';
import { box, code, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

/** Demo resources of IT: programming, data structures, databases, software engineering, networks. */
export const IT_SOFTWARE: DemoEntry[] = [
  {
    branch: 'it', semester: 4, subject: 'DBMS', resourceType: 'PRACTICAL', academicYear: '2024-25',
    originalName: 'DBMS Lab File - SQL queries (IT 4th sem).pdf', uploader: 'admin', downloads: 152,
    title: 'DBMS Lab (BIT-452): SQL with MySQL 8', preparedBy: 'Ishita Verma, Roll No. 23IT019', createdAt: '2025-03-07T20:30',
    pages: [
      [
        h('Index'),
        table(
          ['No.', 'Experiment', 'Date', 'Sign'],
          [
            ['1', 'DDL and DML: creating the college database, inserting and updating rows', '10/01/2025', ''],
            ['2', 'Joins, grouping and nested queries', '17/01/2025', ''],
            ['3', 'Views, stored procedures and triggers', '31/01/2025', ''],
          ],
          { widths: [0.5, 4, 1.1, 0.8] },
        ),
        h2('Schema used in all experiments'),
        graph(
          { department: [70, 40], student: [240, 40], course: [410, 40], enrolment: [325, 125] },
          [['department', 'student', '1 : N'], ['student', 'enrolment', '1 : N'], ['course', 'enrolment', '1 : N']],
          'Fig. 1: Tables of the college database and their relationships',
          { r: 34, height: 166 },
        ),
        code('Sample data (first rows)', `
          department(dept_id, name)          : (1, 'IT'), (2, 'CSE'), (3, 'ECE')
          student(roll, name, dept_id, cgpa) : ('23IT001', 'Aditya', 1, 8.4),
                                               ('23IT002', 'Bhavna', 1, 9.1)
          course(code, title, credits)       : ('BIT-401', 'DBMS', 4),
                                               ('BIT-402', 'Operating Systems', 4)
          enrolment(roll, code, marks)       : ('23IT001', 'BIT-401', 78),
                                               ('23IT002', 'BIT-401', 91)`),
      ],
      [
        experiment(1, 'DDL and DML commands', '10/01/2025'),
        p('**Aim:** To create tables with integrity constraints and to insert, update and delete rows using SQL.'),
        p('**Software:** MySQL Community Server 8.0 and MySQL Workbench on Windows 11.'),
        code('Queries', `
          CREATE TABLE department (dept_id INT PRIMARY KEY, name VARCHAR(30) UNIQUE NOT NULL);
          CREATE TABLE student (
              roll    CHAR(7) PRIMARY KEY,
              name    VARCHAR(40) NOT NULL,
              dept_id INT,
              cgpa    DECIMAL(3,1) CHECK (cgpa BETWEEN 0 AND 10),
              FOREIGN KEY (dept_id) REFERENCES department(dept_id) ON DELETE SET NULL
          );
          INSERT INTO department VALUES (1, 'IT'), (2, 'CSE'), (3, 'ECE');
          INSERT INTO student VALUES ('23IT001', 'Aditya', 1, 8.4), ('23IT002', 'Bhavna', 1, 9.1);
          UPDATE student SET cgpa = 8.6 WHERE roll = '23IT001';
          ALTER TABLE student ADD email VARCHAR(60);
          DELETE FROM student WHERE cgpa < 5;`),
        table(['Command', 'Category', 'Can be rolled back?'], [
          ['CREATE, ALTER, DROP, TRUNCATE', 'DDL', 'No (implicit commit in MySQL)'],
          ['INSERT, UPDATE, DELETE', 'DML', 'Yes'],
          ['GRANT, REVOKE', 'DCL', 'No'],
          ['COMMIT, ROLLBACK, SAVEPOINT', 'TCL', '-'],
        ], { caption: 'Observation: categories of SQL commands' }),
        p('**Result:** The tables were created; inserting a student with cgpa 11 failed with "Check constraint \'student_chk_1\' is violated", as expected.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(2, 'Joins, grouping and nested queries', '17/01/2025'),
        p('**Aim:** To retrieve data from several tables using inner and outer joins, aggregate functions and subqueries.'),
        code('Queries', `
          -- 1. Students with their department names
          SELECT s.roll, s.name, d.name AS dept FROM student s JOIN department d USING (dept_id);
          -- 2. Departments with no students (outer join)
          SELECT d.name FROM department d LEFT JOIN student s USING (dept_id) WHERE s.roll IS NULL;
          -- 3. Average marks per course, best first
          SELECT code, ROUND(AVG(marks), 1) AS avg_marks
          FROM enrolment GROUP BY code ORDER BY avg_marks DESC;
          -- 4. Students scoring above the course average in DBMS
          SELECT roll, marks FROM enrolment
          WHERE code = 'BIT-401'
            AND marks > (SELECT AVG(marks) FROM enrolment WHERE code = 'BIT-401');`),
        table(['Query', 'Rows returned', 'Sample output'], [
          ['1', '42', '23IT001 | Aditya | IT'],
          ['2', '1', 'ECE'],
          ['3', '6', 'BIT-401 | 74.3'],
          ['4', '19', '23IT002 | 91'],
        ], { caption: 'Observation table', widths: [0.6, 1.2, 3] }),
        box('Viva', 'Difference between WHERE and HAVING; between a correlated and a non-correlated subquery; why "NOT IN" returns no rows when the subquery yields a NULL.'),
        p('**Result:** All queries returned the expected rows; query 2 shows that the ECE department has no students in the sample data.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(3, 'Views, stored procedures and triggers', '31/01/2025'),
        p('**Aim:** To create a view for toppers, a stored procedure that returns a department\'s result and a trigger that keeps an audit log of mark changes.'),
        code('Queries', `
          CREATE VIEW toppers AS SELECT roll, name, cgpa FROM student WHERE cgpa >= 9;

          DELIMITER //
          CREATE PROCEDURE dept_result(IN d INT)
          BEGIN
              SELECT s.name, AVG(e.marks) AS avg_marks
              FROM student s JOIN enrolment e USING (roll)
              WHERE s.dept_id = d GROUP BY s.roll, s.name;
          END //

          CREATE TRIGGER marks_audit AFTER UPDATE ON enrolment FOR EACH ROW
          BEGIN
              INSERT INTO marks_log(roll, code, old_marks, new_marks, changed_at)
              VALUES (OLD.roll, OLD.code, OLD.marks, NEW.marks, NOW());
          END //
          DELIMITER ;

          CALL dept_result(1);`),
        p('**Observation:** After UPDATE enrolment SET marks = 80 WHERE roll = \'23IT001\', marks_log contained one row (23IT001, BIT-401, 78, 80). SELECT * FROM toppers listed 7 students.'),
        p('**Result:** The view, procedure and trigger work as intended. A view stores only its query, so it always shows current data.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
  {
    branch: 'it', semester: 3, subject: 'Data Structures', resourceType: 'PYQ', academicYear: '2022-23',
    originalName: 'IT_DS_question_paper_Dec2022.pdf', uploader: 'admin', downloads: 129,
    title: 'Data Structures using C - December 2022', preparedBy: 'Office of the Controller of Examinations', createdAt: '2023-01-05T16:00',
    exam: paper('End Semester Examination, December 2022', 'BIT-301', 60, 'Attempt all questions of Section A, any three of Section B and any one of Section C.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (8 x 2 = 16)'),
        q(1,
          ['a', 'What is the time complexity of searching in a sorted array using binary search? Justify.', 2],
          ['b', 'List the disadvantages of a linked list compared with an array.', 2],
          ['c', 'Convert ((A + B) * C - (D - E)) ^ (F + G) to prefix form.', 2],
          ['d', 'What is a deque? Name its two restricted forms.', 2],
          ['e', 'Define the height of a tree and the degree of a node.', 2],
          ['f', 'What is a spanning tree?', 2],
          ['g', 'What is the load factor of a hash table?', 2],
          ['h', 'Which sorting algorithm is best for a nearly sorted array, and why?', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 8 marks. (3 x 8 = 24)'),
        q(2, ['Write an algorithm to insert a node after a given node in a doubly linked list. Draw the links before and after insertion.', 8]),
        q(3, ['Implement a queue using two stacks. What are the amortised costs of enqueue and dequeue?', 8]),
        q(4, ['Build a min-heap from 35, 33, 42, 10, 14, 19, 27, 44, 26, 31 and show the heap after deleting the minimum twice.', 8]),
      ],
      [
        q(5, ['Traverse the graph given below by BFS and DFS starting from vertex 1 (take neighbours in increasing order).', 8]),
        graph(
          { '1': [60, 30], '2': [180, 30], '3': [300, 30], '4': [60, 110], '5': [180, 110], '6': [300, 110], '7': [420, 70] },
          [['1', '2'], ['1', '4'], ['2', '3'], ['2', '5'], ['4', '5'], ['5', '6'], ['3', '7'], ['6', '7']],
          'Graph for Q5',
          { height: 132 },
        ),
        section('SECTION C', 'Attempt any one question. Each question carries 20 marks. (1 x 20 = 20)'),
        q(6,
          ['a', 'Explain the representation of a polynomial using a linked list. Write a function to add two polynomials.', 10],
          ['b', 'Insert 40, 20, 60, 10, 30, 50, 70, 25, 35 into a BST and delete 20 and then 40. Draw the tree after each deletion.', 10],
        ),
        q(7,
          ['a', 'Write the radix sort algorithm and sort 170, 45, 75, 90, 802, 24, 2, 66, showing every pass.', 10],
          ['b', 'Compare the best, average and worst case complexities and the stability of bubble, insertion, selection, merge, quick and heap sort in a table.', 10],
        ),
        p('*** End of paper ***'),
      ],
    ],
  },
  {
    branch: 'it', semester: 5, subject: 'Software Engineering', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'SE Unit 1 - SDLC models (short notes).pdf', uploader: 'admin', downloads: 95,
    title: 'Unit 1 - Software Process Models', preparedBy: 'Prof. Anil Deshpande, Dept. of IT', createdAt: '2023-08-28T12:40',
    pages: [
      [
        h('1.1 Software and Software Engineering'),
        p('IEEE defines **software engineering** as the application of a systematic, disciplined, quantifiable approach to the development, operation and maintenance of software. Unlike hardware, software does not wear out; it deteriorates because every change risks introducing new defects, which is why most of its lifetime cost is maintenance.'),
        p('A **software process** is the set of activities that produce software: communication (requirements), planning, modelling (analysis and design), construction (coding and testing) and deployment. A **process model** says in which order and how often these activities are performed.'),
        h('1.2 The Waterfall Model'),
        flow(['Requirements', 'Design', 'Implement-\nation', 'Testing', 'Maintenance'], 'Fig. 1.1: The classic waterfall; each phase starts when the previous one is signed off', { boxHeight: 34 }),
        p('The waterfall model is easy to manage because each phase ends with a document and a review. It suits projects whose requirements are well understood and stable - for example a payroll system for a fixed set of rules. Its weakness is that working software appears only late, and a requirement misunderstood at the start is discovered only in testing, when it is most expensive to fix.'),
        box('Cost of fixing a defect', 'Boehm\'s studies found that a requirement error found after delivery can cost 100 times as much to fix as one found during requirements analysis.'),
      ],
      [
        h('1.3 Iterative and Evolutionary Models'),
        ul(
          '**Incremental model**: the product is delivered in increments, each adding functionality; the first increment is often the core product.',
          '**Prototyping**: a quick, throw-away version helps customers discover what they really need; useful when requirements are fuzzy.',
          '**Spiral model** (Boehm, 1988): each loop goes through planning, risk analysis, engineering and evaluation. Explicit risk analysis makes it suitable for large, high-risk projects.',
          '**RAD**: rapid application development using reusable components and short (60-90 day) cycles.',
        ),
        table(
          ['Model', 'Requirements', 'Risk handling', 'Customer involvement', 'Best for'],
          [
            ['Waterfall', 'Fixed, clear', 'Poor', 'Start and end', 'Small, well-understood systems'],
            ['Incremental', 'Mostly known', 'Medium', 'After each increment', 'Products needed early in part'],
            ['Prototype', 'Unclear', 'Medium', 'High', 'User interfaces, new ideas'],
            ['Spiral', 'Evolving', 'Excellent', 'Each loop', 'Large, mission-critical projects'],
            ['Agile (Scrum)', 'Changing', 'Good', 'Continuous', 'Products in fast-changing markets'],
          ],
          { widths: [1, 1, 0.9, 1.2, 1.8], caption: 'Table 1.1: Comparison of process models (a favourite exam question)' },
        ),
        h('1.4 Agile Development'),
        p('The Agile Manifesto (2001) values individuals and interactions over processes and tools, working software over comprehensive documentation, customer collaboration over contract negotiation, and responding to change over following a plan.'),
        p('**Scrum** organises work in sprints of one to four weeks. The product owner keeps the prioritised product backlog, the team picks items into the sprint backlog at sprint planning, meets daily for a 15-minute stand-up, and shows working software at the sprint review, followed by a retrospective. The Scrum master removes impediments.'),
      ],
      [
        h('1.5 Requirements Engineering'),
        p('Requirements engineering covers inception, elicitation, elaboration, negotiation, specification, validation and management of requirements. The result is the **Software Requirements Specification** (SRS), following IEEE 830: purpose, scope, definitions, overall description, and specific requirements.'),
        table(
          ['Functional requirements', 'Non-functional requirements'],
          [
            ['What the system must do: "A student can filter resources by branch and semester."', 'How well it must do it: "Search results appear within 2 seconds for 100 concurrent users."'],
            ['Tested by functional (black-box) tests', 'Tested by performance, security and usability tests'],
            ['Usually in use cases or user stories', 'Quality attributes: reliability, portability, maintainability'],
          ],
        ),
        h2('Characteristics of a good SRS'),
        ul('Correct, unambiguous and complete', 'Consistent, with no conflicting requirements', 'Ranked for importance and stability', 'Verifiable: every requirement can be tested', 'Modifiable and traceable to its source'),
        h2('COCOMO estimate (basic model)'),
        p('Effort E = a (KLOC)^b person-months and development time D = c E^d months. For an organic project (a = 2.4, b = 1.05, c = 2.5, d = 0.38) of 32 KLOC: E = 2.4 x 32^1.05 = 91 person-months and D = 2.5 x 91^0.38 = 13.9 months, so about 91 / 13.9 = 6.5, i.e. 7 people are needed on average.'),
        stack(['Organic: small team, familiar problem (a = 2.4, b = 1.05)', 'Semi-detached: mixed experience (a = 3.0, b = 1.12)', 'Embedded: tight hardware and rules (a = 3.6, b = 1.20)'], 'Fig. 1.2: The three COCOMO project classes'),
      ],
      [
        h('1.6 Practice Questions'),
        ol(
          'Why is the waterfall model unsuitable when requirements change frequently? Suggest a better model.',
          'Draw the spiral model and explain the role of risk analysis in each loop.',
          'Write an SRS outline for an online library of study material for a university.',
          'Differentiate between verification and validation.',
          'Estimate effort and time for a 50 KLOC semi-detached project using basic COCOMO (c = 2.5, d = 0.35).',
          'What are user stories? Write three for a student who downloads previous year papers.',
        ),
        box('Answer hint for Q4', 'Verification: "Are we building the product right?" - reviews, inspections, walkthroughs. Validation: "Are we building the right product?" - testing the running system against the user\'s needs.'),
      ],
    ],
  },
];
