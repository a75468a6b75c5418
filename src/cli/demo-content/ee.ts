import { plot, seriesRlc } from '../demo-diagrams.js';
import { box, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

// Series RLC example: R = 10 ohm, L = 0.1 H, C = 10 microfarad on 230 V.
const rlcCurrent = (f: number) => 230 / Math.hypot(10, 2 * Math.PI * f * 0.1 - 1 / (2 * Math.PI * f * 10e-6));
// Transformer example: 2 kVA, iron loss 40 W, full-load copper loss 55 W, unity power factor.
const efficiency = (x: number) => (x <= 0 ? 0 : (2000 * x * 100) / (2000 * x + 40 + 55 * x * x));

/** Demo resources of Electrical Engineering. */
export const EE: DemoEntry[] = [
  {
    branch: 'ee', semester: 3, subject: 'Circuit Theory', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'Circuit Theory - Network theorems and resonance.pdf', uploader: 'admin', downloads: 71,
    title: 'Network Theorems and Resonance', preparedBy: 'Dr. Harish Chandra, Dept. of EE', createdAt: '2024-09-24T16:45',
    pages: [
      [
        h('1. Network Theorems'),
        p('Network theorems reduce a complicated linear, bilateral network to a simpler one when we are interested only in the current or voltage of one branch. They apply to DC networks and, with impedances in place of resistances and phasors in place of values, to AC networks in the sinusoidal steady state.'),
        box('Thevenin\'s theorem', 'Any linear two-terminal network of sources and resistances can be replaced, as seen from its terminals A-B, by a voltage source Vth in series with a resistance Rth. Vth is the open-circuit voltage across A-B; Rth is the resistance seen from A-B with every independent voltage source short-circuited and every independent current source open-circuited.'),
        box('Norton\'s theorem', 'The same network can also be replaced by a current source In = Vth / Rth (the short-circuit current through A-B) in parallel with Rth.'),
        h2('Worked example'),
        p('A 12 V source with internal resistance 4 ohm feeds a 6 ohm resistor; a load RL is connected across the 6 ohm resistor. Removing RL, Vth = 12 x 6 / (4 + 6) = 7.2 V. Shorting the source, Rth = 4 || 6 = 2.4 ohm. Hence the Norton current is In = 7.2 / 2.4 = 3 A (equal to 12 / 4, the current with A-B shorted).'),
        table(
          ['Load RL (ohm)', 'IL = Vth / (Rth + RL) (A)', 'Power in RL (W)'],
          [['1', '2.12', '4.48'], ['2.4', '1.50', '5.40 (maximum)'], ['3', '1.33', '5.33'], ['6', '0.86', '4.41']],
          { caption: 'Table 1: Load current and power for different loads' },
        ),
        p('**Maximum power transfer.** A load receives maximum power when RL = Rth, and Pmax = Vth^2 / (4 Rth) = 51.84 / 9.6 = 5.4 W, at an efficiency of only 50 percent. Power systems therefore never operate at this point, but communication circuits do, to get the strongest signal.'),
        p('**Superposition.** In a linear network with several independent sources, the response in any branch is the algebraic sum of the responses caused by each source acting alone, the others being replaced by their internal resistances. It does not apply to power, which is not linear in current.'),
      ],
      [
        h('2. Series Resonance'),
        p('In a series R-L-C circuit driven by v(t) = Vm sin(wt), the impedance is Z = R + j(XL - XC) with XL = wL and XC = 1/(wC). At the **resonant frequency** XL = XC, the reactances cancel, Z = R is minimum and purely resistive, and the current is maximum and in phase with the voltage.'),
        seriesRlc('Fig. 1: Series RLC circuit'),
        box('Formulas', 'f0 = 1 / (2 pi sqrt(LC)). Quality factor Q = w0 L / R = (1/R) sqrt(L/C). Bandwidth BW = f2 - f1 = R / (2 pi L) = f0 / Q, where f1 and f2 are the half-power frequencies at which I = Imax / sqrt(2). At resonance VL = VC = Q x V (voltage magnification).'),
        p('**Example.** R = 10 ohm, L = 0.1 H, C = 10 microfarad, V = 230 V. f0 = 1 / (2 pi sqrt(10^-6)) = 159.2 Hz; Imax = 230 / 10 = 23 A; Q = (1/10) sqrt(0.1 / 10^-5) = 10; BW = 15.9 Hz, so f1 = 151.4 Hz and f2 = 167.3 Hz. The voltage across the inductor at resonance is Q x V = 2300 V - ten times the supply, which is why resonance can damage insulation.'),
        plot(
          [rlcCurrent],
          { x: [60, 300], y: [0, 25] },
          { x: 'f (Hz)', y: 'I (A)', caption: 'Fig. 2: Resonance curve of the example; a higher Q gives a sharper peak', marks: [[159.2, 23, 'f0 = 159.2 Hz, I = 23 A']] },
        ),
      ],
      [
        h('3. Three-Phase Circuits'),
        p('A balanced three-phase supply has three voltages of equal magnitude displaced by 120 degrees. Loads are connected in star (Y) or delta; with the phase sequence RYB the line voltages lead the corresponding phase voltages by 30 degrees in a star system.'),
        table(
          ['Quantity', 'Star (Y)', 'Delta'],
          [['Line voltage', 'VL = sqrt(3) Vph', 'VL = Vph'], ['Line current', 'IL = Iph', 'IL = sqrt(3) Iph'], ['Total power', 'P = sqrt(3) VL IL cos(phi)', 'P = sqrt(3) VL IL cos(phi)'], ['Neutral', 'Available (4-wire)', 'Not available']],
          { widths: [1, 1.5, 1.5] },
        ),
        h2('Two-wattmeter method'),
        p('The total power of a three-phase, three-wire load - balanced or not - is the sum of two wattmeter readings W1 + W2. For a balanced load the power factor follows from tan(phi) = sqrt(3) (W1 - W2) / (W1 + W2). If one wattmeter reads negative, the power factor is below 0.5 and its reading must be subtracted after reversing its current coil.'),
        p('**Example.** W1 = 2.5 kW and W2 = 1.0 kW: P = 3.5 kW, tan(phi) = sqrt(3) x 1.5 / 3.5 = 0.742, phi = 36.6 degrees and cos(phi) = 0.80 lagging.'),
        h2('Practice questions'),
        ol(
          'State and prove the maximum power transfer theorem for an AC source with complex internal impedance.',
          'Find the Thevenin equivalent of a bridge circuit with arms 10, 20, 30 and 40 ohm fed by 50 V.',
          'A series RLC circuit has R = 5 ohm, L = 20 mH and C = 50 microfarad. Find f0, Q and the bandwidth.',
          'Compare series and parallel resonance under the headings impedance, current and magnification.',
        ),
        ul('Reference books: Hayt and Kemmerly, Engineering Circuit Analysis; A. Sudhakar and S. Shyammohan, Circuits and Networks.'),
      ],
    ],
  },
  {
    branch: 'ee', semester: 5, subject: 'Power Systems', resourceType: 'PYQ', academicYear: '2023-24',
    originalName: 'Power System-I PYQ Dec 2023.pdf', uploader: 'admin', downloads: 66,
    title: 'Power System I - December 2023', preparedBy: 'Office of the Controller of Examinations', createdAt: '2024-01-16T10:05',
    exam: paper('End Semester Examination, December 2023', 'BEE-501', 70, 'Attempt all questions of Section A, any three of Section B and any two of Section C.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'Why is high voltage used for the transmission of electric power?', 2],
          ['b', 'What is the skin effect? How does it affect the resistance of a conductor?', 2],
          ['c', 'Define string efficiency of a suspension insulator.', 2],
          ['d', 'What is the Ferranti effect?', 2],
          ['e', 'Classify transmission lines by length.', 2],
          ['f', 'What is corona? List two of its disadvantages.', 2],
          ['g', 'Why are bundled conductors used in EHV lines?', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['Derive an expression for the inductance per phase of a three-phase line with equilateral spacing.', 10]),
        q(3, ['A string of three suspension insulators has a shunt capacitance equal to one-fifth of the self capacitance of each unit. If the line voltage is 33 kV, find the voltage across each unit and the string efficiency.', 10]),
        q(4, ['A 3-phase, 50 Hz, 100 km line delivers 20 MW at 0.8 pf lagging and 66 kV. R = 10 ohm, X = 20 ohm and Y = 4 x 10^-4 S per phase. Using the nominal-pi method find the sending-end voltage, the regulation and the efficiency.', 10]),
        q(5, ['Explain the sag in overhead lines. Derive the sag of a conductor between supports at equal heights, and find the sag for a span of 200 m, conductor weight 0.6 kg/m and working tension 1200 kg.', 10]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Derive the ABCD constants of a medium transmission line represented by the nominal-T method.', 8],
          ['b', 'Show that AD - BC = 1 for this network.', 5],
        ),
        q(7,
          ['a', 'Explain the construction of a 3-core belted cable and derive the insulation resistance of a single-core cable.', 7],
          ['b', 'Find the most economical diameter of a single-core cable for 66 kV (rms) with a dielectric strength of 60 kV/cm (peak).', 6],
        ),
        q(8,
          ['a', 'Explain per-unit representation and its advantages. Draw the reactance diagram of a system with one generator, two transformers and a line.', 8],
          ['b', 'A 20 MVA, 11 kV generator has a reactance of 0.2 pu. Find its per-unit reactance on a base of 50 MVA, 11 kV.', 5],
        ),
        box('Data', 'Take the density of air at standard conditions and the breakdown strength of air as 30 kV/cm (peak) wherever required.'),
      ],
    ],
  },
  {
    branch: 'ee', semester: 4, subject: 'Electrical Machines', resourceType: 'PRACTICAL', academicYear: '2022-23',
    originalName: 'Electrical Machines Lab - transformer OC SC test, DC motor load test.pdf', uploader: 'admin', downloads: 109,
    title: 'Electrical Machines Lab I (BEE-452)', preparedBy: 'Rahul Yadav, Roll No. 21EE027', createdAt: '2023-04-11T17:30',
    pages: [
      [
        experiment(1, 'Open-circuit and short-circuit tests on a single-phase transformer', '14/02/2023'),
        p('**Aim:** To determine the equivalent-circuit parameters, the efficiency at different loads and the regulation of a 2 kVA, 230/115 V, 50 Hz single-phase transformer.'),
        p('**Apparatus:** Single-phase transformer (2 kVA, 230/115 V); single-phase variac (0-270 V, 10 A); MI voltmeters (0-150 V, 0-30 V); MI ammeters (0-2 A, 0-10 A); LPF wattmeter (150 V, 2 A) and UPF wattmeter (75 V, 10 A); connecting leads.'),
        ol(
          '**OC test:** Connect the meters on the LV side with the HV side open. Raise the voltage with the variac to the rated 115 V and note V0, I0 and W0. W0 is the iron loss.',
          '**SC test:** Short the LV side and connect the meters on the HV side. Starting from zero, raise the voltage slowly until the rated HV current 8.7 A flows and note Vsc, Isc and Wsc. Wsc is the full-load copper loss.',
        ),
        table(['Test', 'Voltage (V)', 'Current (A)', 'Power (W)'], [['Open circuit (LV side)', '115', '0.90', '40'], ['Short circuit (HV side)', '12.0', '8.70', '55']], { caption: 'Observation table' }),
        h2('Calculations'),
        ul(
          'No-load power factor cos(phi0) = W0 / (V0 I0) = 40 / (115 x 0.9) = 0.387.',
          'Equivalent resistance referred to HV: R01 = Wsc / Isc^2 = 55 / 8.7^2 = 0.727 ohm.',
          'Equivalent impedance Z01 = Vsc / Isc = 1.379 ohm; reactance X01 = sqrt(Z01^2 - R01^2) = 1.172 ohm.',
          'Efficiency at full load, unity pf = 2000 / (2000 + 40 + 55) = 95.47 percent.',
          'Maximum efficiency occurs when copper loss equals iron loss, at x = sqrt(40/55) = 0.853 of full load: 95.52 percent.',
        ),
      ],
      [
        plot(
          [efficiency],
          { x: [0, 1.25], y: [80, 100] },
          { x: 'load (fraction of full load)', y: 'efficiency (%)', caption: 'Graph 1: Efficiency against load at unity power factor', marks: [[0.853, 95.52, 'maximum at 0.853 x full load']] },
        ),
        table(['Load fraction x', '0.25', '0.50', '0.75', '1.00', '1.25'], [['Efficiency (%)', '92.01', '94.90', '95.48', '95.47', '95.20']], { caption: 'Calculated efficiency (output 2000 x W, losses 40 + 55 x^2 W)' }),
        p('**Regulation** at full load, 0.8 pf lagging: (I R01 cos(phi) + I X01 sin(phi)) / V = (8.7 x 0.727 x 0.8 + 8.7 x 1.172 x 0.6) / 230 = 4.86 percent.'),
        p('**Precautions:** The variac was at zero before switching on; the LPF wattmeter was used in the OC test because the no-load power factor is low; in the SC test the applied voltage was raised gradually because only about 5 percent of rated voltage circulates full-load current.'),
        p('**Result:** R01 = 0.727 ohm, X01 = 1.172 ohm, full-load efficiency 95.47 percent, maximum efficiency 95.52 percent at 85 percent load, regulation 4.86 percent at 0.8 pf lagging.'),
        signature('Signature of faculty'),
      ],
      [
        experiment(2, 'Load test on a DC shunt motor', '28/02/2023'),
        p('**Aim:** To obtain the performance characteristics (speed, torque and efficiency against output) of a 3 HP, 220 V, 1500 rpm DC shunt motor by direct loading with a brake drum.'),
        p('**Apparatus:** DC shunt motor with brake-drum arrangement (drum radius 0.15 m); 3-point starter; PMMC ammeter (0-20 A) and voltmeter (0-300 V); tachometer; rheostat (400 ohm, 1.7 A) in the field circuit.'),
        p('**Formulas:** Torque T = (S1 - S2) x 9.81 x r N m; output = 2 pi N T / 60 W; input = V IL W; efficiency = output / input x 100.'),
        table(
          ['V (V)', 'IL (A)', 'N (rpm)', 'S1 (kg)', 'S2 (kg)', 'T (N m)', 'Output (W)', 'Input (W)', 'Eff. (%)'],
          [
            ['220', '2.1', '1500', '0', '0', '0', '0', '462', '0'],
            ['220', '4.5', '1482', '4.0', '1.0', '4.41', '685', '990', '69.2'],
            ['220', '7.0', '1465', '7.5', '2.0', '8.09', '1242', '1540', '80.6'],
            ['220', '9.5', '1448', '11.0', '3.2', '11.48', '1740', '2090', '83.3'],
            ['220', '11.5', '1430', '14.0', '4.2', '14.42', '2160', '2530', '85.4'],
          ],
          { caption: 'Observation table' },
        ),
        p('**Observation:** The speed fell by only 4.7 percent from no load to about full load, confirming that a shunt motor is nearly a constant-speed motor; its torque rises almost linearly with armature current because the flux is constant.'),
        p('**Result:** The performance characteristics were plotted; the efficiency reached 85.4 percent near full load.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
];
