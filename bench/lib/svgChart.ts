// A dependency-free SVG line chart: enough for "ms vs files" plots in the docs.

/** One line of the chart: its points in data units and its colour. */
export interface Series {
  label: string;
  color: string;
  points: { x: number; y: number; label?: string }[];
  dashed?: boolean;
}

/** Axis titles, the chart title, and whether x is drawn on a log scale. */
export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  logX?: boolean;
  /** Horizontal reference lines, e.g. a goal. */
  hLines?: { y: number; label: string; color: string }[];
  width?: number;
  height?: number;
}

const MARGIN = { left: 64, right: 200, top: 36, bottom: 52 };

/** Renders the series as a standalone SVG document (text escaped, fixed size, readable on light and dark pages). */
export function lineChartSvg(series: Series[], options: ChartOptions): string {
  const width = options.width ?? 720;
  const height = options.height ?? 400;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const all = series.flatMap((s) => s.points);
  const fx = (x: number) => (options.logX ? Math.log10(x) : x);
  const xs = all.map((p) => fx(p.x));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yMax = niceCeil(Math.max(...all.map((p) => p.y), ...(options.hLines ?? []).map((l) => l.y)));
  const sx = (x: number) => MARGIN.left + ((fx(x) - xMin) / (xMax - xMin || 1)) * plotW;
  const sy = (y: number) => MARGIN.top + plotH - (y / yMax) * plotH;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${esc(options.title)}</text>`);
  for (let i = 0; i <= 5; i++) {
    const y = (yMax / 5) * i;
    out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${sy(y).toFixed(1)}" y2="${sy(y).toFixed(1)}" stroke="#e0e0e0"/>`);
    out.push(`<text x="${MARGIN.left - 6}" y="${(sy(y) + 4).toFixed(1)}" text-anchor="end">${fmt(y)}</text>`);
  }
  for (const x of xTicks(all.map((p) => p.x), options.logX === true)) {
    out.push(`<line x1="${sx(x).toFixed(1)}" x2="${sx(x).toFixed(1)}" y1="${MARGIN.top + plotH}" y2="${MARGIN.top + plotH + 4}" stroke="#333"/>`);
    out.push(`<text x="${sx(x).toFixed(1)}" y="${MARGIN.top + plotH + 17}" text-anchor="middle">${fmt(x)}</text>`);
  }
  out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${MARGIN.top + plotH}" y2="${MARGIN.top + plotH}" stroke="#333"/>`);
  out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${MARGIN.top}" y2="${MARGIN.top + plotH}" stroke="#333"/>`);
  out.push(`<text x="${MARGIN.left + plotW / 2}" y="${height - 12}" text-anchor="middle">${esc(options.xLabel)}</text>`);
  out.push(`<text transform="translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(options.yLabel)}</text>`);
  for (const line of options.hLines ?? []) {
    out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${sy(line.y).toFixed(1)}" y2="${sy(line.y).toFixed(1)}" stroke="${line.color}" stroke-dasharray="2 3"/>`);
    out.push(`<text x="${MARGIN.left + 4}" y="${(sy(line.y) - 4).toFixed(1)}" font-size="11" fill="${line.color}">${esc(line.label)}</text>`);
  }
  series.forEach((s, index) => {
    const sorted = [...s.points].sort((a, b) => a.x - b.x);
    const d = sorted.map((p, i) => `${i ? 'L' : 'M'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    sorted.forEach((p, i) => {
      out.push(`<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="3.5" fill="${s.color}"/>`);
      // Point labels of the first series, alternately above and below, so neighbours do not overprint.
      const dy = i % 2 === 0 ? -8 : 16;
      if (p.label && index === 0) out.push(`<text x="${(sx(p.x) + 5).toFixed(1)}" y="${(sy(p.y) + dy).toFixed(1)}" font-size="11" fill="#444">${esc(p.label)}</text>`);
    });
    const ly = MARGIN.top + 10 + index * 20;
    const lx = MARGIN.left + plotW + 14;
    out.push(`<line x1="${lx}" x2="${lx + 22}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    out.push(`<text x="${lx + 28}" y="${ly + 4}">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Ticks inside the data's range: 1-2-5 steps per decade on a log axis, six even steps on a linear one. */
function xTicks(values: number[], log: boolean): number[] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (!log) return Array.from({ length: 6 }, (_, i) => min + ((max - min) / 5) * i);
  const ticks: number[] = [];
  for (let power = 10 ** Math.floor(Math.log10(min)); power <= max; power *= 10) {
    for (const step of [1, 2, 5]) if (step * power >= min && step * power <= max) ticks.push(step * power);
  }
  return ticks.length >= 2 ? ticks : [min, max];
}

/** Rounds up to a step of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten, so five grid lines land on round numbers. */
function niceCeil(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function fmt(value: number): string {
  if (value >= 10_000) return `${(value / 1000).toFixed(0)}k`;
  if (value >= 1000) return `${(value / 1000).toFixed(1)}k`;
  return String(Math.round(value));
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
