import { graph, plot, tree } from '../demo-diagrams.js';
import { box, code, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

/** Demo resources of CSE semesters 1-3: mathematics, C programming and algorithms. */
export const CSE_FOUNDATIONS: DemoEntry[] = [
  {
    branch: 'cse', semester: 3, subject: 'Algorithms', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'DAA Unit 2 - Divide and Conquer + Greedy.pdf', uploader: 'admin', downloads: 143,
    title: 'Unit 2 - Divide and Conquer, Greedy Method', preparedBy: 'Dr. Meera Iyer, Dept. of CSE', createdAt: '2023-09-18T11:00',
    pages: [
      [
        h('2.1 Divide and Conquer'),
        p('A divide-and-conquer algorithm solves a problem in three steps: **divide** the instance into a smaller instances of the same problem, **conquer** them recursively (solving very small ones directly), and **combine** their solutions. Binary search, merge sort, quick sort, Strassen\'s matrix multiplication and the closest-pair algorithm all follow this pattern.'),
        p('If the instance of size n is split into a subproblems of size n/b and dividing plus combining costs f(n), the running time satisfies the recurrence T(n) = a T(n/b) + f(n), with T(1) constant.'),
        box('Master theorem', 'Let T(n) = a T(n/b) + f(n) with a >= 1, b > 1, and let c = log_b(a). Case 1: if f(n) = O(n^(c - e)) for some e > 0, then T(n) = Theta(n^c). Case 2: if f(n) = Theta(n^c), then T(n) = Theta(n^c log n). Case 3: if f(n) = Omega(n^(c + e)) and a f(n/b) <= k f(n) for some k < 1, then T(n) = Theta(f(n)).'),
        table(
          ['Algorithm', 'Recurrence', 'Case', 'Solution'],
          [
            ['Binary search', 'T(n) = T(n/2) + 1', '2 (c = 0)', 'Theta(log n)'],
            ['Merge sort', 'T(n) = 2T(n/2) + n', '2 (c = 1)', 'Theta(n log n)'],
            ['Tree traversal', 'T(n) = 2T(n/2) + 1', '1 (c = 1)', 'Theta(n)'],
            ['Strassen', 'T(n) = 7T(n/2) + n^2', '1 (c = 2.81)', 'Theta(n^2.81)'],
            ['Karatsuba', 'T(n) = 3T(n/2) + n', '1 (c = 1.58)', 'Theta(n^1.58)'],
          ],
          { widths: [1.3, 1.8, 1.1, 1.3] },
        ),
        p('The master theorem does not apply to every recurrence: T(n) = 2T(n/2) + n/log n falls between cases 1 and 2, and T(n) = T(n - 1) + n is not of the form a T(n/b). Such recurrences are solved with a recursion tree or by substitution.'),
      ],
      [
        h('2.2 Merge Sort'),
        p('Merge sort divides the array into two halves, sorts each half recursively and merges the two sorted halves in linear time. It is **stable** and its running time is Theta(n log n) in every case, but the merge needs O(n) extra space.'),
        code('Listing 2.1: Merge step', `
          void merge(int a[], int lo, int mid, int hi) {
              int tmp[hi - lo + 1], i = lo, j = mid + 1, k = 0;
              while (i <= mid && j <= hi)
                  tmp[k++] = (a[i] <= a[j]) ? a[i++] : a[j++];   /* <= keeps it stable */
              while (i <= mid) tmp[k++] = a[i++];
              while (j <= hi)  tmp[k++] = a[j++];
              for (k = 0; k < hi - lo + 1; k++) a[lo + k] = tmp[k];
          }`),
        p('**Recursion tree.** The root costs n, its two children n/2 each, the four grandchildren n/4 each, and so on. Every level costs n in total and there are log2 n + 1 levels, so T(n) = n log2 n + n = Theta(n log n).'),
        tree([['n'], ['n/2', 'n/2'], ['n/4', 'n/4', 'n/4', 'n/4'], ['n/8', 'n/8', 'n/8', 'n/8', 'n/8', 'n/8', 'n/8', 'n/8']], 'Fig. 2.1: Recursion tree of merge sort; every level adds up to n', 16),
        h2('Quick sort in one paragraph'),
        p('Quick sort partitions around a pivot so that smaller keys go left and larger keys go right, then sorts both sides in place. The average cost is 1.39 n log2 n comparisons, but a bad pivot (the smallest key every time, e.g. on sorted input with the first element as pivot) gives T(n) = T(n - 1) + n = Theta(n^2). Choosing the pivot at random or as the median of three makes the worst case very unlikely.'),
      ],
      [
        h('2.3 The Greedy Method'),
        p('A greedy algorithm builds a solution step by step and at every step takes the choice that looks best right now, never reconsidering it. It is correct only for problems with the **greedy-choice property** (some optimal solution begins with the greedy choice) and **optimal substructure** (what remains is a smaller instance of the same problem).'),
        h2('Fractional knapsack'),
        p('Items have weights w_i and profits p_i; the knapsack holds W. Fractions of items may be taken. Sort the items by profit per unit weight p_i / w_i in decreasing order and take them in that order, splitting the last item that does not fit. Sorting dominates, so the time is O(n log n).'),
        table(
          ['Item', 'Weight', 'Profit', 'Profit/weight', 'Taken', 'Profit gained'],
          [
            ['I1', '10', '60', '6.0', '1 (all)', '60'],
            ['I2', '20', '100', '5.0', '1 (all)', '100'],
            ['I3', '30', '120', '4.0', '20/30', '80'],
            ['Total', '50', '', '', '', '240'],
          ],
          { caption: 'Table 2.2: Knapsack capacity W = 50; the greedy answer 240 is optimal' },
        ),
        box('Exam tip', 'The same greedy rule fails for the 0/1 knapsack (items cannot be split): with the data above it takes I1 and I2 for a profit of 160, while I2 and I3 give 220. The 0/1 version needs dynamic programming (Unit 3).'),
        h2('Activity selection'),
        p('Given activities with start and finish times, select the largest set of mutually compatible activities. Sort by finish time and repeatedly pick the first activity that starts after the last selected one finishes. An exchange argument shows that the activity finishing first belongs to some optimal solution.'),
      ],
      [
        h('2.4 Minimum Spanning Trees'),
        p('A **spanning tree** of a connected weighted graph G = (V, E) is a tree that contains every vertex; a **minimum spanning tree** (MST) has the smallest total edge weight. Both classic MST algorithms are greedy and rely on the cut property: the lightest edge crossing any cut belongs to some MST.'),
        graph(
          { A: [50, 30], B: [190, 30], C: [330, 30], D: [50, 120], E: [190, 120], F: [330, 120] },
          [['A', 'B', '4'], ['B', 'C', '8'], ['A', 'D', '3'], ['B', 'E', '2'], ['C', 'F', '5'], ['D', 'E', '6'], ['E', 'F', '7'], ['B', 'D', '9'], ['C', 'E', '1']],
          'Fig. 2.2: Weighted graph; the MST is {CE 1, BE 2, AD 3, AB 4, CF 5}, total 15',
          { height: 144 },
        ),
        table(
          ['', 'Kruskal', 'Prim'],
          [
            ['Idea', 'Add the lightest edge that joins two different components', 'Grow one tree; add the lightest edge leaving it'],
            ['Data structure', 'Sorted edge list + disjoint-set union', 'Min-priority queue of vertices'],
            ['Time', 'O(E log E)', 'O(E log V) with a binary heap'],
            ['Better for', 'Sparse graphs', 'Dense graphs (O(V^2) with an array)'],
          ],
          { widths: [1, 2, 2] },
        ),
        h2('Summary'),
        ul(
          'Divide and conquer splits into independent subproblems; dynamic programming is used when subproblems overlap.',
          'Greedy algorithms are fast but need a proof; a counterexample is enough to show a greedy rule is wrong.',
          'Huffman coding, Dijkstra\'s shortest paths, Kruskal and Prim are the greedy algorithms most often asked in the end-semester exam.',
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 3, subject: 'Algorithms', resourceType: 'PYQ', academicYear: '2023-24',
    originalName: 'DAA_PYQ_2023_endsem.pdf', uploader: 'admin', downloads: 212,
    title: 'Design and Analysis of Algorithms - end semester paper', preparedBy: 'Office of the Controller of Examinations', createdAt: '2024-01-08T09:30',
    exam: paper('End Semester Examination, December 2023', 'BCS-302', 70, 'Section A is compulsory. Attempt any four questions from Section B and any two from Section C.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (10 x 2 = 20)'),
        q(1,
          ['a', 'Define Big-O, Big-Omega and Big-Theta notation.', 2],
          ['b', 'Solve T(n) = 4T(n/2) + n using the master theorem.', 2],
          ['c', 'Is 2^(n+1) = O(2^n)? Is 2^(2n) = O(2^n)? Justify.', 2],
          ['d', 'What is a stable sorting algorithm? Give one example.', 2],
          ['e', 'State the principle of optimality.', 2],
          ['f', 'Differentiate between the greedy method and dynamic programming.', 2],
          ['g', 'What is the time complexity of Prim\'s algorithm using a binary heap?', 2],
          ['h', 'Define the classes P and NP.', 2],
          ['i', 'What is backtracking? Name one problem solved by it.', 2],
          ['j', 'Write the recurrence for the number of moves in the Tower of Hanoi.', 2],
        ),
        section('SECTION B', 'Attempt any four questions. Each question carries 6 marks. (4 x 6 = 24)'),
        q(2, ['Sort 38, 27, 43, 3, 9, 82, 10 using merge sort. Draw the recursion tree and derive the time complexity.', 6]),
        q(3, ['Find an optimal solution of the fractional knapsack problem with n = 7, W = 15, profits (10, 5, 15, 7, 6, 18, 3) and weights (2, 3, 5, 7, 1, 4, 1).', 6]),
      ],
      [
        q(4, ['Find the longest common subsequence of X = ABCBDAB and Y = BDCABA using dynamic programming. Show the table.', 6]),
        q(5, ['Write the Floyd-Warshall algorithm and apply it to the graph with edges (1,2,3), (1,3,8), (2,4,1), (3,2,4), (4,1,2), (4,3,-5).', 6]),
        q(6, ['Explain the n-queens problem and draw the state-space tree for n = 4 up to the first solution.', 6]),
        q(7, ['Construct the Huffman code for the characters a:45, b:13, c:12, d:16, e:9, f:5 and find the average code length.', 6]),
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(8,
          ['a', 'Write the matrix chain multiplication algorithm. Find the optimal parenthesisation for dimensions 5 x 4, 4 x 6, 6 x 2, 2 x 7.', 9],
          ['b', 'Why is the greedy choice "multiply the cheapest pair first" not optimal?', 4],
        ),
        q(9,
          ['a', 'Solve the 0/1 knapsack problem with W = 8, weights (2, 3, 4, 5) and profits (1, 2, 5, 6) using dynamic programming.', 8],
          ['b', 'Compare the time complexity of the dynamic programming solution with brute force.', 5],
        ),
        q(10,
          ['a', 'Prove that the vertex cover problem is NP-complete, assuming the clique problem is NP-complete.', 8],
          ['b', 'Give a 2-approximation algorithm for vertex cover and justify the ratio.', 5],
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 1, subject: 'Math', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'Engg Maths-I Unit 1 Calculus (class notes).pdf', uploader: 'admin', downloads: 76,
    title: 'Engineering Mathematics I, Unit 1 - Differential Calculus', preparedBy: 'Prof. R. K. Sharma, Dept. of Mathematics', createdAt: '2024-08-26T14:20',
    pages: [
      [
        h('1.1 Successive Differentiation'),
        p('If y = f(x), its derivatives dy/dx, d2y/dx2, ..., dny/dxn are written y1, y2, ..., yn. For many standard functions the n-th derivative has a closed form, which is the starting point for Leibniz\'s theorem and for series expansions.'),
        table(
          ['Function y', 'n-th derivative yn'],
          [
            ['(ax + b)^m', 'm(m-1)...(m-n+1) a^n (ax + b)^(m-n)'],
            ['1 / (ax + b)', '(-1)^n n! a^n / (ax + b)^(n+1)'],
            ['log(ax + b)', '(-1)^(n-1) (n-1)! a^n / (ax + b)^n'],
            ['e^(ax)', 'a^n e^(ax)'],
            ['sin(ax + b)', 'a^n sin(ax + b + n pi/2)'],
            ['cos(ax + b)', 'a^n cos(ax + b + n pi/2)'],
          ],
          { widths: [1, 2] },
        ),
        box('Leibniz\'s theorem', 'If u and v are functions of x with n-th derivatives, then (uv)n = un v + nC1 u(n-1) v1 + nC2 u(n-2) v2 + ... + u vn, where nCr = n! / (r! (n - r)!).'),
        p('**Example.** Find y5 when y = x^2 e^(3x). Take u = e^(3x) and v = x^2; v3 and higher vanish, so y5 = 3^5 e^(3x) x^2 + 5 (3^4 e^(3x)) (2x) + 10 (3^3 e^(3x)) (2) = e^(3x) (243 x^2 + 810 x + 540).'),
        h('1.2 Mean Value Theorems'),
        p('**Rolle\'s theorem.** If f is continuous on [a, b], differentiable on (a, b) and f(a) = f(b), then f\'(c) = 0 for at least one c in (a, b). Geometrically, the curve has a horizontal tangent somewhere between two points at equal height.'),
        p('**Lagrange\'s mean value theorem.** If f is continuous on [a, b] and differentiable on (a, b), then there is c in (a, b) with f\'(c) = (f(b) - f(a)) / (b - a): some tangent is parallel to the chord joining the end points.'),
      ],
      [
        h('1.3 Taylor and Maclaurin Series'),
        p('If f has derivatives of all orders at x = a, Taylor\'s series expands it in powers of (x - a): f(x) = f(a) + (x - a) f\'(a) + (x - a)^2/2! f\'\'(a) + ... . Putting a = 0 gives Maclaurin\'s series. Truncating after the term in x^n leaves an error (Lagrange remainder) of x^(n+1) f^(n+1)(c) / (n+1)! for some c between 0 and x.'),
        ul(
          'e^x = 1 + x + x^2/2! + x^3/3! + ...  (all x)',
          'sin x = x - x^3/3! + x^5/5! - ...  (all x)',
          'cos x = 1 - x^2/2! + x^4/4! - ...  (all x)',
          'log(1 + x) = x - x^2/2 + x^3/3 - ...  (-1 < x <= 1)',
        ),
        plot(
          [Math.sin, (x) => x, (x) => x - x ** 3 / 6],
          { x: [-3.5, 3.5], y: [-2, 2] },
          { x: 'x', y: 'y', caption: 'Fig. 1.1: sin x (solid) with its Maclaurin approximations x and x - x^3/6 (dashed)', dashed: [1, 2] },
        ),
        p('Near x = 0 the cubic x - x^3/6 is almost indistinguishable from sin x; at x = 1 the error is below 0.0082, which the remainder term bounds by 1/120. The approximations drift away as |x| grows, which is why more terms are needed further from the centre.'),
        p('**Example.** Expand log(1 + sin x) up to x^4. With s = sin x = x - x^3/6, log(1 + s) = s - s^2/2 + s^3/3 - s^4/4, which gives x - x^2/2 + x^3/6 - x^4/12 + ... .'),
      ],
      [
        h('1.4 Partial Differentiation'),
        p('For z = f(x, y), the partial derivative dz/dx is found by differentiating with respect to x while treating y as a constant. For functions met in this course the mixed derivatives are equal: d2z/dxdy = d2z/dydx.'),
        box('Euler\'s theorem on homogeneous functions', 'If z = f(x, y) is homogeneous of degree n, i.e. f(tx, ty) = t^n f(x, y), then x dz/dx + y dz/dy = n z, and x^2 z_xx + 2xy z_xy + y^2 z_yy = n(n - 1) z.'),
        p('**Example.** For u = (x^3 + y^3) / (x + y), u is homogeneous of degree 2, so x u_x + y u_y = 2u without computing any derivative.'),
        h('1.5 Maxima and Minima of Two Variables'),
        ol(
          'Solve f_x = 0 and f_y = 0 for the stationary points.',
          'At each point compute r = f_xx, s = f_xy, t = f_yy.',
          'If rt - s^2 > 0 and r < 0 the point is a maximum; if rt - s^2 > 0 and r > 0, a minimum.',
          'If rt - s^2 < 0 it is a saddle point; if rt - s^2 = 0 the test is inconclusive.',
        ),
        p('**Example.** f(x, y) = x^3 + y^3 - 3xy. Then f_x = 3x^2 - 3y and f_y = 3y^2 - 3x, giving the points (0, 0) and (1, 1). At (0, 0): rt - s^2 = 0 - 9 < 0, a saddle point. At (1, 1): r = 6, t = 6, s = -3, rt - s^2 = 27 > 0 and r > 0, so f has a minimum value f(1, 1) = -1.'),
        h2('Practice problems'),
        ol(
          'If y = sin(m sin^-1 x), show that (1 - x^2) y(n+2) - (2n + 1) x y(n+1) + (m^2 - n^2) yn = 0.',
          'Verify Rolle\'s theorem for f(x) = x^2 - 5x + 6 on [2, 3].',
          'Find the extreme values of x^2 + y^2 + 6x + 12.',
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 2, subject: 'Programming', resourceType: 'PRACTICAL', academicYear: '2022-23',
    originalName: 'C_Programming_Lab_Manual_sem2.pdf', uploader: 'admin', downloads: 168,
    title: 'Programming for Problem Solving Lab (C language)', preparedBy: 'Aarav Mehta, Roll No. 22CS012', createdAt: '2023-03-14T19:45',
    pages: [
      [
        experiment(1, 'Roots of a quadratic equation', '09/01/2023'),
        p('**Aim:** To write a C program that reads the coefficients a, b, c of ax^2 + bx + c = 0 and prints its roots, handling real, equal and complex roots.'),
        p('**Software:** Code::Blocks 20.03 with the MinGW gcc compiler, Windows 10.'),
        p('**Theory:** The discriminant D = b^2 - 4ac decides the nature of the roots: D > 0 gives two real roots (-b +- sqrt(D)) / 2a, D = 0 gives equal roots -b / 2a, and D < 0 gives complex roots -b/2a +- i sqrt(-D)/2a.'),
        code('Program', `
          #include <stdio.h>
          #include <math.h>
          int main(void) {
              double a, b, c, d;
              printf("Enter a, b, c: ");
              scanf("%lf %lf %lf", &a, &b, &c);
              d = b * b - 4 * a * c;
              if (d > 0)
                  printf("Real roots: %.2f, %.2f\\n",
                         (-b + sqrt(d)) / (2 * a), (-b - sqrt(d)) / (2 * a));
              else if (d == 0)
                  printf("Equal roots: %.2f\\n", -b / (2 * a));
              else
                  printf("Complex roots: %.2f +- %.2fi\\n", -b / (2 * a), sqrt(-d) / (2 * a));
              return 0;
          }`),
        table(['a', 'b', 'c', 'D', 'Output'], [
          ['1', '-5', '6', '1', 'Real roots: 3.00, 2.00'],
          ['1', '2', '1', '0', 'Equal roots: -1.00'],
          ['1', '2', '5', '-16', 'Complex roots: -1.00 +- 2.00i'],
        ], { caption: 'Observation table', widths: [0.5, 0.5, 0.5, 0.6, 3] }),
        p('**Result:** The program was compiled with the -lm flag and gave correct roots for all three cases.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(2, 'Factorial and Fibonacci series using recursion', '23/01/2023'),
        p('**Aim:** To compute n! and the first n Fibonacci numbers using recursive functions, and to compare recursion with iteration.'),
        code('Program', `
          #include <stdio.h>
          long factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }
          int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

          int main(void) {
              int n, i;
              printf("Enter n: ");
              scanf("%d", &n);
              printf("%d! = %ld\\n", n, factorial(n));
              for (i = 0; i < n; i++) printf("%d ", fib(i));
              printf("\\n");
              return 0;
          }`),
        table(['n', 'factorial(n)', 'First n Fibonacci numbers', 'Calls made by fib(n)'], [
          ['5', '120', '0 1 1 2 3', '15'],
          ['10', '3628800', '0 1 1 2 3 5 8 13 21 34', '177'],
          ['20', '2432902008176640000', '0 1 1 2 ... 2584 4181', '21891'],
        ], { caption: 'Observation table', widths: [0.4, 1.6, 2, 1.2] }),
        p('**Observation:** The recursive Fibonacci function recomputes the same values again and again, so the number of calls grows exponentially (about 1.618^n). An iterative loop or memoisation computes fib(n) in O(n) time.'),
        p('**Result:** Both recursive functions produce correct values; 20! is the largest factorial that fits in a 64-bit long.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(3, 'Multiplication of two matrices', '06/02/2023'),
        p('**Aim:** To multiply an m x n matrix by an n x p matrix using two-dimensional arrays, checking that the dimensions are compatible.'),
        p('**Algorithm:** C[i][j] = sum over k of A[i][k] * B[k][j], for i = 0..m-1, j = 0..p-1 and k = 0..n-1. The three nested loops perform m n p multiplications.'),
        code('Program (core loop)', `
          if (n1 != m2) {
              printf("Multiplication not possible\\n");
              return 1;
          }
          for (i = 0; i < m1; i++)
              for (j = 0; j < n2; j++) {
                  c[i][j] = 0;
                  for (k = 0; k < n1; k++)
                      c[i][j] += a[i][k] * b[k][j];
              }`),
        table(['Matrix A', 'Matrix B', 'Product C = A x B'], [
          ['1 2 / 3 4', '5 6 / 7 8', '19 22 / 43 50'],
          ['1 0 2 / 0 1 3', '1 / 2 / 3', '7 / 11'],
          ['2 x 3 matrix', '2 x 2 matrix', 'Multiplication not possible'],
        ], { caption: 'Observation table (rows separated by /)' }),
        h2('Viva questions'),
        ol(
          'Why must the number of columns of A equal the number of rows of B?',
          'How is a two-dimensional array stored in memory in C?',
          'What is the time complexity of this program for two n x n matrices?',
        ),
        p('**Result:** The program multiplies compatible matrices correctly and rejects incompatible ones.'),
        signature('Signature of faculty'),
      ],
    ],
  },
];
