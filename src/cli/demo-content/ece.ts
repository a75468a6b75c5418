import { flow, plot } from '../demo-diagrams.js';
import { box, code, type DemoEntry, experiment, h, h2, ol, p, paper, q, section, signature, table, ul } from '../demo-kit.js';

// Silicon diode model of the practical: Is = 12.8 nA, n Vt = 52 mV; current in mA.
const diode = (v: number) => 1.28e-8 * (Math.exp(v / 0.052) - 1) * 1000;
// Partial sums of the Fourier series of a unit square wave.
const square = (terms: number) => (t: number) => {
  let sum = 0;
  for (let k = 0; k < terms; k++) sum += Math.sin((2 * k + 1) * t) / (2 * k + 1);
  return (4 / Math.PI) * sum;
};

/** Demo resources of Electronics and Communication Engineering. */
export const ECE: DemoEntry[] = [
  {
    branch: 'ece', semester: 4, subject: 'Signals and Systems', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'S&S notes - LTI systems, convolution, Fourier series.pdf', uploader: 'admin', downloads: 84,
    title: 'LTI Systems, Convolution and Fourier Series', preparedBy: 'Dr. Priya Menon, Dept. of ECE', createdAt: '2024-03-04T09:20',
    pages: [
      [
        h('1. Signals'),
        p('A signal is a function of one or more independent variables that carries information: a speech waveform x(t), a sampled ECG x[n], an image x(m, n). **Continuous-time** signals are defined for every real t; **discrete-time** signals only at integer n, usually obtained by sampling x[n] = x(nTs).'),
        table(
          ['Classification', 'Definition', 'Example'],
          [
            ['Periodic', 'x(t + T) = x(t) for all t, some T > 0', 'sin(2 pi 50 t), period 20 ms'],
            ['Even / odd', 'x(-t) = x(t) / x(-t) = -x(t)', 'cos t is even, sin t is odd'],
            ['Energy signal', 'E = integral of |x(t)|^2 dt is finite, P = 0', 'A single rectangular pulse'],
            ['Power signal', 'P = lim (1/2T) integral |x(t)|^2 dt finite, E infinite', 'Any periodic signal, u(t)'],
            ['Deterministic / random', 'Fully described by a formula / only statistically', 'A sinusoid / thermal noise'],
          ],
          { widths: [1.2, 2.6, 1.8] },
        ),
        h2('Standard signals'),
        ul(
          '**Unit impulse** d(t): zero for t != 0 with unit area; sifting property: integral of x(t) d(t - t0) dt = x(t0).',
          '**Unit step** u(t) = 1 for t >= 0 and 0 otherwise; u(t) is the integral of d(t).',
          '**Ramp** r(t) = t u(t); **exponential** e^(at) u(t); **sinusoid** A cos(w0 t + phi).',
        ),
        h('2. Properties of Systems'),
        ul(
          '**Linear**: satisfies superposition, a x1 + b x2 -> a y1 + b y2. y(t) = x(t) + 2 is not linear (zero input gives non-zero output).',
          '**Time-invariant**: a delay of the input only delays the output. y(t) = t x(t) is time-varying.',
          '**Causal**: the output at t depends only on present and past inputs. y[n] = x[n + 1] is non-causal.',
          '**BIBO stable**: every bounded input gives a bounded output; an LTI system is stable if and only if its impulse response is absolutely integrable (summable).',
          '**Memoryless**: the output depends only on the present input, e.g. y(t) = 3 x(t).',
        ),
      ],
      [
        h('3. LTI Systems and Convolution'),
        p('A linear time-invariant system is completely described by its **impulse response** h(t), the output when the input is d(t). Because any input is a weighted sum of shifted impulses, the output is the **convolution** of input and impulse response.'),
        box('Convolution', 'Continuous time: y(t) = x(t) * h(t) = integral from -inf to inf of x(tau) h(t - tau) d tau. Discrete time: y[n] = sum over k of x[k] h[n - k]. Convolution is commutative, associative and distributive; the length of the result of two finite sequences of lengths L and M is L + M - 1.'),
        p('**Example (discrete).** x[n] = {1, 2, 1} and h[n] = {1, 1}, both starting at n = 0. Flip h, slide it across x and add the products at every shift: y[0] = 1, y[1] = 2 + 1 = 3, y[2] = 1 + 2 = 3, y[3] = 1. So y[n] = {1, 3, 3, 1}, of length 3 + 2 - 1 = 4.'),
        table(['n', 'x[n]', 'h[n]', 'y[n] = sum x[k] h[n - k]'], [['0', '1', '1', '1 x 1 = 1'], ['1', '2', '1', '1 x 1 + 2 x 1 = 3'], ['2', '1', '0', '2 x 1 + 1 x 1 = 3'], ['3', '0', '0', '1 x 1 = 1']], { widths: [0.5, 0.8, 0.8, 2.5] }),
        code('Listing 1: Checking the result with NumPy', `
          import numpy as np
          print(np.convolve([1, 2, 1], [1, 1]))     # [1 3 3 1]`),
        p('**Example (continuous).** For x(t) = u(t) and h(t) = e^(-2t) u(t), y(t) = integral from 0 to t of e^(-2 tau) d tau = (1/2)(1 - e^(-2t)) u(t): the step response of a first-order RC circuit with time constant 0.5 s.'),
        flow(['input x(t)', 'LTI system\nimpulse response h(t)', 'output\ny(t) = x(t) * h(t)'], 'Fig. 1: An LTI system maps an input to an output by convolution with h(t)'),
      ],
      [
        h('4. Fourier Series'),
        p('A periodic signal with period T0 satisfying the **Dirichlet conditions** (absolutely integrable over a period, finitely many maxima, minima and discontinuities per period) can be written as a sum of harmonics of w0 = 2 pi / T0: x(t) = a0 + sum over n of [an cos(n w0 t) + bn sin(n w0 t)], or in exponential form x(t) = sum of cn e^(j n w0 t) with cn = (1/T0) integral over one period of x(t) e^(-j n w0 t) dt.'),
        p('For a square wave of amplitude 1 and period 2 pi, which is odd and has half-wave symmetry, only odd sine terms remain: x(t) = (4/pi) [sin t + sin(3t)/3 + sin(5t)/5 + ...].'),
        plot(
          [square(1), square(3), square(25)],
          { x: [-Math.PI, Math.PI], y: [-1.4, 1.4] },
          { x: 't', y: 'x(t)', caption: 'Fig. 2: Partial sums with 1, 3 and 25 terms; the 9 percent overshoot near the jumps (Gibbs phenomenon) never disappears', dashed: [0, 1] },
        ),
        table(
          ['Signal', 'Fourier transform'],
          [['d(t)', '1'], ['e^(-at) u(t), a > 0', '1 / (a + jw)'], ['rect(t / T)', 'T sinc(wT / 2 pi)'], ['cos(w0 t)', 'pi [d(w - w0) + d(w + w0)]'], ['x(t - t0)', 'X(w) e^(-j w t0)']],
          { caption: 'Table 1: Useful Fourier transform pairs and the time-shift property' },
        ),
        p('**Parseval\'s theorem:** the average power of a periodic signal equals the sum of the squared magnitudes of its Fourier coefficients, P = sum |cn|^2.'),
      ],
    ],
  },
  {
    branch: 'ece', semester: 3, subject: 'Analog Electronics', resourceType: 'PRACTICAL', academicYear: '2024-25',
    originalName: 'Analog Electronics lab file - diode, rectifiers.pdf', uploader: 'admin', downloads: 38,
    title: 'Analog Electronics Lab (BEC-351)', preparedBy: 'Kunal Bhatia, Roll No. 23EC031', createdAt: '2024-10-22T21:00',
    pages: [
      [
        experiment(1, 'V-I characteristics of a silicon PN junction diode', '19/08/2024'),
        p('**Aim:** To plot the forward and reverse characteristics of a 1N4007 silicon diode and to find its cut-in voltage and dynamic resistance.'),
        p('**Apparatus:** Diode 1N4007, regulated power supply (0-30 V), resistor 1 kilo-ohm, digital voltmeter, milliammeter (0-50 mA) and microammeter (0-100 microampere), breadboard and wires.'),
        ol(
          'Connect the diode in forward bias with the 1 kilo-ohm resistor in series to limit the current.',
          'Increase the supply in small steps and record the diode voltage and current, with finer steps near 0.6 V.',
          'Reverse the diode, connect the microammeter and record the reverse current up to 10 V.',
        ),
        table(
          ['Forward voltage (V)', '0.20', '0.40', '0.50', '0.55', '0.60', '0.65', '0.70', '0.72', '0.75'],
          [['Forward current (mA)', '0.00', '0.03', '0.19', '0.50', '1.31', '3.43', '8.98', '13.2', '23.5']],
          { widths: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1], caption: 'Observation table (forward bias)' },
        ),
        table(['Reverse voltage (V)', '1', '2', '4', '6', '8', '10'], [['Reverse current (microampere)', '0.1', '0.1', '0.2', '0.2', '0.3', '0.3']], { widths: [2.4, 1, 1, 1, 1, 1, 1], caption: 'Observation table (reverse bias)' }),
        plot(
          [diode],
          { x: [0, 0.8], y: [0, 25] },
          { x: 'V (V)', y: 'I (mA)', caption: 'Graph 1: Forward characteristic; the current rises sharply beyond the cut-in voltage', marks: [[0.6, 1.31, 'cut-in about 0.6 V'], [0.7, 8.98, '0.70 V, 8.98 mA']] },
        ),
      ],
      [
        p('**Calculation:** Dynamic resistance at the operating point 0.70 V: rd = dV / dI = (0.72 - 0.70) / (13.2 - 8.98) mA = 0.02 / 0.00422 = 4.7 ohm (the diode equation predicts n Vt / I = 0.052 / 0.00898 = 5.8 ohm). The static resistance V / I = 0.70 / 0.00898 = 78 ohm is much larger.'),
        p('**Precautions:** Do not exceed the maximum forward current of 1 A; keep the connections tight and note readings only after the meters settle.'),
        p('**Result:** The cut-in voltage of the silicon diode is about 0.6 V; the reverse saturation current is below 1 microampere; the dynamic resistance at 9 mA is about 5 ohm.'),
        signature('Signature of faculty'),
        experiment(2, 'Half-wave and full-wave bridge rectifiers', '02/09/2024'),
        p('**Aim:** To observe the output waveforms of half-wave and bridge rectifiers on a CRO and to measure their DC output, ripple factor and efficiency, with and without a capacitor filter.'),
        p('**Theory:** For a peak secondary voltage Vm, the ideal half-wave rectifier gives Vdc = Vm / pi and ripple factor 1.21; the full-wave rectifier gives Vdc = 2 Vm / pi and ripple factor 0.48. The maximum rectification efficiencies are 40.6 and 81.2 percent.'),
      ],
      [
        plot(
          [(t) => Math.max(0, Math.sin(t)), (t) => Math.abs(Math.sin(t))],
          { x: [0, 4 * Math.PI], y: [0, 1.2] },
          { x: 'wt', y: 'vo / Vm', caption: 'Graph 2: Output of the half-wave (solid) and the bridge rectifier (dashed) without a filter', dashed: [1], ticks: false },
        ),
        table(
          ['Circuit', 'Vm (V)', 'Vdc measured (V)', 'Vdc theory (V)', 'Ripple factor', 'With 1000 microfarad filter: Vdc (V)'],
          [['Half-wave', '16.97', '5.1', '5.18', '1.19', '15.2'], ['Bridge', '16.97', '9.8', '9.91', '0.49', '15.6']],
          { caption: 'Observation table (12-0-12 V transformer, load 1 kilo-ohm; theory includes diode drops of 0.7 V)', widths: [1, 0.8, 1.1, 1.1, 1, 1.8] },
        ),
        box('Viva questions', 'Why does the bridge rectifier need four diodes but a centre-tapped one only two? What is the peak inverse voltage of each diode in the two circuits? Why does the capacitor filter raise Vdc almost to Vm at light load?'),
        p('**Result:** The measured DC voltages and ripple factors agree with theory within 3 percent; the capacitor filter reduces the ripple drastically.'),
        signature('Signature of student', 'Signature of faculty'),
      ],
    ],
  },
  {
    branch: 'ece', semester: 3, subject: 'Digital Electronics', resourceType: 'PYQ', academicYear: '2022-23',
    originalName: 'Digital Electronics PYQ 2022 (Dec).pdf', uploader: 'admin', downloads: 147,
    title: 'Digital Electronics - December 2022', preparedBy: 'Office of the Controller of Examinations', createdAt: '2023-01-09T14:10',
    exam: paper('End Semester Examination, December 2022', 'BEC-302', 70, 'Attempt all questions of Section A, any three of Section B and any two of Section C.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'Convert (247.625) base 10 to binary, octal and hexadecimal.', 2],
          ['b', 'Find the 2\'s complement of 10110100 and verify by adding it to the number.', 2],
          ['c', 'Why are NAND and NOR gates called universal gates?', 2],
          ['d', 'State De Morgan\'s theorems.', 2],
          ['e', 'What is a race-around condition in a JK flip-flop?', 2],
          ['f', 'Differentiate between a synchronous and an asynchronous counter.', 2],
          ['g', 'What is the resolution of an 8-bit DAC with a full-scale output of 10.2 V?', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['Minimise F(A, B, C, D) = sum m(0, 1, 2, 5, 8, 9, 10) using a Karnaugh map and implement it with NAND gates only.', 10]),
        q(3, ['Design a full adder; write its truth table and implement it using two half adders and an OR gate.', 10]),
        q(4, ['Implement F(A, B, C) = sum m(1, 3, 5, 6) using an 8:1 multiplexer and also using a 4:1 multiplexer.', 10]),
        q(5, ['Convert a JK flip-flop into a T flip-flop and a D flip-flop. Show the excitation tables.', 10]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Design a synchronous mod-6 counter using JK flip-flops. Draw the state diagram and the timing diagram.', 9],
          ['b', 'What is a lock-out condition and how is it avoided?', 4],
        ),
        q(7,
          ['a', 'Minimise F = sum m(0, 2, 3, 6, 7, 8, 10, 12, 13) + d(5, 15) using the Quine-McCluskey method.', 9],
          ['b', 'Compare TTL and CMOS logic families in terms of fan-out, power and noise margin.', 4],
        ),
        q(8,
          ['a', 'Explain a 4-bit successive approximation ADC with a block diagram and find the conversion time for a 1 MHz clock.', 8],
          ['b', 'Design a 4-bit serial-in parallel-out shift register and draw its waveforms for the input 1011.', 5],
        ),
        p('*** Best of luck ***'),
      ],
    ],
  },
];
