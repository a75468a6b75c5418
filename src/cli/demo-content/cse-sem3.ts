import { flow, graph, tree } from '../demo-diagrams.js';
import { box, code, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

/** Demo resources of CSE semester 3 Data Structures, the class of the demo CR and student. */
export const CSE_SEM3: DemoEntry[] = [
  {
    branch: 'cse', semester: 3, subject: 'Data Structures', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'DS Unit 3 - Trees (handwritten notes).pdf', uploader: 'cr', downloads: 184,
    title: 'Unit 3 - Trees, Binary Search Trees and AVL Trees', preparedBy: 'Chirag Rep (CR, CSE-A)', createdAt: '2024-09-02T21:15',
    pages: [
      [
        h('3.1 Introduction to Trees'),
        p('Arrays, stacks, queues and linked lists are **linear** data structures: every element has at most one successor. Many real problems are hierarchical instead - a file system, an organisation chart, the syntax of an arithmetic expression. A **tree** models such data: a finite set of nodes with one special node called the root, where the remaining nodes are split into disjoint sets T1, T2, ..., Tn, each of which is itself a tree (a subtree of the root).'),
        box('Definition', 'A **tree** is a connected acyclic graph. A tree with n nodes always has exactly n - 1 edges, and there is exactly one simple path between any two nodes.'),
        h2('Terminology'),
        ul(
          '**Root**: the topmost node; it has no parent. **Leaf** (external node): a node with no children.',
          '**Parent, child, sibling**: if there is an edge from u down to v, u is the parent of v; children of the same parent are siblings.',
          '**Degree** of a node: the number of its children. Degree of a tree: the maximum degree of any node.',
          '**Depth** of a node: the number of edges from the root to it (root has depth 0). **Height** of a tree: the maximum depth of any leaf.',
          '**Level**: all nodes at the same depth form one level. Level i of a binary tree holds at most 2^i nodes.',
          '**Ancestor / descendant**: any node on the path from the root to x is an ancestor of x.',
        ),
        h2('Binary trees'),
        p('A **binary tree** is a tree in which every node has at most two children, called the left child and the right child. The order matters: a tree whose only child hangs on the left is different from one whose only child hangs on the right.'),
        ul(
          '**Full (strict) binary tree**: every node has 0 or 2 children. If it has n internal nodes it has n + 1 leaves.',
          '**Complete binary tree**: all levels are full except possibly the last, which is filled from the left. Heaps are stored as complete binary trees.',
          '**Perfect binary tree** of height h has 2^(h+1) - 1 nodes; so a binary tree with n nodes has height at least floor(log2 n).',
          '**Skewed tree**: every node has only one child; its height is n - 1 and it behaves like a linked list.',
        ),
      ],
      [
        h('3.2 Representation in Memory'),
        p('**Array representation.** Store the root at index 1; the children of the node at index i are at 2i and 2i + 1, and its parent is at floor(i/2). It is compact for complete trees but wastes space for skewed ones: a skewed tree of height h needs an array of size 2^(h+1) - 1.'),
        p('**Linked representation.** Each node holds the data and two pointers. This is the usual choice for search trees because insertion and deletion only change pointers.'),
        code('Listing 3.1: Node of a binary tree in C', `
          struct node {
              int data;
              struct node *left;    /* left subtree,  NULL if empty */
              struct node *right;   /* right subtree, NULL if empty */
          };

          struct node *new_node(int value) {
              struct node *n = malloc(sizeof *n);
              n->data = value;
              n->left = n->right = NULL;
              return n;
          }`),
        h('3.3 Tree Traversals'),
        p('A traversal visits every node exactly once. Depth-first traversals differ only in when the root is visited relative to its subtrees:'),
        table(
          ['Traversal', 'Order', 'Output for the tree in Fig. 3.1'],
          [
            ['Preorder', 'Root, Left, Right', '50 30 20 40 70 60 80'],
            ['Inorder', 'Left, Root, Right', '20 30 40 50 60 70 80'],
            ['Postorder', 'Left, Right, Root', '20 40 30 60 80 70 50'],
            ['Level order', 'Level by level (uses a queue)', '50 30 70 20 40 60 80'],
          ],
          { widths: [1.1, 1.6, 2.3] },
        ),
        tree([['50'], ['30', '70'], ['20', '40', '60', '80']], 'Fig. 3.1: A binary search tree with seven keys'),
        p('Inorder traversal of a binary search tree always produces the keys in ascending order - a quick way to check an answer in the exam. Given the inorder sequence together with either the preorder or the postorder sequence, the binary tree can be reconstructed uniquely; preorder and postorder alone are not enough.'),
      ],
      [
        h('3.4 Binary Search Trees (BST)'),
        p('A **binary search tree** is a binary tree in which, for every node x, all keys in the left subtree of x are smaller than key(x) and all keys in the right subtree are greater. Searching starts at the root and discards one subtree at every step, so it costs O(h) where h is the height.'),
        code('Listing 3.2: Recursive search and insertion', `
          struct node *search(struct node *root, int key) {
              if (root == NULL || root->data == key) return root;
              if (key < root->data) return search(root->left, key);
              return search(root->right, key);
          }

          struct node *insert(struct node *root, int key) {
              if (root == NULL) return new_node(key);
              if (key < root->data)      root->left  = insert(root->left, key);
              else if (key > root->data) root->right = insert(root->right, key);
              return root;               /* duplicates are ignored */
          }`),
        h2('Deletion from a BST'),
        ol(
          '**Leaf node**: simply remove it and set the parent pointer to NULL.',
          '**Node with one child**: replace the node by its only child.',
          '**Node with two children**: find the inorder successor (the smallest key in the right subtree), copy its key into the node, then delete the successor, which has at most one child.',
        ),
        h2('Complexity'),
        table(
          ['Operation', 'Average case', 'Worst case (skewed tree)'],
          [
            ['Search', 'O(log n)', 'O(n)'],
            ['Insert', 'O(log n)', 'O(n)'],
            ['Delete', 'O(log n)', 'O(n)'],
            ['Inorder traversal', 'O(n)', 'O(n)'],
          ],
        ),
        p('Inserting keys in sorted order (10, 20, 30, 40, ...) produces a right-skewed tree, and every operation degrades to a linear scan. Self-balancing trees avoid this by restructuring the tree after updates.'),
      ],
      [
        h('3.5 AVL Trees'),
        p('An **AVL tree** (Adelson-Velsky and Landis, 1962) is a BST in which, for every node, the heights of the left and right subtrees differ by at most one. The **balance factor** of a node is BF = height(left subtree) - height(right subtree), and it must be -1, 0 or +1 everywhere.'),
        box('Height bound', 'An AVL tree with n nodes has height at most about 1.44 log2(n + 2). Hence search, insertion and deletion all take O(log n) time in the worst case.'),
        p('After an insertion, walk back up from the new node. The first node whose balance factor becomes +2 or -2 is rebalanced by one of four rotations, chosen by where the new key went:'),
        table(
          ['Case', 'Inserted into', 'Fix'],
          [
            ['LL', 'left subtree of the left child', 'single right rotation'],
            ['RR', 'right subtree of the right child', 'single left rotation'],
            ['LR', 'right subtree of the left child', 'left rotation on child, then right rotation'],
            ['RL', 'left subtree of the right child', 'right rotation on child, then left rotation'],
          ],
          { widths: [0.6, 2, 2.4] },
        ),
        h2('Worked example'),
        p('Insert 30, 20, 10 into an empty AVL tree. After inserting 10, node 30 has BF = +2 and the new key lies in the left subtree of its left child (case LL). A single right rotation about 30 makes 20 the root with children 10 and 30, and every balance factor returns to 0.'),
        tree([['30'], ['20', null], ['10', null, null, null]], 'Fig. 3.2: Before rotation (BF of 30 is +2); after it, 20 becomes the root'),
        p('Continue with 25, 28: inserting 28 unbalances 30 (BF = +2) with the key in the right subtree of its left child 25, so case LR applies: rotate left about 25, then right about 30, giving 28 with children 25 and 30.'),
      ],
      [
        h('3.6 Applications and Exam Notes'),
        ul(
          '**Expression trees**: operands at the leaves, operators at internal nodes; postorder traversal gives the postfix expression that a stack machine evaluates.',
          '**Huffman coding**: a full binary tree built greedily from character frequencies gives an optimal prefix code.',
          '**Database indexes** use B-trees and B+ trees, multi-way balanced trees whose nodes fill one disk block.',
          '**Priority queues** are implemented with binary heaps, complete binary trees stored in arrays.',
        ),
        h2('Frequently asked questions (previous papers)'),
        ol(
          'Construct the binary tree whose inorder sequence is D B E A F C and preorder sequence is A B D E C F. (5 marks, 2023)',
          'Insert 63, 9, 19, 27, 18, 108, 99, 81 into an empty BST and show the tree after deleting 63. (6 marks, 2022)',
          'Explain the four rotations of an AVL tree with a diagram for each. Build an AVL tree for 1, 2, 3, 4, 5, 6, 7. (10 marks, 2023)',
          'Prove that a full binary tree with n internal nodes has n + 1 leaves. (4 marks, 2021)',
          'Write a non-recursive inorder traversal using an explicit stack. (5 marks, 2022)',
        ),
        box('Quick revision', 'Maximum nodes at level i: 2^i. Maximum nodes in a tree of height h: 2^(h+1) - 1. Minimum height with n nodes: ceil(log2(n + 1)) - 1. Number of distinct binary trees with n unlabelled nodes: the Catalan number C(2n, n) / (n + 1), e.g. 5 trees for n = 3.'),
        p('Next unit: graphs - representations (adjacency matrix and list), BFS, DFS, minimum spanning trees (Prim and Kruskal) and shortest paths (Dijkstra).'),
      ],
    ],
  },
  {
    branch: 'cse', semester: 3, subject: 'Data Structures', resourceType: 'PYQ', academicYear: '2024-25',
    originalName: 'DS_PYQ_Dec2024_endsem.pdf', uploader: 'cr', downloads: 231,
    title: 'Question paper with all three sections', preparedBy: 'Chirag Rep (CR, CSE-A)', createdAt: '2024-12-20T18:40',
    exam: paper('End Semester Examination, December 2024', 'BCS-301', 70, 'Section A is compulsory. Attempt any four questions from Section B and any two from Section C.', 'Write algorithms in pseudocode or C; state the time complexity of every algorithm you write.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (10 x 2 = 20)'),
        q(1,
          ['a', 'Define an abstract data type. Give the ADT of a stack.', 2],
          ['b', 'Convert the infix expression A + B * (C - D) / E into postfix.', 2],
          ['c', 'What is the advantage of a circular queue over a linear queue implemented with an array?', 2],
          ['d', 'Write the address formula of element A[i][j] of an m x n array stored in row-major order.', 2],
          ['e', 'Differentiate between a complete binary tree and a full binary tree.', 2],
          ['f', 'How many edges does a complete undirected graph on n vertices have?', 2],
          ['g', 'What is a collision in hashing? Name two techniques to resolve it.', 2],
          ['h', 'Give the best-case and worst-case time complexity of insertion sort.', 2],
          ['i', 'What is a threaded binary tree?', 2],
          ['j', 'State one application each of a stack and a priority queue.', 2],
        ),
      ],
      [
        section('SECTION B', 'Attempt any four questions. Each question carries 6 marks. (4 x 6 = 24)'),
        q(2, ['Write a C function to reverse a singly linked list in place. Trace it on the list 10 -> 20 -> 30 -> 40.', 6]),
        q(3, ['Evaluate the postfix expression 6 2 3 + - 3 8 2 / + * 2 ^ 3 + using a stack. Show the stack after every symbol.', 6]),
        q(4, ['Construct the binary tree whose inorder traversal is D B H E A I F J C G and preorder traversal is A B D E H C F I J G. Write its postorder traversal.', 6]),
        q(5, ['Insert the keys 50, 700, 76, 85, 92, 73, 101 into a hash table of size 7 using h(k) = k mod 7 and (i) linear probing, (ii) quadratic probing. Count the collisions in each case.', 6]),
        q(6, ['Sort the array 35, 33, 42, 10, 14, 19, 27, 44 using quick sort with the first element as pivot. Show every partition step and state why the worst case is O(n^2).', 6]),
        q(7, ['Explain the representation of a sparse matrix using triplets. Write an algorithm to find the transpose of a sparse matrix in this representation.', 6]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(8,
          ['a', 'Construct an AVL tree by inserting the keys 21, 26, 30, 9, 4, 14, 28, 18, 15, 10, 2, 3, 7 in this order. Name every rotation you perform.', 8],
          ['b', 'Compare AVL trees with red-black trees in terms of height and rebalancing cost.', 5],
        ),
        q(9,
          ['a', 'Write Dijkstra\'s algorithm. Find the shortest paths from vertex A in the graph given below.', 9],
          ['b', 'Why does Dijkstra\'s algorithm fail when the graph has negative edge weights?', 4],
        ),
        graph(
          { A: [40, 60], B: [170, 20], C: [170, 110], D: [310, 20], E: [310, 110], F: [440, 60] },
          [['A', 'B', '4'], ['A', 'C', '2'], ['B', 'C', '5'], ['B', 'D', '10'], ['C', 'E', '3'], ['E', 'D', '4'], ['D', 'F', '11'], ['E', 'F', '9']],
          'Graph for Q9 (undirected, edge weights shown)',
          { height: 132 },
        ),
        q(10,
          ['a', 'What is a B-tree of order m? Insert the keys 10, 20, 30, 40, 50, 60, 70, 80, 90 into an empty B-tree of order 3.', 8],
          ['b', 'Write an algorithm for heap sort and sort 12, 11, 13, 5, 6, 7 using it.', 5],
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 3, subject: 'Data Structures', resourceType: 'PRACTICAL', academicYear: '2024-25',
    originalName: 'DS Lab File - Experiments 1 to 3 (Sana).pdf', uploader: 'cr', downloads: 97,
    title: 'Data Structures Lab (BCS-351): Stacks, Queues and Linked Lists', preparedBy: 'Sana Student, Roll No. 23CS047', createdAt: '2024-10-11T16:05',
    pages: [
      [
        h('Index'),
        table(
          ['No.', 'Experiment', 'Date', 'Page', 'Sign'],
          [
            ['1', 'Implementation of a stack using an array (push, pop, peek, display)', '05/08/2024', '2', ''],
            ['2', 'Conversion of an infix expression to postfix using a stack', '12/08/2024', '3', ''],
            ['3', 'Singly linked list: insertion, deletion and reversal', '26/08/2024', '4', ''],
          ],
          { widths: [0.5, 4, 1.2, 0.6, 0.8] },
        ),
        h2('General instructions'),
        ul(
          'Programs are written in C (C11) and compiled with gcc -Wall -std=c11 on Ubuntu 22.04 in the lab.',
          'Each experiment records the aim, software used, algorithm, program, sample output and the result.',
          'Test every program with at least one boundary case (empty structure, full structure, single element).',
        ),
      ],
      [
        experiment(1, 'Implementation of a stack using an array', '05/08/2024'),
        p('**Aim:** To implement a stack of integers using a fixed-size array and to perform push, pop, peek and display operations.'),
        p('**Software used:** gcc 11.4, Ubuntu 22.04 LTS, Visual Studio Code.'),
        p('**Theory:** A stack is a linear list in which insertion and deletion happen at one end, called the top. It follows LIFO (last in, first out). Overflow occurs when top = MAX - 1 and underflow when top = -1. Each operation runs in O(1) time.'),
        code('Program', `
          #include <stdio.h>
          #define MAX 5
          int stack[MAX], top = -1;

          void push(int x) {
              if (top == MAX - 1) { printf("Stack overflow\\n"); return; }
              stack[++top] = x;
          }
          int pop(void) {
              if (top == -1) { printf("Stack underflow\\n"); return -1; }
              return stack[top--];
          }
          int main(void) {
              push(10); push(20); push(30);
              printf("Popped: %d\\n", pop());
              printf("Top now: %d\\n", stack[top]);
              return 0;
          }`),
        table(['Operation', 'Stack after (bottom to top)', 'Output'], [
          ['push(10), push(20), push(30)', '10 20 30', '-'],
          ['pop()', '10 20', 'Popped: 30'],
          ['peek', '10 20', 'Top now: 20'],
        ], { caption: 'Observation table' }),
        p('**Result:** The stack operations were implemented and verified, including the overflow and underflow messages.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
      [
        experiment(2, 'Infix to postfix conversion using a stack', '12/08/2024'),
        p('**Aim:** To convert a fully parenthesised or unparenthesised infix expression into postfix form.'),
        p('**Algorithm:** Scan the infix expression from left to right.'),
        ol(
          'If the symbol is an operand, append it to the output.',
          'If it is "(", push it onto the stack. If it is ")", pop and output until "(" is popped.',
          'If it is an operator, pop and output operators of higher or equal precedence (left-associative), then push it.',
          'At the end, pop and output all remaining operators.',
        ),
        table(['Symbol', 'Stack', 'Postfix so far'], [
          ['A', '', 'A'], ['+', '+', 'A'], ['B', '+', 'A B'], ['*', '+ *', 'A B'], ['(', '+ * (', 'A B'],
          ['C', '+ * (', 'A B C'], ['-', '+ * ( -', 'A B C'], ['D', '+ * ( -', 'A B C D'],
          [')', '+ *', 'A B C D -'], ['end', '', 'A B C D - * +'],
        ], { caption: 'Trace for A + B * (C - D)', widths: [1, 1.5, 2.5] }),
        p('**Sample output:** Enter infix: A+B*(C-D)   Postfix: ABCD-*+'),
        p('**Result:** The program converts infix expressions to postfix correctly for all test cases, including nested parentheses.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
      [
        experiment(3, 'Singly linked list: insertion, deletion and reversal', '26/08/2024'),
        p('**Aim:** To create a singly linked list and implement insertion at the beginning and end, deletion of a given key and in-place reversal.'),
        code('Program (reversal)', `
          struct node { int data; struct node *next; };

          struct node *reverse(struct node *head) {
              struct node *prev = NULL, *next;
              while (head != NULL) {
                  next = head->next;   /* remember the rest of the list */
                  head->next = prev;   /* turn the link around */
                  prev = head;
                  head = next;
              }
              return prev;             /* the old tail is the new head */
          }`),
        flow(['head\n10', '20', '30', 'NULL'], 'List before reversal; afterwards every arrow points the other way', { boxHeight: 32 }),
        table(['Test', 'Input list', 'Operation', 'Output list'], [
          ['1', '10 20 30', 'reverse', '30 20 10'],
          ['2', '5', 'reverse', '5'],
          ['3', '(empty)', 'reverse', '(empty)'],
          ['4', '10 20 30', 'delete 20', '10 30'],
        ], { caption: 'Observation table' }),
        p('**Result:** All linked-list operations work in O(1) (insert at head) or O(n) (insert at end, delete, reverse) time, as expected.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
];
