import type { Block, Shape } from './demo-pdf-model.js';

/**
 * Diagram builders for the demo documents: flow charts, layer stacks, trees, graphs, plots,
 * Gantt charts and a circuit, all as plain vector shapes. Coordinates are the diagram's own
 * (origin top-left, y down) across the 483-point text width.
 */
const W = 483;

const diagram = (height: number, shapes: Shape[], caption: string): Block => ({ kind: 'diagram', height, shapes, caption });

/** Boxes left to right joined by arrows; "\n" in a label breaks the line. */
export function flow(labels: string[], caption: string, options: { boxHeight?: number; loopBack?: string } = {}): Block {
  const gap = 22;
  const bw = (W - gap * (labels.length - 1)) / labels.length;
  const bh = options.boxHeight ?? 40;
  const top = 6;
  const shapes: Shape[] = [];
  labels.forEach((label, i) => {
    const x = i * (bw + gap);
    shapes.push({ kind: 'box', x, y: top, w: bw, h: bh, label });
    if (i > 0) shapes.push({ kind: 'arrow', x1: x - gap + 1, y1: top + bh / 2, x2: x - 1, y2: top + bh / 2 });
  });
  let height = bh + 14;
  if (options.loopBack) {
    // A feedback path from the last box back to the first, under the row.
    const y = top + bh + 16;
    const last = W - bw / 2;
    shapes.push({ kind: 'path', points: [last, top + bh, last, y, bw / 2, y], dashed: true });
    shapes.push({ kind: 'arrow', x1: bw / 2, y1: y, x2: bw / 2, y2: top + bh + 1, dashed: true });
    shapes.push({ kind: 'text', x: W / 2, y: y + 11, text: options.loopBack, size: 8, align: 'center' });
    height += 32;
  }
  return diagram(height, shapes, caption);
}

/** Boxes top to bottom (the first label on top), for layer models; `side` labels the right. */
export function stack(layers: string[], caption: string, side: string[] = []): Block {
  const bh = 22;
  const bw = side.length ? 300 : 340;
  const x = side.length ? 40 : (W - bw) / 2;
  const shapes: Shape[] = [];
  layers.forEach((label, i) => {
    shapes.push({ kind: 'box', x, y: 4 + i * bh, w: bw, h: bh, label, bold: i === 0, shade: i % 2 === 0 });
    const note = side[i];
    if (note) shapes.push({ kind: 'text', x: x + bw + 14, y: 4 + i * bh + bh / 2 + 3, text: note, size: 8 });
  });
  return diagram(layers.length * bh + 12, shapes, caption);
}

/**
 * A rooted tree given level by level; level k has 2^k slots and `null` leaves a slot empty,
 * so the same function draws binary search trees, heaps and recursion trees.
 */
export function tree(levels: (string | null)[][], caption: string, r = 14): Block {
  const gapY = 48;
  const shapes: Shape[] = [];
  const pos = (level: number, index: number) => ({
    x: ((index + 0.5) * W) / 2 ** level,
    y: r + 4 + level * gapY,
  });
  levels.forEach((nodes, level) => {
    nodes.forEach((label, index) => {
      if (label === null) return;
      const here = pos(level, index);
      if (level > 0) {
        const up = pos(level - 1, Math.floor(index / 2));
        const d = Math.hypot(here.x - up.x, here.y - up.y);
        const [ux, uy] = [(here.x - up.x) / d, (here.y - up.y) / d];
        shapes.push({ kind: 'arrow', head: 'none', x1: up.x + ux * r, y1: up.y + uy * r, x2: here.x - ux * r, y2: here.y - uy * r });
      }
      shapes.push({ kind: 'circle', x: here.x, y: here.y, r, label, shade: true });
    });
  });
  return diagram((levels.length - 1) * gapY + 2 * r + 10, shapes, caption);
}

/** Circles at given positions joined by edges `[from, to, label?]`; `directed` adds heads. */
export function graph(
  nodes: Record<string, [number, number]>,
  edges: [string, string, string?][],
  caption: string,
  options: { directed?: boolean; height?: number; r?: number } = {},
): Block {
  const r = options.r ?? 15;
  const shapes: Shape[] = [];
  for (const [from, to, label] of edges) {
    const [ax, ay] = nodes[from]!;
    const [bx, by] = nodes[to]!;
    const d = Math.hypot(bx - ax, by - ay);
    const [ux, uy] = [(bx - ax) / d, (by - ay) / d];
    shapes.push({
      kind: 'arrow',
      head: options.directed ? 'end' : 'none',
      x1: ax + ux * r,
      y1: ay + uy * r,
      x2: bx - ux * r,
      y2: by - uy * r,
      label,
    });
  }
  for (const [label, [x, y]] of Object.entries(nodes)) shapes.push({ kind: 'circle', x, y, r, label, shade: true });
  const height = options.height ?? Math.max(...Object.values(nodes).map(([, y]) => y)) + r + 8;
  return diagram(height, shapes, caption);
}

/** One or more curves y = f(x) on labelled axes; `marks` adds labelled points. */
export function plot(
  curves: ((x: number) => number)[],
  range: { x: [number, number]; y: [number, number] },
  labels: { x: string; y: string; caption: string; marks?: [number, number, string][]; dashed?: number[]; ticks?: boolean },
): Block {
  const [left, top, pw, ph] = [60, 8, 360, 150];
  const sx = (x: number) => left + ((x - range.x[0]) / (range.x[1] - range.x[0])) * pw;
  const sy = (y: number) => top + ph - ((y - range.y[0]) / (range.y[1] - range.y[0])) * ph;
  const originY = sy(Math.max(range.y[0], Math.min(range.y[1], 0)));
  const originX = sx(Math.max(range.x[0], Math.min(range.x[1], 0)));
  const shapes: Shape[] = [
    { kind: 'arrow', x1: left - 4, y1: originY, x2: left + pw + 12, y2: originY },
    { kind: 'arrow', x1: originX, y1: top + ph + 4, x2: originX, y2: top - 6 },
    { kind: 'text', x: left + pw + 12, y: originY + 23, text: labels.x, size: 8, align: 'right' },
    { kind: 'text', x: originX - 6, y: top - 2, text: labels.y, size: 8, align: 'right' },
  ];
  if (labels.ticks !== false) {
    for (const v of tickValues(range.x)) {
      shapes.push({ kind: 'arrow', head: 'none', x1: sx(v), y1: originY, x2: sx(v), y2: originY + 3 });
      if (v !== 0 || originX !== sx(0)) shapes.push({ kind: 'text', x: sx(v), y: originY + 12, text: String(v), size: 7, align: 'center' });
    }
    for (const v of tickValues(range.y)) {
      if (v === 0 || sy(v) < top + 8) continue; // the axis label sits at the top
      shapes.push({ kind: 'arrow', head: 'none', x1: originX - 3, y1: sy(v), x2: originX, y2: sy(v) });
      shapes.push({ kind: 'text', x: originX - 5, y: sy(v) + 2.5, text: String(v), size: 7, align: 'right' });
    }
  }
  curves.forEach((f, index) => {
    // A curve leaving the plotted range is cut there rather than flattened along the border.
    let points: number[] = [];
    let drawn = false;
    const flush = () => {
      if (points.length >= 4) shapes.push({ kind: 'path', points, width: 1.2, dashed: labels.dashed?.includes(index) });
      drawn ||= points.length >= 4;
      points = [];
    };
    for (let i = 0; i <= 160; i++) {
      const x = range.x[0] + ((range.x[1] - range.x[0]) * i) / 160;
      const y = f(x);
      if (y >= range.y[0] && y <= range.y[1]) points.push(sx(x), sy(y));
      else flush();
    }
    flush();
    // A curve entirely outside the axes is a mistake in the data, not an empty plot.
    if (!drawn) throw new Error(`Curve ${index} of "${labels.caption}" lies outside the plotted range`);
  });
  for (const [x, y, text] of labels.marks ?? []) {
    shapes.push({ kind: 'circle', x: sx(x), y: sy(y), r: 2.2, shade: true });
    // Labels point away from the nearer side so they stay inside the plot.
    const right = sx(x) > left + pw / 2;
    shapes.push({ kind: 'text', x: sx(x) + (right ? -5 : 5), y: sy(y) - 5, text, size: 7.5, align: right ? 'right' : 'left' });
  }
  return diagram(Math.max(ph + top, originY + 18) + 10, shapes, labels.caption);
}

/** Round axis values, about six to ten of them, for tick marks. */
function tickValues([min, max]: [number, number]): number[] {
  const raw = (max - min) / 8;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const values: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) values.push(Math.round(v * 1000) / 1000);
  return values;
}

/** A Gantt chart of `[process, start, end]` slices, with time marks under it. */
export function gantt(slices: [string, number, number][], caption: string): Block {
  const end = Math.max(...slices.map(([, , e]) => e));
  const scale = (W - 20) / end;
  const shapes: Shape[] = [];
  for (const [label, start, stop] of slices) {
    shapes.push({ kind: 'box', x: 10 + start * scale, y: 6, w: (stop - start) * scale, h: 28, label, bold: true });
  }
  const marks = [...new Set(slices.flatMap(([, s, e]) => [s, e]))].sort((a, b) => a - b);
  for (const t of marks) shapes.push({ kind: 'text', x: 10 + t * scale, y: 46, text: String(t), size: 8, align: 'center' });
  return diagram(52, shapes, caption);
}

/** A series R-L-C circuit driven by an AC source, drawn as a rectangular loop. */
export function seriesRlc(caption: string): Block {
  const [x0, x1, y0, y1] = [110, 380, 14, 124];
  const zig: number[] = [];
  for (let i = 0; i <= 8; i++) zig.push(150 + i * 6, y0 + (i === 0 || i === 8 ? 0 : i % 2 ? -6 : 6));
  const coil: number[] = [];
  for (let i = 0; i <= 24; i++) coil.push(240 + i * 2.5, y0 - Math.abs(Math.sin((i / 24) * 4 * Math.PI)) * 9);
  const shapes: Shape[] = [
    { kind: 'path', points: [x0, 56, x0, y0, 150, y0] },
    { kind: 'path', points: zig },
    { kind: 'path', points: [198, y0, 240, y0] },
    { kind: 'path', points: coil },
    { kind: 'path', points: [300, y0, x1, y0, x1, 62] },
    { kind: 'path', points: [x1 - 14, 62, x1 + 14, 62], width: 1.6 },
    { kind: 'path', points: [x1 - 14, 70, x1 + 14, 70], width: 1.6 },
    { kind: 'path', points: [x1, 70, x1, y1, x0, y1, x0, 88] },
    { kind: 'circle', x: x0, y: 72, r: 16, label: '~' },
    { kind: 'text', x: 174, y: y0 - 12, text: 'R', size: 9, bold: true, align: 'center' },
    { kind: 'text', x: 270, y: y0 - 14, text: 'L', size: 9, bold: true, align: 'center' },
    { kind: 'text', x: x1 + 20, y: 69, text: 'C', size: 9, bold: true },
    { kind: 'text', x: x0 - 22, y: 75, text: 'v(t)', size: 8.5, align: 'right' },
    { kind: 'arrow', x1: 230, y1: y1 + 10, x2: 270, y2: y1 + 10, label: 'i(t)' },
  ];
  return diagram(y1 + 18, shapes, caption);
}

/** A sequence diagram: actors with lifelines and labelled messages `[from, to, label]`, top to bottom. */
export function sequence(actors: string[], messages: [number, number, string][], caption: string): Block {
  const slot = W / actors.length;
  const x = (i: number) => slot * (i + 0.5);
  const step = 22;
  const bottom = 34 + messages.length * step;
  const shapes: Shape[] = [];
  actors.forEach((name, i) => {
    shapes.push({ kind: 'box', x: x(i) - 50, y: 2, w: 100, h: 22, label: name, bold: true });
    shapes.push({ kind: 'path', points: [x(i), 24, x(i), bottom], dashed: true, width: 0.6 });
  });
  messages.forEach(([from, to, label], i) => {
    const y = 36 + i * step;
    // A slight slope shows that a message takes time to arrive.
    shapes.push({ kind: 'arrow', x1: x(from), y1: y, x2: x(to), y2: y + 7, label });
  });
  return diagram(bottom + 4, shapes, caption);
}

/** A simply supported beam (pin on the left, roller on the right) with point loads and a UDL. */
export function beam(
  loads: [number, string][],
  caption: string,
  options: { udl?: [number, number, string]; spans?: string[] } = {},
): Block {
  const [x0, x1, y] = [50, 430, 62];
  const at = (f: number) => x0 + f * (x1 - x0);
  const shapes: Shape[] = [
    { kind: 'box', x: x0, y: y - 5, w: x1 - x0, h: 10, shade: true },
    { kind: 'path', points: [x0, y + 5, x0 - 10, y + 22, x0 + 10, y + 22], closed: true },
    { kind: 'path', points: [x0 - 14, y + 22, x0 + 14, y + 22], width: 1.4 },
    { kind: 'path', points: [x1, y + 5, x1 - 10, y + 18, x1 + 10, y + 18], closed: true },
    { kind: 'circle', x: x1 - 5, y: y + 21, r: 2.5 },
    { kind: 'circle', x: x1 + 5, y: y + 21, r: 2.5 },
    { kind: 'text', x: x0, y: y + 34, text: 'A', size: 8.5, bold: true, align: 'center' },
    { kind: 'text', x: x1, y: y + 34, text: 'B', size: 8.5, bold: true, align: 'center' },
  ];
  for (const [f, label] of loads) {
    shapes.push({ kind: 'arrow', x1: at(f), y1: 12, x2: at(f), y2: y - 6 });
    shapes.push({ kind: 'text', x: at(f), y: 8, text: label, size: 8, align: 'center' });
  }
  if (options.udl) {
    const [from, to, label] = options.udl;
    for (let f = from; f <= to + 1e-9; f += (to - from) / 8) shapes.push({ kind: 'arrow', x1: at(f), y1: 30, x2: at(f), y2: y - 6 });
    shapes.push({ kind: 'path', points: [at(from), 30, at(to), 30] });
    shapes.push({ kind: 'text', x: (at(from) + at(to)) / 2, y: 25, text: label, size: 8, align: 'center' });
  }
  // Dimension line under the beam, one segment per span label.
  const spans = options.spans ?? [];
  const marks = [0, ...loads.map(([f]) => f), 1].filter((f, i, all) => all.indexOf(f) === i).sort((a, b) => a - b);
  spans.forEach((label, i) => {
    const [a, b] = [marks[i], marks[i + 1]];
    if (a === undefined || b === undefined) return;
    shapes.push({ kind: 'arrow', head: 'both', x1: at(a), y1: y + 44, x2: at(b), y2: y + 44 });
    shapes.push({ kind: 'text', x: (at(a) + at(b)) / 2, y: y + 56, text: label, size: 8, align: 'center' });
  });
  return diagram(y + (spans.length ? 62 : 40), shapes, caption);
}

/** Free-form shapes, for the odd figure no builder covers. */
export function figure(height: number, shapes: Shape[], caption: string): Block {
  return diagram(height, shapes, caption);
}
