import * as assert from 'node:assert/strict';
import { lineChartSvg } from '../../../bench/lib/svgChart';

describe('bench SVG line chart', () => {
  const series = [
    { label: 'locate <p50>', color: '#1f6feb', points: [{ x: 100, y: 200, label: 'a&b' }, { x: 10_000, y: 1200 }] },
    { label: 'floor', color: '#888', dashed: true, points: [{ x: 100, y: 50 }, { x: 10_000, y: 400 }] },
  ];

  it('draws one path per series, a point per value, and escapes text', () => {
    const svg = lineChartSvg(series, { title: 'ms "vs" files', xLabel: 'files', yLabel: 'ms', logX: true });
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.equal((svg.match(/<path /g) ?? []).length, 2);
    assert.equal((svg.match(/<circle /g) ?? []).length, 4);
    assert.match(svg, /locate &lt;p50&gt;/);
    assert.match(svg, /a&amp;b/);
    assert.match(svg, /ms &quot;vs&quot; files/);
    assert.doesNotMatch(svg, /NaN|Infinity/);
  });

  it('draws horizontal reference lines and fits them in the y range', () => {
    const svg = lineChartSvg(series, { title: 't', xLabel: 'x', yLabel: 'y', hLines: [{ y: 2500, label: 'goal <2.5 s>', color: '#c00' }] });
    assert.match(svg, /goal &lt;2\.5 s&gt;/);
    assert.ok(svg.includes('text-anchor="end">2.5k<'), 'the y axis reaches the line');
  });

  it('puts log-scale ticks on round numbers inside the range', () => {
    const svg = lineChartSvg(series, { title: 't', xLabel: 'x', yLabel: 'y', logX: true });
    for (const tick of ['>100<', '>200<', '>500<', '>1.0k<', '>10k<']) assert.ok(svg.includes(tick), `tick ${tick}`);
    // The y axis tops out at a round value above the largest point (1200 -> 1500).
    assert.ok(svg.includes('text-anchor="end">1.5k<'));
    assert.ok(!svg.includes('text-anchor="end">2.0k<'));
  });
});
