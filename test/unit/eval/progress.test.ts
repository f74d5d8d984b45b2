import assert from 'node:assert/strict';
import { ZERO_SCORE } from '../../../src/eval/metrics';
import { BarProgress, LineProgress } from '../../../src/eval/progress';
import type { RowRecord } from '../../../src/eval/resume';

const ok: RowRecord = { brain: 'bm25', instance_id: 'a-1', predicted_files: ['x'], gold_files: ['x'], precision: 1, recall: 1, f05: 1, hit_at_1: true, hit_at_5: true, latency_ms: 42 };
const failed: RowRecord = { brain: 'bm25', instance_id: 'a-2', predicted_files: [], gold_files: ['x'], ...ZERO_SCORE, error: 'unknown commit abc' };

function sink(): { text: string; write(chunk: string): void; columns: number } {
  return {
    text: '',
    columns: 100,
    write(chunk: string) {
      this.text += chunk;
    },
  };
}

describe('eval progress', () => {
  it('writes one quiet line per row off a terminal', () => {
    const out = sink();
    const progress = new LineProgress(out);
    progress.start(2, 5);
    progress.row(ok);
    progress.row(failed);
    progress.finish();
    assert.equal(
      out.text,
      'eval: 2 row runs to do, 5 already done (resumed)\n[1/2] bm25 a-1 F0.5=1.00 42ms\n[2/2] bm25 a-2 ERROR unknown commit abc\neval: 2 done, 1 errors\n',
    );
  });

  it('redraws a single bar on a terminal and prints errors above it', () => {
    const out = sink();
    const progress = new BarProgress(out);
    progress.start(2, 0);
    progress.row(ok);
    progress.row(failed);
    progress.finish();
    const frames = out.text.split('\r\x1b[2K').filter(Boolean);
    assert.match(frames[0], /^░+ 0\/2 F0\.5 0\.000 err 0 eta \?$/);
    assert.match(frames[1], /^█+░+ 1\/2 F0\.5 1\.000 err 0 eta \d+s$/);
    assert.equal(frames[2], 'bm25 a-2: unknown commit abc\n');
    assert.match(frames[frames.length - 1], /^█+ 2\/2 F0\.5 0\.500 err 1 eta 0s\n$/);
    assert.ok(!out.text.slice(0, -1).includes('\n['), 'no per-row lines');
  });
});
