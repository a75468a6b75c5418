import { beam, figure, plot } from '../demo-diagrams.js';
import type { Shape } from '../demo-pdf-model.js';
import { box, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

/** P-V diagram of the air-standard Otto cycle for r = 8 and a peak pressure of 40 bar. */
function ottoDiagram(): Shape[] {
  const x = (v: number) => 70 + v * 300;
  const y = (pressure: number) => 176 - pressure * 4;
  const adiabat = (p1: number): number[] => {
    const points: number[] = [];
    for (let i = 0; i <= 40; i++) {
      const v = 0.125 + (0.875 * i) / 40;
      points.push(x(v), y(p1 * v ** -1.4));
    }
    return points;
  };
  const p4 = 40 / 8 ** 1.4;
  return [
    { kind: 'arrow', x1: x(0), y1: y(0), x2: x(1.2), y2: y(0) },
    { kind: 'arrow', x1: x(0), y1: y(0), x2: x(0), y2: 6 },
    { kind: 'text', x: x(1.2) + 4, y: y(0) + 3, text: 'V', size: 9, bold: true },
    { kind: 'text', x: x(0) - 6, y: 12, text: 'P (bar)', size: 8.5, align: 'right' },
    { kind: 'path', points: adiabat(1), width: 1.2 },
    { kind: 'path', points: adiabat(p4), width: 1.2 },
    { kind: 'path', points: [x(0.125), y(8 ** 1.4), x(0.125), y(40)], width: 1.2 },
    { kind: 'path', points: [x(1), y(p4), x(1), y(1)], width: 1.2 },
    { kind: 'text', x: x(1) + 6, y: y(1) + 9, text: '1', size: 9, bold: true },
    { kind: 'text', x: x(0.125) - 6, y: y(8 ** 1.4) + 3, text: '2', size: 9, bold: true, align: 'right' },
    { kind: 'text', x: x(0.125) - 6, y: y(40) + 3, text: '3', size: 9, bold: true, align: 'right' },
    { kind: 'text', x: x(1) - 4, y: y(p4) - 5, text: '4', size: 9, bold: true, align: 'right' },
    { kind: 'arrow', x1: x(0.125) + 40, y1: y(30), x2: x(0.125) + 4, y2: y(30), label: 'Qin' },
    { kind: 'arrow', x1: x(1) + 4, y1: y(1.6) - 2, x2: x(1) + 44, y2: y(1.6) - 2, label: 'Qout' },
    { kind: 'text', x: x(0.125), y: y(0) + 12, text: 'TDC', size: 7.5, align: 'center' },
    { kind: 'text', x: x(1), y: y(0) + 12, text: 'BDC', size: 7.5, align: 'center' },
  ];
}

/** Demo resources of Mechanical Engineering. */
export const ME: DemoEntry[] = [
  {
    branch: 'me', semester: 3, subject: 'Thermodynamics', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'Engineering Thermodynamics - laws and cycles (notes).pdf', uploader: 'admin', downloads: 92,
    title: 'Laws of Thermodynamics and Air-Standard Cycles', preparedBy: 'Prof. Ajay Kulkarni, Dept. of ME', createdAt: '2024-10-07T12:30',
    pages: [
      [
        h('1. Basic Concepts'),
        p('A **system** is the quantity of matter or the region of space chosen for study; everything outside is the surroundings, separated by a real or imaginary boundary. A **closed system** (control mass) exchanges energy but not mass, an **open system** (control volume) exchanges both - a turbine, a nozzle, a compressor - and an **isolated system** exchanges neither.'),
        ul(
          '**Intensive properties** do not depend on the mass (pressure, temperature, density); **extensive** ones do (volume, energy). Specific properties (per unit mass) are intensive.',
          'A system is in **thermodynamic equilibrium** when it is in thermal, mechanical and chemical equilibrium; only then are its properties defined.',
          'A **quasi-static process** passes through a succession of equilibrium states and can be drawn as a line on a P-V diagram.',
          '**Zeroth law**: two bodies each in thermal equilibrium with a third are in thermal equilibrium with each other - the basis of temperature measurement.',
        ),
        h('2. First Law of Thermodynamics'),
        p('For a closed system undergoing a cycle, the net heat transfer equals the net work: cyclic integral of dQ = cyclic integral of dW. For a process it defines the internal energy U as a property: Q - W = delta U, with heat added and work done by the system positive.'),
        table(
          ['Process (ideal gas)', 'Law', 'Work W (1 to 2)', 'Heat Q'],
          [
            ['Constant volume', 'V = const', '0', 'm cv (T2 - T1)'],
            ['Constant pressure', 'P = const', 'P (V2 - V1)', 'm cp (T2 - T1)'],
            ['Isothermal', 'PV = const', 'P1 V1 ln(V2 / V1)', 'Q = W'],
            ['Adiabatic (reversible)', 'PV^gamma = const', '(P1 V1 - P2 V2) / (gamma - 1)', '0'],
            ['Polytropic', 'PV^n = const', '(P1 V1 - P2 V2) / (n - 1)', 'W (gamma - n) / (gamma - 1)'],
          ],
          { widths: [1.5, 1.2, 1.9, 1.6] },
        ),
        box('Steady flow energy equation (per kg)', 'h1 + V1^2/2 + g z1 + q = h2 + V2^2/2 + g z2 + w. For a nozzle (q = w = 0, z1 = z2): V2 = sqrt(2 (h1 - h2) + V1^2). For an adiabatic turbine with negligible changes in kinetic and potential energy: w = h1 - h2.'),
      ],
      [
        h('3. Second Law and the Carnot Cycle'),
        p('**Kelvin-Planck statement:** it is impossible to construct a device that, operating in a cycle, produces work while exchanging heat with a single reservoir. **Clausius statement:** it is impossible for a device operating in a cycle to transfer heat from a colder to a hotter body without any other effect. The two statements are equivalent: violating one violates the other.'),
        box('Carnot efficiency', 'No engine working between two reservoirs at TH and TL (kelvin) can be more efficient than a reversible engine: eta = 1 - TL / TH. Between 800 K and 300 K the limit is 1 - 300/800 = 62.5 percent. The COP of a Carnot refrigerator is TL / (TH - TL).'),
        h('4. The Otto Cycle'),
        p('The air-standard Otto cycle models the petrol engine: 1-2 isentropic compression, 2-3 heat addition at constant volume (combustion at TDC), 3-4 isentropic expansion, 4-1 heat rejection at constant volume. Its efficiency depends only on the compression ratio r = V1 / V2.'),
        figure(196, ottoDiagram(), 'Fig. 1: P-V diagram of the Otto cycle for r = 8 (pressures 1, 18.4, 40 and 2.2 bar)'),
        box('Efficiency', 'eta = 1 - 1 / r^(gamma - 1). For r = 8 and gamma = 1.4: eta = 1 - 1 / 8^0.4 = 1 - 0.435 = 56.5 percent. Real engines reach about half of this because of friction, heat loss and incomplete combustion; r is limited by knocking to about 8-11.'),
        p('**Diesel cycle:** heat is added at constant pressure, and for the same compression ratio its efficiency is lower than the Otto cycle; but diesel engines use higher compression ratios (16-22) and are more efficient in practice.'),
      ],
      [
        h('5. Entropy'),
        p('The **Clausius inequality**, cyclic integral of dQ / T <= 0, leads to the property entropy: dS = dQ_rev / T. For any process dS >= dQ / T, with equality only for reversible processes; the entropy of an isolated system never decreases (the principle of increase of entropy).'),
        ul(
          'Ideal gas: s2 - s1 = cp ln(T2 / T1) - R ln(P2 / P1) = cv ln(T2 / T1) + R ln(v2 / v1).',
          'Heat transfer Q at constant temperature T: delta S = Q / T.',
          'Mixing of 1 kg of water at 80 C with 1 kg at 20 C gives 50 C water and a net entropy increase of about 0.036 kJ/K: the process is irreversible.',
        ),
        h2('Solved problem'),
        p('Air at 1 bar and 27 C is compressed isentropically in the Otto cycle with r = 8. Then T2 = T1 r^(gamma - 1) = 300 x 8^0.4 = 689 K and P2 = P1 r^gamma = 18.4 bar. If 1800 kJ/kg is added at constant volume (cv = 0.718 kJ/kg K), T3 = 689 + 1800 / 0.718 = 3196 K, and the net work is eta x q = 0.565 x 1800 = 1017 kJ/kg.'),
        h2('Questions from previous papers'),
        ol(
          'State the limitations of the first law. Explain the concept of a perpetual motion machine of the second kind.',
          'Prove that all reversible engines working between the same two reservoirs have the same efficiency.',
          'Derive the air-standard efficiency of the Diesel cycle in terms of r and the cut-off ratio.',
          'Show that the entropy of the universe increases when heat flows across a finite temperature difference.',
        ),
      ],
    ],
  },
  {
    branch: 'me', semester: 4, subject: 'Strength of Materials', resourceType: 'PYQ', academicYear: '2023-24',
    originalName: 'SOM_PYQ_May_2024.pdf', uploader: 'admin', downloads: 135,
    title: 'Strength of Materials - May 2024', preparedBy: 'Office of the Controller of Examinations', createdAt: '2024-06-10T15:20',
    exam: paper('End Semester Examination, May 2024', 'BME-402', 70, 'Attempt all questions of Section A, any three of Section B and any two of Section C.', 'Take E = 200 GPa for steel and E = 100 GPa for copper unless stated otherwise.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'Define Poisson\'s ratio and state its range for engineering materials.', 2],
          ['b', 'What is the relation between E, G and K?', 2],
          ['c', 'Define the section modulus of a beam.', 2],
          ['d', 'What is a point of contraflexure?', 2],
          ['e', 'State the assumptions of the theory of pure torsion.', 2],
          ['f', 'Write Euler\'s buckling load for a column with both ends hinged.', 2],
          ['g', 'What is strain energy? Define proof resilience.', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['A steel bar 2 m long and 25 mm in diameter is subjected to an axial pull of 60 kN. Find the elongation and the change in diameter if Poisson\'s ratio is 0.3.', 10]),
        q(3, ['Draw the shear force and bending moment diagrams for the beam shown below and find the maximum bending moment.', 10]),
        beam([[1 / 3, '20 kN']], 'Figure for Q3: simply supported beam AB, span 6 m', { udl: [0.5, 1, '10 kN/m'], spans: ['2 m', '4 m'] }),
        q(4, ['At a point in a strained material the stresses are 80 MPa (tensile) and 40 MPa (compressive) on two perpendicular planes, with a shear stress of 30 MPa. Find the principal stresses and their planes using Mohr\'s circle.', 10]),
        q(5, ['Derive the torsion equation T / J = tau / r = G theta / L. A solid shaft transmits 150 kW at 200 rpm; find its diameter if the allowable shear stress is 60 MPa.', 10]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Derive the bending equation M / I = sigma / y = E / R, stating the assumptions.', 7],
          ['b', 'A rectangular timber beam 150 mm x 300 mm carries a UDL of 12 kN/m over a simply supported span of 5 m. Find the maximum bending stress.', 6],
        ),
        q(7,
          ['a', 'Using Macaulay\'s method, find the slope at A and the maximum deflection of a simply supported beam of span L with a point load W at a distance a from A.', 9],
          ['b', 'Compare the deflection at midspan for a central point load and for a UDL of the same total load.', 4],
        ),
        q(8,
          ['a', 'Derive Euler\'s formula for a column with both ends hinged. State its limitations and explain Rankine\'s formula.', 8],
          ['b', 'A thin cylinder of 1 m diameter and 10 mm wall thickness contains gas at 2 MPa. Find the hoop and longitudinal stresses.', 5],
        ),
      ],
    ],
  },
  {
    branch: 'me', semester: 4, subject: 'Fluid Mechanics', resourceType: 'PRACTICAL', academicYear: '2022-23',
    originalName: 'FM lab file - Bernoulli, venturimeter, Reynolds.pdf', uploader: 'admin', downloads: 54,
    title: 'Fluid Mechanics and Machinery Lab (BME-453)', preparedBy: 'Deepak Negi, Roll No. 21ME058', createdAt: '2023-03-29T18:15',
    pages: [
      [
        experiment(1, 'Calibration of a venturimeter', '07/02/2023'),
        p('**Aim:** To determine the coefficient of discharge Cd of a venturimeter (inlet diameter 28 mm, throat diameter 14 mm) fitted in a horizontal pipe.'),
        p('**Apparatus:** Venturimeter test rig with a centrifugal pump, differential U-tube mercury manometer, collecting tank (0.4 m x 0.4 m) with piezometer, stopwatch.'),
        p('**Theory:** Applying Bernoulli\'s equation between the inlet (1) and the throat (2) and the continuity equation a1 V1 = a2 V2 gives the theoretical discharge Qth = a1 a2 sqrt(2 g h) / sqrt(a1^2 - a2^2), where h = x (13.6 / 1 - 1) = 12.6 x metres of water for a mercury reading x. Cd = Qact / Qth, where Qact = (area of tank x rise) / time.'),
        ol(
          'Start the pump with the delivery valve partly open and remove air from the manometer tubes.',
          'For a given flow note the manometer reading x and the time for a 10 cm rise of water in the collecting tank.',
          'Repeat for four different flow rates by adjusting the delivery valve.',
        ),
        table(
          ['No.', 'Manometer x (cm Hg)', 'Head h (m of water)', 'Time for 10 cm rise (s)', 'Qact (L/s)', 'Qth (L/s)', 'Cd'],
          [
            ['1', '2.0', '0.252', '47.0', '0.340', '0.354', '0.963'],
            ['2', '4.0', '0.504', '33.1', '0.483', '0.500', '0.967'],
            ['3', '6.0', '0.756', '26.9', '0.595', '0.612', '0.971'],
            ['4', '8.0', '1.008', '23.4', '0.684', '0.707', '0.967'],
          ],
          { caption: 'Observation and calculation table (a1 = 6.158 x 10^-4 m^2, a2 = 1.539 x 10^-4 m^2)' },
        ),
        p('**Result:** The mean coefficient of discharge of the venturimeter is Cd = 0.967.'),
        signature('Signature of faculty'),
      ],
      [
        plot(
          [(h) => 0.967 * 1.589865e-4 * Math.sqrt(2 * 9.81 * h) * 1000],
          { x: [0, 1.2], y: [0, 0.8] },
          { x: 'h (m of water)', y: 'Qact (L/s)', caption: 'Graph 1: Qact against h; Q is proportional to sqrt(h), so log Q against log h is a line of slope 0.5', marks: [[0.252, 0.34, ''], [0.504, 0.483, ''], [0.756, 0.595, ''], [1.008, 0.684, '']] },
        ),
        experiment(2, 'Reynolds\' experiment: laminar and turbulent flow', '21/02/2023'),
        p('**Aim:** To observe laminar, transitional and turbulent flow with a dye filament and to find the Reynolds number at which each occurs.'),
        p('**Theory:** Re = V D / nu, where V is the mean velocity, D = 25 mm the tube diameter and nu = 1.0 x 10^-6 m^2/s the kinematic viscosity of water at 20 C. In a pipe the flow is laminar for Re < 2000, transitional between 2000 and 4000, and turbulent above 4000.'),
        table(
          ['No.', 'Volume (L)', 'Time (s)', 'Q (m^3/s)', 'V (m/s)', 'Re', 'Dye filament', 'Type of flow'],
          [
            ['1', '1', '42.5', '2.35 x 10^-5', '0.048', '1200', 'Straight thread', 'Laminar'],
            ['2', '1', '22.0', '4.55 x 10^-5', '0.093', '2310', 'Wavy', 'Transition'],
            ['3', '1', '9.8', '1.02 x 10^-4', '0.208', '5200', 'Diffuses at once', 'Turbulent'],
          ],
          { caption: 'Observation table (tube area 4.91 x 10^-4 m^2)', widths: [0.5, 0.8, 0.8, 1.2, 0.8, 0.7, 1.4, 1.1] },
        ),
        p('**Result:** Laminar flow was seen up to Re of about 2000 and fully turbulent flow above about 4000, in agreement with the accepted limits.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(3, 'Verification of Bernoulli\'s theorem', '07/03/2023'),
        p('**Aim:** To verify that the total head remains nearly constant along a tapering duct in steady flow.'),
        p('**Theory:** For steady, incompressible, frictionless flow along a streamline, p / (rho g) + V^2 / (2 g) + z = constant. In the horizontal test section z is constant, so a rise in velocity head at the narrow sections must appear as a fall in pressure head.'),
        table(
          ['Section', 'Area (cm^2)', 'Piezometer head (cm)', 'Velocity (cm/s)', 'Velocity head (cm)', 'Total head (cm)'],
          [
            ['1', '4.90', '24.6', '40.8', '0.85', '25.45'],
            ['2', '3.80', '24.3', '52.6', '1.41', '25.71'],
            ['3', '2.80', '23.0', '71.4', '2.60', '25.60'],
            ['4', '2.00', '20.6', '100.0', '5.10', '25.70'],
            ['5', '2.80', '22.8', '71.4', '2.60', '25.40'],
            ['6', '4.90', '24.1', '40.8', '0.85', '24.95'],
          ],
          { caption: 'Observation table (discharge Q = 200 cm^3/s)' },
        ),
        p('**Discussion:** The total head varies by less than 3 percent between sections; the slight drop towards the outlet is the friction loss, which Bernoulli\'s equation neglects.'),
        box('Viva', 'Why is a venturimeter preferred to an orifice meter? What is the difference between the hydraulic gradient line and the total energy line? Why does Cd of a venturimeter lie close to 1?'),
        p('**Result:** Bernoulli\'s theorem is verified within experimental error.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
];
