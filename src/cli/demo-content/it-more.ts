import { flow, graph, sequence } from '../demo-diagrams.js';
import { box, code, type DemoEntry, experiment, h, h2, ol, p, signature, table, ul } from '../demo-kit.js';

/** Demo resources of IT: Python, networks lab, artificial intelligence and blockchain. */
export const IT_MORE: DemoEntry[] = [
  {
    branch: 'it', semester: 2, subject: 'Programming', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'Python Programming notes - lists, dicts, functions.pdf', uploader: 'admin', downloads: 118,
    title: 'Python Programming - Data Types, Collections and Functions', preparedBy: 'Ms. Pooja Bansal, Dept. of IT', createdAt: '2025-02-17T13:15',
    pages: [
      [
        h('1. Getting Started'),
        p('Python is an interpreted, dynamically typed, high-level language. Indentation (four spaces by convention) marks blocks instead of braces. A variable is a name bound to an object; the object has the type, not the variable, so the same name can later refer to an object of another type.'),
        table(
          ['Type', 'Example', 'Mutable?', 'Notes'],
          [
            ['int', '42, -7, 10**100', 'No', 'Arbitrary precision'],
            ['float', '3.14, 1e-9', 'No', 'IEEE 754 double; 0.1 + 0.2 != 0.3'],
            ['str', "'IT', \"sem 2\"", 'No', 'Unicode text; slicing s[1:4]'],
            ['list', '[3, 1, 2]', 'Yes', 'Ordered, allows duplicates'],
            ['tuple', '(3, 1, 2)', 'No', 'Can be a dictionary key'],
            ['set', '{1, 2, 3}', 'Yes', 'Unordered, no duplicates'],
            ['dict', "{'roll': 12, 'cgpa': 8.7}", 'Yes', 'Key-value pairs, insertion ordered'],
          ],
          { widths: [0.7, 1.8, 0.8, 2.2] },
        ),
        code('Listing 1: Input, conditions and loops', `
          n = int(input("How many marks? "))
          marks = [int(input(f"Mark {i + 1}: ")) for i in range(n)]
          average = sum(marks) / n
          if average >= 75:
              grade = "Distinction"
          elif average >= 60:
              grade = "First class"
          else:
              grade = "Pass" if average >= 40 else "Fail"
          print(f"Average {average:.2f}: {grade}")`),
        p('**Integer and float division.** 7 / 2 is 3.5, 7 // 2 is 3 and 7 % 2 is 1; for negative numbers // rounds down, so -7 // 2 is -4.'),
      ],
      [
        h('2. Lists and Dictionaries'),
        p('A list stores references to objects in a dynamic array: indexing and appending are O(1), inserting at the front is O(n). Slicing returns a new list; assignment never copies, so b = a makes both names refer to the same list.'),
        code('Listing 2: Common list and dictionary operations', `
          nums = [5, 3, 8, 1]
          nums.append(7)            # [5, 3, 8, 1, 7]
          nums.sort()               # in place: [1, 3, 5, 7, 8]
          top = sorted(nums, reverse=True)[:3]      # new list [8, 7, 5]
          squares = [x * x for x in nums if x % 2]  # [1, 9, 25, 49]

          marks = {"Aman": 78, "Riya": 91}
          marks["Kabir"] = 66                  # add a key
          for name, m in marks.items():
              print(name, m)
          best = max(marks, key=marks.get)     # 'Riya'
          count = {}
          for word in "to be or not to be".split():
              count[word] = count.get(word, 0) + 1   # {'to': 2, 'be': 2, 'or': 1, 'not': 1}`),
        box('Shallow versus deep copy', 'list(a) and a.copy() copy only the outer list; nested lists are still shared. copy.deepcopy(a) copies the nested objects too.'),
        h2('Strings'),
        ul(
          'Strings are immutable: s.upper(), s.replace("a", "b") and s.strip() return new strings.',
          '"-".join(["2024", "25"]) gives "2024-25"; "a,b,c".split(",") gives ["a", "b", "c"].',
          'Slicing: s[::-1] reverses a string, so a palindrome check is s == s[::-1].',
        ),
      ],
      [
        h('3. Functions'),
        p('A function is defined with def and returns None unless it returns something else. Arguments are passed by object reference: a function can modify a mutable argument in place, but rebinding the parameter name has no effect outside.'),
        code('Listing 3: Default, keyword and variable arguments; recursion', `
          def simple_interest(p, r=7.5, t=1):
              return p * r * t / 100

          simple_interest(10000)             # 750.0
          simple_interest(10000, t=3)        # 2250.0

          def total(*values, **options):
              s = sum(values)
              return round(s, options.get("digits", 2))

          def gcd(a, b):
              return a if b == 0 else gcd(b, a % b)

          print(total(1.234, 2.345, digits=1), gcd(84, 36))   # 3.6 12`),
        p('**Pitfall.** A mutable default is created once, when the function is defined: def add(x, items=[]) keeps growing the same list across calls. Use items=None and create the list inside the function.'),
        h2('Scope: the LEGB rule'),
        p('A name is looked up in the Local scope, then the Enclosing function, then Global (module) scope, and finally Built-ins. Assigning to a global variable inside a function needs the global statement; assigning to a variable of an enclosing function needs nonlocal.'),
        h2('Exercises'),
        ol(
          'Write a function that returns the second largest element of a list without sorting it.',
          'Count the vowels in a string using a dictionary.',
          'Write a recursive function for the sum of the digits of a number.',
          'Given a list of (name, marks) tuples, print the names sorted by marks, highest first.',
        ),
      ],
    ],
  },
  {
    branch: 'it', semester: 5, subject: 'Computer Networks', resourceType: 'PRACTICAL', academicYear: '2023-24',
    originalName: 'CN Lab file (Packet Tracer + socket programs).pdf', uploader: 'admin', downloads: 81,
    title: 'Computer Networks Lab (BIT-551)', preparedBy: 'Nikhil Rawat, Roll No. 21IT044', createdAt: '2023-11-02T18:20',
    pages: [
      [
        experiment(1, 'Study of network commands', '04/08/2023'),
        p('**Aim:** To use the basic network utilities of the operating system and interpret their output.'),
        table(['Command', 'Purpose', 'Observation in the lab'], [
          ['ipconfig /all (ifconfig, ip addr)', 'Show IP, subnet mask, gateway and MAC of each interface', '172.16.4.37/22, gateway 172.16.4.1'],
          ['ping google.com', 'Test reachability and round-trip time using ICMP echo', '4 sent, 4 received, average 21 ms'],
          ['tracert / traceroute', 'List the routers on the path using increasing TTL', '11 hops to the server'],
          ['nslookup example.com', 'Query DNS for the address of a host', 'A record 93.184.216.34'],
          ['netstat -an', 'List open connections and listening ports', 'Port 3306 listening (MySQL)'],
          ['arp -a', 'Show the IP-to-MAC address cache', '6 dynamic entries'],
        ], { widths: [1.6, 2.4, 1.8] }),
        p('**Result:** The commands were executed and the network configuration of the lab machine was recorded.'),
        signature('Signature of faculty'),
        experiment(2, 'LAN with a switch and a router in Cisco Packet Tracer', '18/08/2023'),
        p('**Aim:** To connect two LANs through a router, configure static IP addresses and verify connectivity.'),
        flow(['PC0, PC1\n192.168.1.0/24', 'Switch 2960', 'Router 1941\nG0/0 .1  G0/1 .1', 'Switch 2960', 'PC2, PC3\n192.168.2.0/24'], 'Fig. 1: Topology used in experiment 2', { boxHeight: 38 }),
      ],
      [
        code('Router configuration', `
          Router> enable
          Router# configure terminal
          Router(config)# interface g0/0
          Router(config-if)# ip address 192.168.1.1 255.255.255.0
          Router(config-if)# no shutdown
          Router(config-if)# interface g0/1
          Router(config-if)# ip address 192.168.2.1 255.255.255.0
          Router(config-if)# no shutdown
          Router(config-if)# end
          Router# show ip interface brief`),
        p('**Observation:** PC0 (192.168.1.10, gateway 192.168.1.1) pinged PC3 (192.168.2.11). The first request timed out while ARP resolved the gateway; the next three replies arrived with TTL 127, one less than 128 because the packet crossed one router.'),
        p('**Result:** Inter-LAN communication through the router was verified.'),
        signature('Signature of faculty'),
        experiment(3, 'TCP client-server program using sockets', '01/09/2023'),
        p('**Aim:** To write a TCP echo server and client in Python using the socket API.'),
        code('Server (server.py)', `
          import socket
          with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
              s.bind(("0.0.0.0", 5000))
              s.listen(1)
              conn, addr = s.accept()            # blocks until a client connects
              with conn:
                  data = conn.recv(1024)
                  conn.sendall(data.upper())     # echo back in capitals`),
      ],
      [
        code('Client (client.py)', `
          import socket
          with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as c:
              c.connect(("127.0.0.1", 5000))     # three-way handshake happens here
              c.sendall(b"hello from the client")
              print(c.recv(1024).decode())       # HELLO FROM THE CLIENT`),
        sequence(
          ['Client', 'Server'],
          [[0, 1, 'SYN (connect)'], [1, 0, 'SYN-ACK'], [0, 1, 'ACK (accept returns)'], [0, 1, 'data: hello from the client'], [1, 0, 'data: HELLO FROM THE CLIENT'], [0, 1, 'FIN (close)']],
          'Fig. 2: TCP segments exchanged by the echo programs, as seen in Wireshark',
        ),
        table(['Client', 'Server', 'TCP segments on the wire'], [
          ['socket()', 'socket(), bind(), listen()', '-'],
          ['connect()', 'accept() returns', 'SYN, SYN-ACK, ACK'],
          ['sendall()', 'recv()', 'data + ACK'],
          ['recv()', 'sendall()', 'data + ACK'],
          ['close()', 'close()', 'FIN, ACK, FIN, ACK'],
        ], { caption: 'Observation: calls and the segments seen in Wireshark (filter tcp.port == 5000)' }),
        box('Viva', 'Why must the server call bind() but the client need not? What happens if the server is started twice on the same port (error: address already in use)? How would the program change for UDP (SOCK_DGRAM, sendto, recvfrom, no connect)?'),
        p('**Result:** The client received its message in capitals; the handshake and the connection teardown were observed in Wireshark.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
  {
    branch: 'it', semester: 6, subject: 'AI', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'AI Unit 2 - Search (BFS, DFS, A star).pdf', uploader: 'admin', downloads: 102,
    title: 'Unit 2 - Problem Solving by Search', preparedBy: 'Dr. Farhan Qureshi, Dept. of IT', createdAt: '2025-01-28T10:50',
    pages: [
      [
        h('2.1 Problems as State Spaces'),
        p('A search problem is defined by an **initial state**, the **actions** available in each state, a **transition model** giving the result of an action, a **goal test** and a **path cost**. The states reachable from the initial state form the state space; a solution is a path from the initial state to a goal, and an optimal solution has the lowest path cost.'),
        p('For the 8-puzzle, a state is an arrangement of the eight tiles and the blank, the actions move the blank left, right, up or down, and each move costs 1. Its state space has 9!/2 = 181,440 reachable states.'),
        h('2.2 Uninformed Search'),
        table(
          ['Strategy', 'Frontier', 'Complete?', 'Optimal?', 'Time', 'Space'],
          [
            ['Breadth-first', 'FIFO queue', 'Yes', 'Yes (unit costs)', 'O(b^d)', 'O(b^d)'],
            ['Uniform-cost', 'Priority queue on g(n)', 'Yes', 'Yes', 'O(b^(1+C*/e))', 'O(b^(1+C*/e))'],
            ['Depth-first', 'LIFO stack', 'No (infinite paths)', 'No', 'O(b^m)', 'O(bm)'],
            ['Iterative deepening', 'Stack, depth limit 0, 1, 2, ...', 'Yes', 'Yes (unit costs)', 'O(b^d)', 'O(bd)'],
          ],
          { widths: [1.2, 1.6, 1, 1, 1, 1], caption: 'b = branching factor, d = depth of the shallowest goal, m = maximum depth' },
        ),
        p('Iterative deepening looks wasteful because it regenerates the upper levels, but with b = 10 and d = 5 it generates only 11 percent more nodes than BFS while needing memory only proportional to the depth - it is the preferred uninformed method when the depth of the solution is unknown.'),
      ],
      [
        h('2.3 Informed (Heuristic) Search'),
        p('A heuristic h(n) estimates the cost from n to the nearest goal. **Greedy best-first** search expands the node with the smallest h(n); it is fast but neither complete nor optimal. **A*** expands the node with the smallest f(n) = g(n) + h(n), where g(n) is the cost so far.'),
        box('Optimality of A*', 'A* tree search is optimal if h is admissible (never overestimates the true cost). A* graph search is optimal if h is consistent: h(n) <= c(n, n\') + h(n\') for every successor n\'. Consistency implies admissibility.'),
        graph(
          { S: [40, 70], A: [160, 25], B: [160, 115], C: [300, 25], D: [300, 115], G: [430, 70] },
          [['S', 'A', '1'], ['S', 'B', '4'], ['A', 'B', '2'], ['A', 'C', '5'], ['B', 'D', '3'], ['C', 'G', '3'], ['D', 'G', '4']],
          'Fig. 2.1: Edge costs; heuristic h: S 7, A 6, B 4, C 3, D 3, G 0',
          { height: 140 },
        ),
        table(
          ['Step', 'Expand', 'Frontier after expansion (f = g + h)'],
          [
            ['1', 'S (f = 7)', 'A: 1 + 6 = 7, B: 4 + 4 = 8'],
            ['2', 'A (f = 7)', 'B: 3 + 4 = 7 (better path via A), C: 6 + 3 = 9'],
            ['3', 'B (f = 7)', 'D: 6 + 3 = 9, C: 9'],
            ['4', 'C (f = 9)', 'D: 9, G: 9 + 0 = 9'],
            ['5', 'D (f = 9)', 'G: 9 (path via D costs 10, not better)'],
            ['6', 'G (f = 9)', 'Goal reached: S - A - C - G, cost 9'],
          ],
          { widths: [0.5, 1, 3.5] },
        ),
      ],
      [
        h('2.4 Designing Heuristics'),
        p('For the 8-puzzle, h1 = number of misplaced tiles and h2 = sum of the Manhattan distances of the tiles from their goal squares are both admissible, and h2 >= h1 for every state (h2 **dominates** h1), so A* with h2 never expands more nodes. Both come from **relaxed problems**: h1 is the exact cost if a tile could jump anywhere, h2 if tiles could slide over each other.'),
        code('Listing 2.1: A* in Python with a priority queue', `
          import heapq

          def a_star(start, goal, neighbours, h):
              frontier = [(h(start), 0, start, [start])]
              best_g = {start: 0}
              while frontier:
                  f, g, node, path = heapq.heappop(frontier)
                  if node == goal:
                      return path, g
                  for nxt, cost in neighbours(node):
                      g2 = g + cost
                      if g2 < best_g.get(nxt, float("inf")):
                          best_g[nxt] = g2
                          heapq.heappush(frontier, (g2 + h(nxt), g2, nxt, path + [nxt]))
              return None, float("inf")`),
        h2('Local search'),
        ul(
          '**Hill climbing** moves to the best neighbour; it stops at local maxima, ridges and plateaus. Random restarts help.',
          '**Simulated annealing** sometimes accepts a worse move, with probability e^(-delta/T), and lowers the temperature T gradually.',
          '**Genetic algorithms** keep a population and create new states by selection, crossover and mutation.',
        ),
        p('**Exam question (2023):** Show that A* with an inconsistent but admissible heuristic may expand a node twice in graph search, and explain how to handle it.'),
      ],
    ],
  },
];
