import { type DemoEntry, paper, q, section } from '../demo-kit.js';

/*
 * Earlier end-semester papers of CSE semester 3 Data Structures (BCS-301), so the question bank
 * shows repeats at once: with the December 2024 paper (cse-sem3.ts) some questions come back in
 * every year, word for word, reworded or with other numbers ("asked 4 times").
 */

const RULES = 'Section A is compulsory. Attempt any four questions from Section B and any two from Section C.';
const C_OR_PSEUDOCODE = 'Write algorithms in pseudocode or C; state the time complexity of every algorithm you write.';
const SECTION_A = section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (10 x 2 = 20)');
const SECTION_B = section('SECTION B', 'Attempt any four questions. Each question carries 6 marks. (4 x 6 = 24)');
const SECTION_C = section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)');

/** CSE semester 3 Data Structures papers of December 2021, 2022 and 2023. */
export const CSE_DS_PAPERS: DemoEntry[] = [
  {
    branch: 'cse', semester: 3, subject: 'Data Structures', resourceType: 'PYQ', academicYear: '2023-24',
    originalName: 'DS endsem Dec 2023 question paper.pdf', uploader: 'cr', downloads: 164,
    title: 'Question paper, December 2023', preparedBy: 'Office of the Controller of Examinations', createdAt: '2024-01-08T11:30',
    exam: paper('End Semester Examination, December 2023', 'BCS-301', 70, RULES, C_OR_PSEUDOCODE),
    pages: [
      [
        SECTION_A,
        q(1,
          ['a', 'What is a collision in hashing? Name two techniques to resolve it.', 2],
          ['b', 'Convert the infix expression A * (B + C) - D / E into postfix.', 2],
          ['c', 'What is a threaded binary tree? Why is it used?', 2],
          ['d', 'Give the best-case and worst-case time complexity of insertion sort.', 2],
          ['e', 'Write the condition for a circular queue of size n to be full.', 2],
          ['f', 'Define the degree and the height of a tree.', 2],
          ['g', 'What is the maximum number of nodes in a binary tree of height h?', 2],
          ['h', 'Differentiate between an array and a linked list.', 2],
          ['i', 'What is a priority queue?', 2],
          ['j', 'List two applications of a graph.', 2],
        ),
      ],
      [
        SECTION_B,
        q(2, ['Write a function in C to reverse a singly linked list in place. Trace it on the list 5 -> 15 -> 25 -> 35.', 6]),
        q(3, ['Sort the array 24, 9, 29, 14, 19, 27, 4 using quick sort with the first element as pivot. Show every partition step.', 6]),
        q(4, ['Insert the keys 19, 27, 36, 10, 64, 23 into a hash table of size 8 using linear probing. Count the collisions.', 6]),
        q(5, ['Write an algorithm to delete a node with a given key from a binary search tree. Explain all three cases.', 6]),
        q(6, ['Explain the array representation of a queue. Write functions for insertion and deletion.', 6]),
        q(7, ['Write algorithms for breadth-first and depth-first traversal of a graph.', 6]),
      ],
      [
        SECTION_C,
        q(8,
          ['a', 'Construct an AVL tree by inserting the keys 50, 20, 60, 10, 8, 15, 32, 46, 11, 48 in this order. Name every rotation you perform.', 8],
          ['b', 'What is the balance factor of a node? Give the balance factor of every node of your final tree.', 5],
        ),
        q(9,
          ['a', 'Insert the keys 5, 12, 18, 25, 31, 40, 47, 52 into an empty B-tree of order 3.', 8],
          ['b', 'Write an algorithm for heap sort and sort 4, 10, 3, 5, 1 using it.', 5],
        ),
        q(10,
          ['a', 'Explain Kruskal\'s algorithm and find the minimum spanning tree of a graph of your choice with six vertices.', 8],
          ['b', 'Compare the adjacency matrix and adjacency list representations of a graph.', 5],
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 3, subject: 'Data Structures', resourceType: 'PYQ', academicYear: '2022-23',
    originalName: 'DS_PYQ_Dec2022_endsem.pdf', uploader: 'cr', downloads: 126,
    title: 'Question paper, December 2022', preparedBy: 'Office of the Controller of Examinations', createdAt: '2023-01-10T10:15',
    exam: paper('End Semester Examination, December 2022', 'BCS-301', 70, RULES, C_OR_PSEUDOCODE),
    pages: [
      [
        SECTION_A,
        q(1,
          ['a', 'What is collision in hashing? Name any two collision resolution techniques.', 2],
          ['b', 'Convert the infix expression (A + B) * C - D / E into postfix.', 2],
          ['c', 'What is a threaded binary tree?', 2],
          ['d', 'Write the address formula of A[i][j] for an m x n array stored in row major order.', 2],
          ['e', 'State one application each of a stack and a priority queue.', 2],
          ['f', 'What is a sparse matrix?', 2],
          ['g', 'How many edges does a complete undirected graph on n vertices have?', 2],
          ['h', 'What is the worst-case time complexity of binary search?', 2],
          ['i', 'Define a strictly binary tree.', 2],
          ['j', 'What is a dequeue?', 2],
        ),
      ],
      [
        SECTION_B,
        q(2, ['Write a C function to reverse a singly linked list in place.', 6]),
        q(3, ['Evaluate the postfix expression 5 3 + 8 2 - * 4 / using a stack. Show the stack after every symbol.', 6]),
        q(4, ['Construct the binary tree whose inorder traversal is D B E A F C G and preorder traversal is A B D E C F G. Write its postorder traversal.', 6]),
        q(5, ['Write a C program to implement a stack using a singly linked list.', 6]),
        q(6, ['Sort the list 77, 33, 44, 11, 88, 22, 66, 55 using merge sort and show every merge.', 6]),
        q(7, ['Write an algorithm to insert a node at a given position of a doubly linked list.', 6]),
      ],
      [
        SECTION_C,
        q(8,
          ['a', 'Construct an AVL tree by inserting the keys 14, 17, 11, 7, 53, 4, 13, 12, 8 in this order. Name every rotation.', 8],
          ['b', 'Compare AVL trees and red-black trees with respect to height and the cost of rebalancing.', 5],
        ),
        q(9,
          ['a', 'Write Dijkstra\'s algorithm. Find the shortest paths from vertex S in a weighted graph of your choice with five vertices.', 9],
          ['b', 'Why does Dijkstra\'s algorithm fail when the graph has negative edge weights?', 4],
        ),
        q(10,
          ['a', 'What is a B-tree of order m? Insert the keys 8, 16, 24, 32, 40, 48, 56 into an empty B-tree of order 3.', 8],
          ['b', 'Explain hashing with chaining and give its average search cost.', 5],
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 3, subject: 'Data Structures', resourceType: 'PYQ', academicYear: '2021-22',
    originalName: 'Data Structures end sem December 2021.pdf', uploader: 'admin', downloads: 88,
    title: 'Question paper, December 2021', preparedBy: 'Office of the Controller of Examinations', createdAt: '2022-01-12T09:40',
    exam: paper('End Semester Examination, December 2021', 'BCS-301', 70, RULES, C_OR_PSEUDOCODE),
    pages: [
      [
        SECTION_A,
        q(1,
          ['a', 'What is a collision in hashing? Name two techniques to resolve it.', 2],
          ['b', 'Define an abstract data type. Give the ADT of a queue.', 2],
          ['c', 'Give the best case and worst case time complexity of insertion sort.', 2],
          ['d', 'What is the advantage of a circular queue over a linear queue implemented with an array?', 2],
          ['e', 'Differentiate between a complete binary tree and a full binary tree.', 2],
          ['f', 'What is a threaded binary tree?', 2],
          ['g', 'Define the in-degree and out-degree of a vertex.', 2],
          ['h', 'What is a header node of a linked list?', 2],
          ['i', 'Give two differences between recursion and iteration.', 2],
          ['j', 'What is a stable sorting algorithm?', 2],
        ),
      ],
      [
        SECTION_B,
        q(2, ['Write a C function to reverse a singly linked list in place. Trace it on the list 2 -> 4 -> 6 -> 8.', 6]),
        q(3, ['Convert the infix expression A + (B * C - (D / E ^ F) * G) * H into postfix using a stack. Show the stack after every symbol.', 6]),
        q(4, ['Insert the keys 12, 44, 13, 88, 23, 94, 11 into a hash table of size 11 using (i) linear probing, (ii) quadratic probing. Count the collisions in each case.', 6]),
        q(5, ['Sort the array 35, 33, 42, 10, 14, 19, 27, 44 using quick sort with the first element as pivot. Show every partition step.', 6]),
        q(6, ['Write the algorithm of binary search and find its time complexity.', 6]),
        q(7, ['Explain the representation of a polynomial using a linked list. Write an algorithm to add two polynomials.', 6]),
      ],
      [
        SECTION_C,
        q(8,
          ['a', 'Construct an AVL tree by inserting the keys 21, 26, 30, 9, 4, 14, 28, 18, 15 in this order. Name every rotation you perform.', 8],
          ['b', 'Explain the deletion of a node from an AVL tree with an example.', 5],
        ),
        q(9,
          ['a', 'Insert the keys 10, 20, 30, 40, 50, 60, 70, 80 into an empty B-tree of order 3.', 8],
          ['b', 'Build a max heap from the keys 12, 11, 13, 5, 6, 7.', 5],
        ),
        q(10,
          ['a', 'Explain Prim\'s algorithm for the minimum spanning tree with an example.', 8],
          ['b', 'Write the algorithm of depth-first search of a graph.', 5],
        ),
      ],
    ],
  },
];
