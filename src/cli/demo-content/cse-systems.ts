import { flow, gantt, graph, stack } from '../demo-diagrams.js';
import { box, code, type DemoEntry, h, h2, ol, p, paper, q, section, table, ul } from '../demo-kit.js';

/** Demo resources of CSE semesters 4-5: operating systems, databases and networks. */
export const CSE_SYSTEMS: DemoEntry[] = [
  {
    branch: 'cse', semester: 4, subject: 'Operating Systems', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'OS Unit 2 - CPU Scheduling (Galvin based).pdf', uploader: 'admin', downloads: 158,
    title: 'Unit 2 - Processes and CPU Scheduling', preparedBy: 'Dr. Vikram Singh, Dept. of CSE', createdAt: '2024-02-05T10:10',
    pages: [
      [
        h('2.1 Processes'),
        p('A **process** is a program in execution. Besides the program code (text section) it has a program counter, registers, a stack for function calls and local variables, a data section for globals and a heap for dynamically allocated memory. Two processes may run the same program and still be different processes.'),
        p('The operating system keeps a **process control block** (PCB) for every process: process id, state, program counter, CPU registers, scheduling information (priority, queue pointers), memory-management information (page tables), accounting information and the list of open files. A context switch saves the PCB of the running process and loads that of the next one; it is pure overhead, typically a few microseconds.'),
        flow(['New', 'Ready', 'Running', 'Terminated'], 'Fig. 2.1: Process states; a running process that waits for I/O moves to Waiting, then back to Ready', { boxHeight: 30, loopBack: 'Running -> Waiting (I/O or event wait) -> Ready' }),
        h2('Schedulers'),
        ul(
          '**Long-term scheduler** (job scheduler) decides which jobs are admitted to the ready queue and so controls the degree of multiprogramming.',
          '**Short-term scheduler** (CPU scheduler) picks the next ready process to run; it runs every few milliseconds and must be fast.',
          '**Medium-term scheduler** swaps processes out of memory and back in to improve the mix of CPU-bound and I/O-bound processes.',
        ),
        box('Scheduling criteria', 'Maximise CPU utilisation and throughput; minimise turnaround time (completion - arrival), waiting time (turnaround - burst) and response time (first run - arrival).'),
      ],
      [
        h('2.2 Scheduling Algorithms'),
        p('**First-Come, First-Served (FCFS)** runs processes in arrival order and is non-preemptive. It is simple but suffers from the **convoy effect**: short processes wait behind one long CPU-bound process.'),
        p('**Shortest Job First (SJF)** runs the process with the smallest next CPU burst. It gives the minimum average waiting time for a given set of processes, but the burst length must be predicted, usually by exponential averaging: tau(n+1) = a t(n) + (1 - a) tau(n), where t(n) is the length of the last burst and tau the prediction. Its preemptive form is Shortest Remaining Time First (SRTF).'),
        p('**Round Robin (RR)** gives each process a time quantum q in turn. With n ready processes no process waits more than (n - 1) q for its next turn. A very large q turns RR into FCFS; a very small q makes context-switch overhead dominate. A rule of thumb is that 80 percent of CPU bursts should be shorter than q.'),
        h2('Worked example (all processes arrive at time 0)'),
        table(['Process', 'Burst time (ms)', 'Priority'], [['P1', '24', '3'], ['P2', '3', '1'], ['P3', '3', '2']], { widths: [1, 1.5, 1] }),
        gantt([['P1', 0, 24], ['P2', 24, 27], ['P3', 27, 30]], 'Fig. 2.2: FCFS order P1, P2, P3: waiting times 0, 24, 27; average 17 ms'),
        gantt([['P2', 0, 3], ['P3', 3, 6], ['P1', 6, 30]], 'Fig. 2.3: SJF order P2, P3, P1: waiting times 6, 0, 3; average 3 ms'),
        gantt([['P1', 0, 4], ['P2', 4, 7], ['P3', 7, 10], ['P1', 10, 14], ['P1', 14, 18], ['P1', 18, 22], ['P1', 22, 26], ['P1', 26, 30]], 'Fig. 2.4: Round Robin with q = 4 ms: waiting times 6, 4, 7; average 5.67 ms'),
      ],
      [
        h('2.3 Priority Scheduling and Multilevel Queues'),
        p('Each process gets a priority number (here a smaller number means higher priority) and the CPU goes to the highest-priority ready process. Low-priority processes can wait indefinitely (**starvation**); **ageing** solves this by gradually raising the priority of processes that have waited long.'),
        p('A **multilevel queue** splits the ready queue into several queues - for example system, interactive and batch - each with its own algorithm, and schedules between the queues by fixed priority or by time slices. A **multilevel feedback queue** also lets processes move between queues: a process that uses its whole quantum drops to a lower queue, and one that waits too long is promoted.'),
        table(
          ['Algorithm', 'Preemptive?', 'Starvation?', 'Typical use'],
          [
            ['FCFS', 'No', 'No', 'Batch systems'],
            ['SJF', 'No', 'Yes (long jobs)', 'Batch systems with known run times'],
            ['SRTF', 'Yes', 'Yes (long jobs)', 'Theoretical optimum for waiting time'],
            ['Priority', 'Either', 'Yes, unless ageing', 'Real-time and system processes'],
            ['Round Robin', 'Yes', 'No', 'Time-sharing, interactive systems'],
            ['MLFQ', 'Yes', 'Possible; prevented by promotion', 'General-purpose OS (Windows, older Unix)'],
          ],
          { widths: [1.1, 0.9, 1.5, 2.2] },
        ),
        h2('Linux: the Completely Fair Scheduler'),
        p('Since kernel 2.6.23 Linux schedules normal tasks with CFS. Each task accumulates virtual runtime, weighted by its nice value, and the scheduler always runs the task with the smallest virtual runtime, kept in a red-black tree. CFS therefore needs no fixed quantum; the time slice follows from the target latency divided among the runnable tasks.'),
        code('Listing 2.1: Changing the priority of a process from the shell', `
          $ nice -n 10 ./long_simulation &     # start with lower priority
          $ renice -n 5 -p 4312                # change the nice value of PID 4312
          $ ps -eo pid,ni,pri,comm | head -5   # show nice value and priority`),
      ],
      [
        h('2.4 Threads'),
        p('A **thread** is the unit of CPU utilisation inside a process: it has its own thread id, program counter, registers and stack, but shares code, data, open files and signals with the other threads of its process. Creating a thread is far cheaper than creating a process, and switching between threads of one process does not change the address space.'),
        ul(
          '**Many-to-one** model: many user threads on one kernel thread; one blocking call blocks all of them.',
          '**One-to-one** model: every user thread is a kernel thread (Linux, Windows); true parallelism on multicore CPUs.',
          '**Many-to-many** model: user threads are multiplexed on a smaller or equal number of kernel threads.',
        ),
        code('Listing 2.2: Creating two POSIX threads', `
          #include <pthread.h>
          #include <stdio.h>
          void *worker(void *arg) {
              printf("thread %d running\\n", *(int *)arg);
              return NULL;
          }
          int main(void) {
              pthread_t t[2]; int id[2] = {1, 2};
              for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, &id[i]);
              for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
              return 0;
          }`),
        h2('Important questions for the end-semester exam'),
        ol(
          'Draw the process state diagram and explain each transition.',
          'Compare preemptive and non-preemptive scheduling with an example.',
          'For a given set of processes, draw Gantt charts for FCFS, SJF, priority and RR and compare average waiting times.',
          'What is the convoy effect? How does Round Robin avoid it?',
          'Differentiate between user-level and kernel-level threads.',
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 4, subject: 'DBMS', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'DBMS notes - ER model, SQL, Normalization.pdf', uploader: 'admin', downloads: 119,
    title: 'ER Model, Relational Algebra, SQL and Normalisation', preparedBy: 'Prof. Neha Kulkarni, Dept. of CSE', createdAt: '2025-01-20T15:30',
    pages: [
      [
        h('1. Why a DBMS?'),
        p('A **database management system** stores data once, for many applications, and controls access to it. Compared with keeping data in files it removes redundancy and inconsistency, enforces integrity constraints, supports concurrent users, recovers from crashes and hides the physical storage from programs (**data independence**).'),
        stack(['External level (views of each user group)', 'Conceptual level (tables, constraints)', 'Internal level (files, indexes, blocks)'], 'Fig. 1: The three-schema architecture', ['logical data independence', 'physical data independence', '']),
        h('2. Entity-Relationship Model'),
        ul(
          '**Entity**: a real-world object such as a Student; an **entity set** is all entities of one type.',
          '**Attribute**: simple or composite, single- or multi-valued, stored or derived (age from date of birth). A key attribute identifies an entity uniquely.',
          '**Relationship**: an association between entities, e.g. Student ENROLS_IN Course, with cardinality 1:1, 1:N or M:N and total or partial participation.',
          '**Weak entity**: has no key of its own and is identified through its owner, e.g. Dependent of Employee.',
        ),
        graph(
          { Student: [70, 40], Enrols: [240, 40], Course: [410, 40] },
          [['Student', 'Enrols', 'M'], ['Enrols', 'Course', 'N']],
          'Fig. 2: An M:N relationship becomes a separate table Enrols(roll_no, course_id, grade)',
          { r: 30, height: 82 },
        ),
      ],
      [
        h('3. Relational Algebra'),
        p('Relational algebra is the procedural query language behind SQL. Its basic operators are selection (sigma), projection (pi), union, set difference, Cartesian product and rename; join, intersection and division are derived from them.'),
        table(
          ['Operation', 'Notation', 'Example', 'SQL equivalent'],
          [
            ['Selection', 'sigma_condition(R)', 'sigma_cgpa>8(Student)', 'WHERE cgpa > 8'],
            ['Projection', 'pi_attributes(R)', 'pi_name,branch(Student)', 'SELECT DISTINCT name, branch'],
            ['Natural join', 'R |x| S', 'Student |x| Enrols', 'JOIN ... USING (roll_no)'],
            ['Union', 'R U S', 'pi_id(CSE) U pi_id(IT)', 'UNION'],
            ['Difference', 'R - S', 'pi_id(Student) - pi_id(Enrols)', 'EXCEPT'],
          ],
          { widths: [1, 1.2, 1.7, 1.7] },
        ),
        h('4. SQL'),
        code('Listing 1: Tables and a query with a join, grouping and a condition on groups', `
          CREATE TABLE student (
              roll_no   VARCHAR(10) PRIMARY KEY,
              name      VARCHAR(50) NOT NULL,
              branch    CHAR(3)     CHECK (branch IN ('CSE', 'IT', 'ECE')),
              cgpa      DECIMAL(4,2)
          );
          CREATE TABLE enrols (
              roll_no   VARCHAR(10) REFERENCES student(roll_no),
              course_id VARCHAR(8),
              grade     CHAR(2),
              PRIMARY KEY (roll_no, course_id)
          );
          -- Courses with more than 30 students and their average CGPA
          SELECT e.course_id, COUNT(*) AS students, AVG(s.cgpa) AS avg_cgpa
          FROM enrols e JOIN student s ON s.roll_no = e.roll_no
          GROUP BY e.course_id
          HAVING COUNT(*) > 30
          ORDER BY avg_cgpa DESC;`),
        p('WHERE filters rows before grouping; HAVING filters groups after aggregation. A query is evaluated in the order FROM, WHERE, GROUP BY, HAVING, SELECT, ORDER BY, which is why a column alias defined in SELECT cannot be used in WHERE.'),
      ],
      [
        h('5. Functional Dependencies and Normal Forms'),
        p('A **functional dependency** X -> Y holds in R if any two tuples that agree on X also agree on Y. The **closure** X+ is the set of attributes determined by X; X is a superkey if X+ contains every attribute, and a candidate key if no proper subset of it is a superkey.'),
        box('Armstrong\'s axioms', 'Reflexivity: if Y is a subset of X then X -> Y. Augmentation: if X -> Y then XZ -> YZ. Transitivity: if X -> Y and Y -> Z then X -> Z. Derived rules: union, decomposition and pseudo-transitivity.'),
        table(
          ['Normal form', 'Condition', 'Removes'],
          [
            ['1NF', 'Every attribute holds atomic values only', 'Repeating groups'],
            ['2NF', '1NF, and no non-prime attribute depends on part of a candidate key', 'Partial dependencies'],
            ['3NF', '2NF, and for every X -> A, X is a superkey or A is prime', 'Transitive dependencies'],
            ['BCNF', 'For every non-trivial X -> Y, X is a superkey', 'All anomalies due to FDs'],
          ],
          { widths: [0.9, 3, 1.4] },
        ),
        h2('Worked example'),
        p('R(A, B, C, D) with F = {AB -> C, C -> D, D -> A}. Closures: AB+ = ABCD, so AB is a key; also DB+ = DBAC and CB+ = CBDA, so the candidate keys are AB, BC and BD. Every attribute belongs to some key, so all attributes are prime and R is in 3NF. It is not in BCNF because C -> D and D -> A have left sides that are not superkeys.'),
        p('Decomposing on C -> D gives R1(C, D) and R2(A, B, C), where C -> A still holds (through C -> D -> A) and violates BCNF. Splitting R2 into (C, A) and (B, C) reaches BCNF but loses the dependency AB -> C. This is the classic trade-off: a BCNF decomposition is always lossless but not always dependency-preserving, while 3NF can always achieve both.'),
      ],
      [
        h('6. Transactions and Concurrency'),
        p('A **transaction** is a unit of work that must be atomic, consistent, isolated and durable (**ACID**). The recovery manager provides atomicity and durability using a log (write-ahead logging: the log record reaches disk before the data page does); the concurrency-control manager provides isolation.'),
        ul(
          '**Conflict serialisability**: a schedule is conflict serialisable if its precedence graph has no cycle.',
          '**Two-phase locking (2PL)**: a transaction acquires all its locks before releasing any. It guarantees conflict serialisability but may deadlock; strict 2PL also holds exclusive locks until commit to avoid cascading aborts.',
          '**Deadlock handling**: wait-die and wound-wait use timestamps to prevent deadlocks; otherwise a wait-for graph detects cycles and a victim is rolled back.',
        ),
        graph(
          { T1: [100, 40], T2: [240, 40], T3: [380, 40] },
          [['T1', 'T2', 'W(A) before R(A)'], ['T2', 'T3', 'R(B) before W(B)']],
          'Fig. 3: Precedence graph without a cycle; the schedule is equivalent to T1, T2, T3',
          { directed: true, r: 18, height: 66 },
        ),
        table(
          ['Isolation level', 'Dirty read', 'Non-repeatable read', 'Phantom'],
          [
            ['Read uncommitted', 'Possible', 'Possible', 'Possible'],
            ['Read committed', 'No', 'Possible', 'Possible'],
            ['Repeatable read', 'No', 'No', 'Possible'],
            ['Serializable', 'No', 'No', 'No'],
          ],
          { caption: 'Table: SQL isolation levels and the anomalies they allow' },
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 4, subject: 'DBMS', resourceType: 'PYQ', academicYear: '2023-24',
    originalName: 'DBMS_PYQ_2024_May_endsem.pdf', uploader: 'admin', downloads: 203,
    title: 'Database Management Systems - May 2024', preparedBy: 'Office of the Controller of Examinations', createdAt: '2024-06-03T12:00',
    exam: paper('End Semester Examination, May 2024', 'BCS-403', 70, 'Attempt all questions of Section A, any three of Section B and any two of Section C.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'What is data independence? Distinguish its two types.', 2],
          ['b', 'Define a weak entity set with an example.', 2],
          ['c', 'What is the difference between a primary key and a unique key?', 2],
          ['d', 'List the ACID properties of a transaction.', 2],
          ['e', 'What is a trigger? Write the syntax of a row-level trigger.', 2],
          ['f', 'When is a decomposition lossless?', 2],
          ['g', 'What is a dense index?', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['Draw an ER diagram for a hospital with patients, doctors, wards and tests, showing cardinalities, and convert it into tables.', 10]),
        q(3, ['Given Employee(eid, name, dept, salary) and Dept(dname, building), write SQL to: (i) list departments whose average salary exceeds 60000; (ii) find employees earning more than every employee of the Sales department; (iii) give a 10 percent raise to everyone in building B2.', 10]),
        q(4, ['R(A, B, C, D, E) has F = {A -> BC, CD -> E, B -> D, E -> A}. Find all candidate keys and the highest normal form of R. Decompose R into BCNF.', 10]),
        q(5, ['Explain the two-phase locking protocol. Show that it ensures conflict serialisability but not freedom from deadlock.', 10]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Construct a B+ tree of order 4 by inserting 1, 4, 7, 10, 17, 21, 31, 25, 19, 20, 28, 42.', 8],
          ['b', 'Compare a B+ tree index with a hash index for range queries.', 5],
        ),
        q(7,
          ['a', 'Check whether the schedule S: r1(X) r2(Y) w2(X) r3(Y) w1(Y) w3(X) is conflict serialisable. Draw its precedence graph.', 7],
          ['b', 'Explain deferred and immediate database modification in log-based recovery.', 6],
        ),
        q(8,
          ['a', 'Write relational algebra expressions for: names of students enrolled in every course offered by the CSE department.', 6],
          ['b', 'Explain query optimisation using heuristics with an example query tree.', 7],
        ),
        box('Note', 'Candidates must draw neat diagrams wherever required. Use of calculators is not permitted in this paper.'),
      ],
    ],
  },
  {
    branch: 'cse', semester: 5, subject: 'Computer Networks', resourceType: 'NOTES', academicYear: '2022-23',
    originalName: 'CN unit 1 OSI TCP-IP + error detection.pdf', uploader: 'admin', downloads: 241,
    title: 'Unit 1 - Network Models and the Data Link Layer', preparedBy: 'Dr. Sanjay Rao, Dept. of CSE', createdAt: '2022-09-12T09:45',
    pages: [
      [
        h('1.1 Layered Architecture'),
        p('Network software is organised in layers so that each layer offers services to the one above and hides how they are implemented. Peers at the same layer on two machines talk through a **protocol**; adjacent layers on one machine talk through an **interface**. When data moves down the stack each layer adds its header (encapsulation), and the receiver strips them in reverse order.'),
        stack(
          ['7 Application', '6 Presentation', '5 Session', '4 Transport', '3 Network', '2 Data Link', '1 Physical'],
          'Fig. 1.1: The OSI reference model and the data unit of each layer',
          ['HTTP, DNS, SMTP - data', 'encryption, compression', 'dialog control', 'TCP, UDP - segment', 'IP, ICMP - packet', 'Ethernet, PPP - frame', 'signals - bits'],
        ),
        p('The **TCP/IP model** used on the Internet has four layers: application (OSI 5-7), transport, internet (network) and link (OSI 1-2). Unlike OSI it was designed after its protocols, which is why it fits the real Internet closely.'),
        table(
          ['Device', 'Layer', 'Works with'],
          [['Hub, repeater', 'Physical', 'Bits; every port is one collision domain'], ['Switch, bridge', 'Data link', 'Frames and MAC addresses'], ['Router', 'Network', 'Packets and IP addresses'], ['Gateway', 'All layers', 'Protocol conversion']],
          { widths: [1, 0.8, 2.4] },
        ),
      ],
      [
        h('1.2 Error Detection'),
        p('Noise flips bits in transit. The data link layer adds redundant bits so that the receiver can detect errors. A **single parity bit** detects any odd number of flipped bits; a **checksum** (used by IP, TCP and UDP) adds the data as 16-bit words in one\'s-complement arithmetic; a **cyclic redundancy check** (CRC, used by Ethernet) treats the frame as a polynomial over GF(2).'),
        box('CRC procedure', 'Let the generator G(x) have degree r. Append r zero bits to the message M, divide by G using modulo-2 (XOR) division and replace the appended zeros with the r-bit remainder. The receiver divides the whole frame by G; a non-zero remainder means an error.'),
        p('**Example.** M = 1101011011, G = 10011 (x^4 + x + 1). Dividing 11010110110000 by 10011 leaves remainder 1110, so the transmitted frame is 11010110111110.'),
        code('Listing 1.1: CRC remainder by long division (Python)', `
          def crc_remainder(message: str, generator: str) -> str:
              r = len(generator) - 1
              bits = list(message + '0' * r)
              for i in range(len(message)):
                  if bits[i] == '1':
                      for j, g in enumerate(generator):
                          bits[i + j] = str(int(bits[i + j]) ^ int(g))
              return ''.join(bits[-r:])

          print(crc_remainder('1101011011', '10011'))   # 1110`),
        h('1.3 Hamming Code'),
        p('Hamming codes also **correct** single-bit errors. With m data bits, r parity bits are needed such that 2^r >= m + r + 1; for 7 data bits r = 4, giving an 11-bit code word. Parity bits sit at positions 1, 2, 4 and 8, and each checks the positions whose binary index has the corresponding bit set. The receiver recomputes the checks; the pattern of failed checks (the syndrome) is the position of the wrong bit.'),
      ],
      [
        h('1.4 Flow Control and Sliding Windows'),
        p('**Stop-and-wait** sends one frame and waits for its acknowledgement. If the propagation delay is a = Tprop / Tframe, its link utilisation is U = 1 / (1 + 2a), which is very poor on long or fast links. **Sliding-window** protocols keep up to W frames in flight and reach U = 1 when W >= 1 + 2a.'),
        table(
          ['Protocol', 'Sender window', 'Receiver window', 'On a lost frame'],
          [
            ['Stop-and-wait', '1', '1', 'Resend after timeout'],
            ['Go-Back-N', '2^m - 1', '1', 'Resend the lost frame and all after it'],
            ['Selective Repeat', '2^(m-1)', '2^(m-1)', 'Resend only the lost frame'],
          ],
          { caption: 'm = number of bits in the sequence number' },
        ),
        flow(['Sender\nframes 0-3 sent', 'Frame 2 lost', 'Receiver\ndiscards 3', 'Timeout:\nresend 2, 3'], 'Fig. 1.2: Go-Back-N after the loss of frame 2 (window size 4)', { boxHeight: 36 }),
        h('1.5 Medium Access Control'),
        ul(
          '**Pure ALOHA**: send whenever ready; maximum throughput 1/(2e) = 18.4 percent.',
          '**Slotted ALOHA**: send only at slot boundaries; maximum throughput 1/e = 36.8 percent.',
          '**CSMA/CD** (classic Ethernet): listen before sending, abort on collision and back off exponentially; the minimum frame (64 bytes) must last at least one round-trip time.',
          '**CSMA/CA** (Wi-Fi): collisions cannot be detected over radio, so stations wait a random backoff and use acknowledgements (and optionally RTS/CTS).',
        ),
        p('**Numerical.** A 10 Mbps Ethernet with a maximum cable length of 2500 m and signal speed 2 x 10^8 m/s has a round-trip time of 25 microseconds; the minimum frame is therefore 10^7 x 25 x 10^-6 = 250 bits, and the standard rounds this up (with repeaters) to 512 bits.'),
      ],
    ],
  },
];
