import { beam, figure, plot } from '../demo-diagrams.js';
import type { Shape } from '../demo-pdf-model.js';
import { box, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

// Traverse ABCD of the compass survey, in metres east and north of A (it closes exactly).
const STATIONS: [string, number, number][] = [['A', 0, 0], ['B', 85.6, 84.1], ['C', 172, 33.7], ['D', 101.3, -85]];

function traverseSketch(): Shape[] {
  const at = (e: number, n: number): [number, number] => [150 + e, 100 - n];
  const points = STATIONS.flatMap(([, e, n]) => at(e, n));
  const shapes: Shape[] = [
    { kind: 'path', points, closed: true, width: 1.1 },
    { kind: 'arrow', x1: 60, y1: 70, x2: 60, y2: 20 },
    { kind: 'text', x: 60, y: 14, text: 'N', size: 9, bold: true, align: 'center' },
  ];
  const lengths = ['120.0 m', '100.0 m', '138.2 m', '132.3 m'];
  STATIONS.forEach(([name, e, n], i) => {
    const [x, y] = at(e, n);
    const [, e2, n2] = STATIONS[(i + 1) % STATIONS.length]!;
    const [x2, y2] = at(e2, n2);
    shapes.push({ kind: 'circle', x, y, r: 2.5, shade: true });
    shapes.push({ kind: 'text', x: x + (x < 200 ? -8 : 8), y: y + 3, text: name, size: 9, bold: true, align: x < 200 ? 'right' : 'left' });
    shapes.push({ kind: 'text', x: (x + x2) / 2 + ((x + x2) / 2 < 230 ? -8 : 8), y: (y + y2) / 2, text: lengths[i]!, size: 7.5, align: (x + x2) / 2 < 230 ? 'right' : 'left' });
  });
  return shapes;
}

/** The three-phase block diagram of soil: air, water and solids with volumes and masses. */
function phaseDiagram(): Shape[] {
  const [x, w] = [170, 140];
  const parts: [string, number, number, string, string][] = [
    ['Air', 0, 26, 'Va', '0'],
    ['Water', 26, 38, 'Vw', 'Mw'],
    ['Solids', 64, 62, 'Vs', 'Ms'],
  ];
  const shapes: Shape[] = [];
  for (const [label, top, height, volume, mass] of parts) {
    shapes.push({ kind: 'box', x, y: top + 4, w, h: height, label, bold: true, shade: label !== 'Air' });
    shapes.push({ kind: 'text', x: x - 10, y: top + 4 + height / 2 + 3, text: volume, size: 8.5, align: 'right' });
    shapes.push({ kind: 'text', x: x + w + 10, y: top + 4 + height / 2 + 3, text: mass, size: 8.5 });
  }
  shapes.push({ kind: 'arrow', head: 'both', x1: x - 50, y1: 4, x2: x - 50, y2: 130, label: 'V' });
  shapes.push({ kind: 'arrow', head: 'both', x1: x + w + 50, y1: 30, x2: x + w + 50, y2: 130, label: 'M' });
  shapes.push({ kind: 'text', x: x - 30, y: 146, text: 'Volumes', size: 8, align: 'center' });
  shapes.push({ kind: 'text', x: x + w + 30, y: 146, text: 'Masses', size: 8, align: 'center' });
  return shapes;
}

/** Demo resources of Civil Engineering. */
export const CE: DemoEntry[] = [
  {
    branch: 'ce', semester: 3, subject: 'Surveying', resourceType: 'PRACTICAL', academicYear: '2024-25',
    originalName: 'Surveying field book - levelling and compass traverse.pdf', uploader: 'admin', downloads: 47,
    title: 'Surveying Lab (BCE-351): Levelling and Compass Traversing', preparedBy: 'Manpreet Kaur, Roll No. 23CE014', createdAt: '2024-11-05T17:40',
    pages: [
      [
        experiment(1, 'Fly levelling with a dumpy level (rise and fall method)', '27/08/2024'),
        p('**Aim:** To find the reduced levels of points A to G along the college road from the benchmark BM1 (RL 100.000 m) and to apply the arithmetic check.'),
        p('**Instruments:** Dumpy level with tripod, levelling staff (4 m, folding), arrows, ranging rods, field book.'),
        ol(
          'Set up and level the instrument (temporary adjustments: centring, levelling with foot screws, focusing).',
          'Take a back sight (BS) on BM1, then intermediate sights (IS) on the points, and a fore sight (FS) on a change point before shifting the instrument.',
          'Compute rise or fall from consecutive staff readings and carry the reduced levels forward.',
        ),
        table(
          ['Station', 'BS (m)', 'IS (m)', 'FS (m)', 'Rise (m)', 'Fall (m)', 'RL (m)', 'Remarks'],
          [
            ['BM1', '1.585', '', '', '', '', '100.000', 'Benchmark'],
            ['A', '', '1.220', '', '0.365', '', '100.365', ''],
            ['B', '', '0.985', '', '0.235', '', '100.600', ''],
            ['C', '2.025', '', '1.410', '', '0.425', '100.175', 'Change point 1'],
            ['D', '', '1.650', '', '0.375', '', '100.550', ''],
            ['E', '', '2.310', '', '', '0.660', '99.890', ''],
            ['F', '1.140', '', '2.765', '', '0.455', '99.435', 'Change point 2'],
            ['G', '', '', '0.875', '0.265', '', '99.700', 'Last point'],
            ['Sum', '4.750', '', '5.050', '1.240', '1.540', '', ''],
          ],
          { caption: 'Level book (rise and fall method)', widths: [0.9, 0.8, 0.8, 0.8, 0.8, 0.8, 1, 1.3] },
        ),
        box('Arithmetic check', 'Sum BS - Sum FS = 4.750 - 5.050 = -0.300; Sum rise - Sum fall = 1.240 - 1.540 = -0.300; last RL - first RL = 99.700 - 100.000 = -0.300. All three agree, so the reductions are correct.'),
        p('**Result:** The reduced levels are tabulated above; point G is 0.300 m below the benchmark.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(2, 'Closed compass traverse and correction for local attraction', '10/09/2024'),
        p('**Aim:** To run a closed traverse ABCD with a prismatic compass, detect local attraction and compute the corrected bearings and included angles.'),
        p('**Instruments:** Prismatic compass with tripod, 30 m metric chain, arrows, ranging rods, tape.'),
        table(
          ['Line', 'Length (m)', 'Observed FB', 'Observed BB', 'FB - BB', 'Remarks'],
          [
            ['AB', '120.0', '45 deg 30\'', '225 deg 30\'', '180 deg 00\'', 'A and B free from local attraction'],
            ['BC', '100.0', '120 deg 15\'', '300 deg 15\'', '180 deg 00\'', 'B and C free'],
            ['CD', '138.2', '210 deg 45\'', '30 deg 15\'', '179 deg 30\'', 'D affected'],
            ['DA', '132.3', '309 deg 30\'', '130 deg 00\'', '179 deg 30\'', 'D affected'],
          ],
          { caption: 'Field observations', widths: [0.6, 0.9, 1.1, 1.1, 1.1, 2.4] },
        ),
        p('**Correction:** Since A, B and C are free, the FB of CD (observed at C) is correct, so the true BB of CD is 210 deg 45\' - 180 deg = 30 deg 45\'. The bearing observed at D was 30 deg 15\', so every bearing taken at D needs a correction of +30\'. The corrected FB of DA is therefore 310 deg 00\', which agrees with the BB 130 deg 00\' observed at A.'),
        table(
          ['Station', 'Included angle', 'Computed from'],
          [['A', '84 deg 30\'', 'BB of DA - FB of AB = 130 deg 00\' - 45 deg 30\''], ['B', '105 deg 15\'', 'BB of AB - FB of BC'], ['C', '89 deg 30\'', 'BB of BC - FB of CD'], ['D', '80 deg 45\'', '360 deg + BB of CD - FB of DA'], ['Sum', '360 deg 00\'', 'Check: (2n - 4) x 90 deg = 360 deg for n = 4']],
          { widths: [0.8, 1.2, 3.5] },
        ),
      ],
      [
        figure(196, traverseSketch(), 'Fig. 1: Sketch of the traverse plotted from the corrected bearings (scale 1 : 2000); the closing error is negligible'),
        h2('Precautions'),
        ul(
          'Keep iron objects (keys, chains, mobile phones) away from the compass; avoid stations near electric poles and vehicles.',
          'Read the bearing with the eye vertically above the prism; tap the box lightly so that the needle swings freely.',
          'Take forward and back bearings at every station; only their difference reveals local attraction.',
        ),
        p('**Result:** Local attraction of 30 minutes was found at station D and corrected. The corrected included angles add up to 360 degrees and the plotted traverse closes.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
  {
    branch: 'ce', semester: 5, subject: 'Geotechnical Engineering', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'Soil Mechanics Unit 1 - index properties, classification.pdf', uploader: 'admin', downloads: 61,
    title: 'Unit 1 - Index Properties and Classification of Soils', preparedBy: 'Dr. Nandini Rao, Dept. of CE', createdAt: '2023-08-21T10:25',
    pages: [
      [
        h('1.1 Soil as a Three-Phase System'),
        p('A soil mass consists of solid particles with voids between them, filled with water, air or both. For calculation the phases are drawn separately in a **phase diagram**; a dry soil has only air in its voids and a saturated soil only water.'),
        figure(152, phaseDiagram(), 'Fig. 1.1: Phase diagram (the mass of air is neglected)'),
        table(
          ['Property', 'Definition', 'Typical range'],
          [
            ['Void ratio e', 'Vv / Vs', '0.3 (dense sand) to 1.5+ (soft clay)'],
            ['Porosity n', 'Vv / V = e / (1 + e)', '0.25 to 0.6'],
            ['Water content w', 'Mw / Ms', '5 % (sand) to 100 %+ (clay)'],
            ['Degree of saturation S', 'Vw / Vv', '0 (dry) to 1 (saturated)'],
            ['Specific gravity G', 'density of solids / density of water', '2.65 to 2.80'],
          ],
          { widths: [1.4, 2.2, 2.2] },
        ),
        box('Key relations', 'S e = w G. Bulk unit weight gamma = (G + S e) gamma_w / (1 + e). Dry unit weight gamma_d = G gamma_w / (1 + e) = gamma / (1 + w). Saturated: gamma_sat = (G + e) gamma_w / (1 + e); submerged gamma\' = gamma_sat - gamma_w.'),
      ],
      [
        h2('Worked example'),
        p('A core-cutter sample of volume 1000 cm^3 has a mass of 1950 g and a water content of 15 percent; G = 2.70. Bulk density = 1.95 g/cm^3; dry density = 1.95 / 1.15 = 1.696 g/cm^3; e = G rho_w / rho_d - 1 = 2.70 / 1.696 - 1 = 0.592; n = 0.592 / 1.592 = 0.372; S = w G / e = 0.15 x 2.70 / 0.592 = 68.4 percent.'),
        h('1.2 Consistency Limits'),
        p('A fine-grained soil passes from the liquid to the plastic, semi-solid and solid states as it dries. The water contents at the boundaries are the **Atterberg limits**: liquid limit wL (Casagrande cup, 25 blows closing the groove over 13 mm), plastic limit wP (thread rolls to 3 mm before crumbling) and shrinkage limit wS.'),
        ul(
          'Plasticity index Ip = wL - wP; Ip < 7 low, 7-17 medium, > 17 high plasticity.',
          'Liquidity index IL = (w - wP) / Ip; consistency index Ic = (wL - w) / Ip, so IL + Ic = 1.',
          'Flow index If = slope of the flow curve (water content against log of blows); toughness index It = Ip / If.',
        ),
        plot(
          [(n) => 62.4 - 14.5 * Math.log10(n)],
          { x: [5, 60], y: [30, 60] },
          { x: 'number of blows N (log scale in the lab sheet)', y: 'w (%)', caption: 'Fig. 1.2: Flow curve; at 25 blows w = 42.1 percent, the liquid limit', marks: [[25, 42.13, 'wL = 42.1 %']] },
        ),
        h('1.3 Indian Standard Classification (IS 1498)'),
        p('Coarse-grained soils (more than half retained on the 75 micron sieve) are gravels G or sands S, further graded W (well) or P (poorly) using Cu = D60 / D10 and Cc = D30^2 / (D60 D10): a well-graded sand needs Cu > 6 and Cc between 1 and 3. Fine-grained soils are silts M, clays C or organic soils O, of low (L, wL < 35), intermediate (I, 35-50) or high (H, wL > 50) compressibility, read from the plasticity chart with the A-line Ip = 0.73 (wL - 20).'),
      ],
      [
        h('1.4 Permeability'),
        p('Darcy\'s law: for laminar flow through soil the discharge velocity is proportional to the hydraulic gradient, v = k i, so Q = k i A. The coefficient of permeability k ranges from 10^-2 m/s for clean gravel to below 10^-9 m/s for clay.'),
        table(
          ['Test', 'Suitable for', 'Formula'],
          [['Constant head', 'Coarse soils (k > 10^-5 m/s)', 'k = Q L / (A h t)'], ['Falling head', 'Fine soils', 'k = 2.303 (a L / (A t)) log10(h1 / h2)'], ['Pumping-out test', 'Field, in-situ', 'k = q ln(r2 / r1) / (pi (h2^2 - h1^2))']],
          { widths: [1.1, 1.6, 2.6] },
        ),
        h('1.5 Effective Stress'),
        box('Terzaghi\'s principle', 'Total stress = effective stress + pore water pressure: sigma = sigma\' + u. Only the effective stress controls the strength and the compression of a soil.'),
        p('**Example.** A 4 m thick sand layer (gamma_sat = 20 kN/m^3) lies below the water table at ground level. At its bottom: sigma = 4 x 20 = 80 kPa, u = 4 x 9.81 = 39.2 kPa and sigma\' = 40.8 kPa. If the water table drops by 2 m (gamma of the drained sand = 17 kN/m^3), sigma\' rises to 2 x 17 + 2 x (20 - 9.81) = 54.4 kPa, which is why lowering the water table causes settlement.'),
        h2('Questions'),
        ol(
          'Derive the relation S e = w G from the phase diagram.',
          'A soil has wL = 48 percent and wP = 26 percent. Classify it and find its consistency if the natural water content is 30 percent.',
          'Explain quick sand condition and derive the critical hydraulic gradient ic = (G - 1) / (1 + e).',
        ),
      ],
    ],
  },
  {
    branch: 'ce', semester: 5, subject: 'Structural Analysis', resourceType: 'PYQ', academicYear: '2022-23',
    originalName: 'Structural Analysis-I question paper Dec 2022.pdf', uploader: 'admin', downloads: 118,
    title: 'Structural Analysis I - December 2022', preparedBy: 'Office of the Controller of Examinations', createdAt: '2023-01-12T13:45',
    exam: paper('End Semester Examination, December 2022', 'BCE-501', 70, 'Attempt all questions of Section A, any three of Section B and any two of Section C.', 'EI is constant unless stated otherwise.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'Define static and kinematic indeterminacy. Find both for a propped cantilever.', 2],
          ['b', 'State Castigliano\'s first theorem.', 2],
          ['c', 'What is an influence line?', 2],
          ['d', 'State the Muller-Breslau principle.', 2],
          ['e', 'Define the carry-over factor and the distribution factor.', 2],
          ['f', 'What is the horizontal thrust in a three-hinged parabolic arch carrying a UDL w over span L with rise h?', 2],
          ['g', 'Why are the moment distribution and slope deflection methods called displacement methods?', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['Using the moment-area method, find the slope and deflection at the free end of a cantilever of length 3 m carrying a UDL of 10 kN/m over its whole length.', 10]),
        q(3, ['Draw the influence lines for the reaction at A, the shear and the bending moment at C for the beam shown, and find the maximum bending moment at C for a 40 kN point load rolling across the span.', 10]),
        beam([[0.4, '40 kN (moving)']], 'Figure for Q3: simply supported beam AB, span 10 m, section C at 4 m from A', { spans: ['4 m', '6 m'] }),
        q(4, ['A three-hinged parabolic arch of span 20 m and rise 4 m carries a UDL of 20 kN/m over the left half. Find the reactions and the bending moment at the quarter span.', 10]),
      ],
      [
        q(5, ['Analyse the propped cantilever of span 6 m with a central point load of 60 kN by the consistent deformation method, and draw the BM diagram.', 10]),
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Analyse the continuous beam ABC (AB = 6 m, BC = 4 m, A fixed, C simply supported) carrying a UDL of 20 kN/m on AB and a 50 kN point load at the centre of BC using the moment distribution method.', 10],
          ['b', 'Sketch the elastic curve.', 3],
        ),
        q(7,
          ['a', 'Derive the slope-deflection equations for a member with end moments and a support settlement.', 6],
          ['b', 'Analyse a portal frame fixed at both bases (columns 4 m, beam 6 m) with a horizontal load of 30 kN at the beam level.', 7],
        ),
        q(8,
          ['a', 'Find the forces in all members of a Pratt truss of 6 panels of 3 m, height 4 m, carrying 20 kN at each lower panel point, by the method of sections and joints.', 9],
          ['b', 'Using the unit load method, find the vertical deflection of the mid-span lower joint (AE is the same for all members).', 4],
        ),
        box('Note', 'Use of IS 456 and steel tables is not permitted. Draw the bending moment diagrams on the answer book to a suitable scale.'),
      ],
    ],
  },
];
