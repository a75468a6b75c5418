import { flow, plot, stack } from '../demo-diagrams.js';
import { box, code, type DemoEntry, h, h2, ol, p, paper, q, section, table, ul } from '../demo-kit.js';

/** Demo resources of IT: first-year science, big data and blockchain. */
export const IT_DATA: DemoEntry[] = [
  {
    branch: 'it', semester: 7, subject: 'Big Data', resourceType: 'NOTES', academicYear: '2022-23',
    originalName: 'Big Data Analytics - Hadoop, HDFS, MapReduce.pdf', uploader: 'admin', downloads: 57,
    title: 'Unit 2 - Hadoop, HDFS and MapReduce', preparedBy: 'Dr. Suresh Menon, Dept. of IT', createdAt: '2022-08-30T15:00',
    pages: [
      [
        h('2.1 The Five Vs of Big Data'),
        p('Data is "big" when it cannot be stored or processed in reasonable time by a single conventional machine. It is usually characterised by **volume** (terabytes to petabytes), **velocity** (data arriving continuously, such as click streams and sensor readings), **variety** (structured tables, JSON logs, images, text), **veracity** (uncertain quality) and **value** (the insight worth extracting).'),
        p('Hadoop, created by Doug Cutting and Mike Cafarella after Google\'s GFS (2003) and MapReduce (2004) papers, stores and processes such data on clusters of commodity machines. It moves computation to the data instead of moving data to the computation, and it assumes that machines fail routinely.'),
        stack(
          ['Hive (SQL), Pig (scripts), HBase (NoSQL), Spark', 'MapReduce: batch processing model', 'YARN: cluster resource management', 'HDFS: distributed, replicated file system'],
          'Fig. 2.1: The Hadoop 2 ecosystem in layers',
          ['tools', 'processing', 'scheduling', 'storage'],
        ),
        h('2.2 HDFS'),
        ul(
          'Files are split into large blocks (128 MB by default) and each block is replicated on three DataNodes; the rack-aware policy puts two replicas on one rack and one on another.',
          'The **NameNode** keeps the namespace and the block-to-DataNode map in memory; DataNodes send heartbeats every 3 seconds and block reports periodically.',
          'HDFS is write-once, read-many: files can be appended to but not updated in place, which keeps replication simple.',
        ),
        box('Numerical', 'A 1 GB file with a 128 MB block size occupies 8 blocks; with replication factor 3 it uses 24 block replicas, i.e. 3 GB of raw disk. A 129 MB file uses two blocks, but the second block occupies only 1 MB on disk.'),
      ],
      [
        h('2.3 MapReduce'),
        p('A MapReduce job consists of a **map** function that turns each input record into intermediate key-value pairs, and a **reduce** function that receives every value of one key and aggregates them. Between them the framework **shuffles and sorts**: it partitions map output by key (hash(key) mod number of reducers), copies it to the reducers and sorts it.'),
        flow(['Input splits', 'Map\n(word, 1)', 'Combine\n(local sum)', 'Shuffle and\nsort by key', 'Reduce\n(word, total)'], 'Fig. 2.2: Data flow of the word-count job'),
        code('Listing 2.1: Word count mapper and reducer for Hadoop Streaming (Python)', `
          # mapper.py: emit "word<TAB>1" for every word
          import sys
          for line in sys.stdin:
              for word in line.lower().split():
                  print(f"{word}\\t1")

          # reducer.py: input arrives sorted by word
          import sys
          current, total = None, 0
          for line in sys.stdin:
              word, count = line.rstrip("\\n").split("\\t")
              if word != current:
                  if current is not None:
                      print(f"{current}\\t{total}")
                  current, total = word, 0
              total += int(count)
          if current is not None:
              print(f"{current}\\t{total}")`),
        p('A **combiner** runs the reduce logic on each mapper\'s output before the shuffle; for word count it cuts network traffic dramatically. It may only be used when the operation is commutative and associative (sum and max are; average is not, unless sums and counts are carried together).'),
      ],
      [
        h('2.4 YARN and Spark'),
        p('YARN separates resource management from processing: the **ResourceManager** allocates containers on NodeManagers, and each application has its own ApplicationMaster that negotiates containers and monitors its tasks. This lets MapReduce, Spark and other engines share one cluster.'),
        p('Apache Spark keeps intermediate data in memory as resilient distributed datasets (RDDs) or DataFrames instead of writing it to HDFS after every step, so iterative algorithms such as machine learning and graph processing run up to 100 times faster than chained MapReduce jobs. Transformations (map, filter, join) are lazy; actions (count, collect, save) trigger execution of the whole lineage graph.'),
        table(
          ['', 'MapReduce', 'Spark'],
          [
            ['Intermediate data', 'Written to disk', 'Kept in memory where possible'],
            ['Programming model', 'Map and reduce only', 'Rich operators, SQL, streaming, MLlib'],
            ['Fault tolerance', 'Re-run failed tasks from disk', 'Recompute lost partitions from lineage'],
            ['Best for', 'Very large one-pass batch jobs', 'Iterative and interactive analytics'],
          ],
          { widths: [1.2, 2, 2.3] },
        ),
        h2('Questions'),
        ol(
          'Why does HDFS use a large block size? What problem does a very small file create?',
          'Explain what happens when a DataNode fails during a write.',
          'Write the map and reduce functions to find the maximum temperature per year from weather records.',
          'Compare the CAP properties of HBase and Cassandra.',
        ),
      ],
    ],
  },
  {
    branch: 'it', semester: 8, subject: 'Blockchain', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'Blockchain basics - hashing, PoW, smart contracts.pdf', uploader: 'admin', downloads: 43,
    title: 'Blockchain Fundamentals', preparedBy: 'Prof. Tanvi Arora, Dept. of IT', createdAt: '2024-01-22T19:05',
    pages: [
      [
        h('1. What is a Blockchain?'),
        p('A blockchain is an append-only ledger replicated on many nodes that do not trust one another. Transactions are grouped into blocks; each block header contains the cryptographic hash of the previous block, so changing any old transaction changes that block\'s hash and breaks every link after it.'),
        flow(['Block 101\nprev: 7a3f...\nroot: c91e...', 'Block 102\nprev: 0d5b...\nroot: 44af...', 'Block 103\nprev: e812...\nroot: 9b07...', 'Block 104\nprev: 31cc...\nroot: 5f6a...'], 'Fig. 1: Each block stores the hash of its predecessor and the Merkle root of its transactions', { boxHeight: 52 }),
        h2('Building blocks'),
        ul(
          '**Cryptographic hash** (SHA-256 in Bitcoin): deterministic, fast, pre-image resistant and collision resistant; a one-bit change in the input changes about half of the output bits.',
          '**Merkle tree**: transactions are hashed in pairs up to a single root, so a light client can verify that a transaction is in a block with only log2(n) hashes.',
          '**Digital signatures** (ECDSA on secp256k1): only the owner of the private key can spend from an address, and anyone can verify it.',
        ),
        h2('Consensus'),
        p('In **proof of work** a miner searches for a nonce such that SHA-256(SHA-256(header)) is below the target; Bitcoin adjusts the difficulty every 2016 blocks to keep the average block time at 10 minutes. An attacker would need more than half of the total hash power to rewrite history. **Proof of stake** (Ethereum since September 2022) selects validators in proportion to the cryptocurrency they lock as stake and punishes misbehaviour by slashing it, using far less energy.'),
      ],
      [
        h('2. Types of Blockchain'),
        table(
          ['Type', 'Who can join', 'Consensus', 'Example'],
          [['Public (permissionless)', 'Anyone', 'PoW, PoS', 'Bitcoin, Ethereum'], ['Private', 'One organisation', 'Raft, PBFT', 'Internal audit ledger'], ['Consortium', 'Approved members', 'PBFT, IBFT', 'Hyperledger Fabric for trade finance']],
          { widths: [1.4, 1.3, 1, 2] },
        ),
        h('3. Smart Contracts'),
        p('A smart contract is a program stored on the blockchain and executed by every node; its result becomes part of the ledger. Ethereum contracts are written mostly in Solidity and run on the Ethereum Virtual Machine, and every instruction costs **gas**, paid by the caller, which prevents infinite loops.'),
        code('Listing 1: A minimal Solidity contract that stores marks', `
          // SPDX-License-Identifier: MIT
          pragma solidity ^0.8.20;

          contract MarkSheet {
              address public teacher = msg.sender;
              mapping(string => uint8) public marks;    // roll number => marks

              function setMarks(string calldata roll, uint8 value) external {
                  require(msg.sender == teacher, "only the teacher");
                  require(value <= 100, "marks out of range");
                  marks[roll] = value;
              }
          }`),
        box('Limitations to mention in the exam', 'Low throughput (Bitcoin about 7 transactions per second), high energy use of PoW, irreversibility of mistakes, the oracle problem (contracts cannot see off-chain data by themselves) and regulatory uncertainty.'),
      ],
    ],
  },
  {
    branch: 'it', semester: 1, subject: 'Physics', resourceType: 'PYQ', academicYear: '2023-24',
    originalName: 'Engg Physics PYQ Dec 2023.pdf', uploader: 'cr', downloads: 176,
    title: 'Engineering Physics - December 2023', preparedBy: 'Office of the Controller of Examinations', createdAt: '2024-01-10T08:55',
    exam: paper('End Semester Examination, December 2023', 'BPH-101', 70, 'Attempt all questions of Section A, any three of Section B and any two of Section C.', 'Physical constants: h = 6.63 x 10^-34 J s, c = 3 x 10^8 m/s, e = 1.6 x 10^-19 C, m_e = 9.1 x 10^-31 kg.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'State the de Broglie hypothesis and find the wavelength of an electron accelerated through 100 V.', 2],
          ['b', 'What are the conditions for sustained interference of light?', 2],
          ['c', 'Define numerical aperture of an optical fibre.', 2],
          ['d', 'Why is a ruby laser called a three-level laser?', 2],
          ['e', 'State the Heisenberg uncertainty principle.', 2],
          ['f', 'What is the Meissner effect?', 2],
          ['g', 'Distinguish between type I and type II superconductors.', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['Derive the time-independent Schrodinger wave equation. Find the energy eigenvalues of a particle in a one-dimensional box of width L.', 10]),
        q(3, ['Explain the formation of Newton\'s rings in reflected light. Show that the diameters of dark rings are proportional to the square roots of natural numbers.', 10]),
        q(4, ['Explain the construction and working of a He-Ne laser with an energy level diagram.', 10]),
        q(5, ['An optical fibre has core index 1.48 and cladding index 1.45. Find the numerical aperture, the acceptance angle and the critical angle.', 10]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Explain Fraunhofer diffraction at a single slit and derive the positions of the minima.', 8],
          ['b', 'Light of wavelength 600 nm falls on a slit of width 0.1 mm. Find the angular width of the central maximum.', 5],
        ),
        q(7,
          ['a', 'What is a diffraction grating? Derive the grating equation (a + b) sin(theta) = n lambda.', 7],
          ['b', 'Find the maximum order visible with a grating of 5000 lines per cm for light of 589 nm.', 6],
        ),
        q(8,
          ['a', 'Explain the band theory of solids and classify materials into conductors, semiconductors and insulators.', 7],
          ['b', 'The intensity of light in the single-slit pattern is shown below. Label the central maximum and the first minima.', 6],
        ),
        plot(
          [(x) => (x === 0 ? 1 : (Math.sin(x) / x) ** 2)],
          { x: [-10, 10], y: [0, 1.1] },
          { x: 'phase (beta)', y: 'I / I0', caption: 'Figure for Q8(b): I = I0 (sin beta / beta)^2', ticks: false },
        ),
      ],
    ],
  },
  {
    branch: 'it', semester: 2, subject: 'Chemistry', resourceType: 'NOTES', academicYear: '2022-23',
    originalName: 'Chemistry - Water Technology notes.pdf', uploader: 'admin', downloads: 12,
    title: 'Unit 1 - Water Technology', preparedBy: 'Dr. Lata Pillai, Dept. of Chemistry', createdAt: '2023-02-06T11:35',
    pages: [
      [
        h('1.1 Hardness of Water'),
        p('Hardness is the soap-consuming capacity of water, caused by dissolved salts of calcium and magnesium. **Temporary hardness** is due to bicarbonates and is removed by boiling: Ca(HCO3)2 -> CaCO3 + H2O + CO2. **Permanent hardness** is due to chlorides and sulphates of Ca and Mg and is not removed by boiling.'),
        box('Expressing hardness', 'Hardness is expressed as the equivalent amount of CaCO3 (molar mass 100). Hardness in ppm = (mass of salt in mg/L) x 100 / (molar mass of salt), for salts of divalent ions. 1 ppm = 1 mg/L = 0.1 degree French = 0.07 degree Clarke.'),
        table(
          ['Salt', 'Amount (mg/L)', 'Molar mass', 'Multiplication factor', 'CaCO3 equivalent (ppm)'],
          [['Ca(HCO3)2', '16.2', '162', '100/162', '10'], ['Mg(HCO3)2', '14.6', '146', '100/146', '10'], ['CaSO4', '13.6', '136', '100/136', '10'], ['MgCl2', '9.5', '95', '100/95', '10']],
          { caption: 'Worked example: temporary hardness = 10 + 10 = 20 ppm; permanent = 10 + 10 = 20 ppm; total = 40 ppm' },
        ),
        h('1.2 EDTA Titration'),
        p('Hardness is estimated by titrating the water sample with standard EDTA at pH 10 (NH4Cl-NH4OH buffer) using Eriochrome Black T as indicator. The wine-red Ca/Mg-EBT complex turns blue at the end point, when EDTA has taken all the metal ions from the indicator.'),
        ol(
          'Standardise EDTA against standard hard water containing 1 mg CaCO3 per mL.',
          'Titrate 50 mL of the sample: the volume used gives total hardness.',
          'Boil 250 mL of the sample, filter and make up to 250 mL; titrate 50 mL for permanent hardness.',
          'Temporary hardness = total - permanent.',
        ),
      ],
      [
        h('1.3 Softening Methods'),
        ul(
          '**Lime-soda process**: lime Ca(OH)2 and soda Na2CO3 precipitate the hardness as CaCO3 and Mg(OH)2. Lime required = 74/100 x (temp Ca + 2 x temp Mg + perm Mg + ...) in CaCO3 equivalents.',
          '**Zeolite (permutit) process**: Na2Ze + Ca2+ -> CaZe + 2 Na+; the exhausted zeolite is regenerated with 10 percent brine. It gives water of 10 ppm hardness but leaves sodium salts.',
          '**Ion exchange (demineralisation)**: a cation exchanger (R-H) followed by an anion exchanger (R-OH) removes all ions, giving water of conductivity below 1 microsiemens per cm - used for high-pressure boilers.',
          '**Reverse osmosis**: pressure above the osmotic pressure (15-40 kg/cm2) forces water through a semi-permeable membrane, leaving salts behind; used for desalination of sea water.',
        ),
        h('1.4 Boiler Troubles'),
        table(
          ['Problem', 'Cause', 'Prevention'],
          [
            ['Scale and sludge', 'CaSO4, Mg(OH)2 and CaCO3 deposit on the boiler walls', 'Softening; internal treatment with phosphate (conditioning)'],
            ['Priming and foaming', 'Dissolved salts, oil, high water level', 'Anti-foaming agents, controlled water level'],
            ['Caustic embrittlement', 'NaOH concentrating in cracks', 'Sodium sulphate or tannin; use Na3PO4 instead of Na2CO3'],
            ['Boiler corrosion', 'Dissolved O2, CO2 and acids', 'Deaeration, Na2SO3 or hydrazine to remove O2'],
          ],
          { widths: [1.2, 2, 2.3] },
        ),
        p('**Remember:** scale is hard and adherent and lowers heat transfer, so more fuel is needed and the boiler plates may overheat; sludge is soft and loose and can be removed by blow-down.'),
      ],
    ],
  },
];
