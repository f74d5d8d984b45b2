import { redactText } from '../common/redact';
import { terminalSafe } from '../common/terminalText';
import type { RowRecord } from './resume';

/** Where the harness reports progress; the CLI picks a bar on a TTY and plain lines elsewhere. */
export interface ProgressSink {
  start(total: number, resumed: number): void;
  row(record: RowRecord): void;
  note(message: string): void;
  finish(): void;
}

/** A stream the sinks write to (process.stderr, or a buffer in tests). */
export interface TextStream {
  write(text: string): unknown;
  columns?: number;
}

/** Dataset ids and error texts (which may quote a server) as they may reach a terminal: one line, redacted. */
function printable(text: string): string {
  return terminalSafe(redactText(text));
}

/** Counters both sinks share. */
class Counts {
  total = 0;
  done = 0;
  errors = 0;
  started = performance.now();
  add(record: RowRecord): void {
    this.done++;
    if (record.error !== undefined) this.errors++;
  }
  eta(): string {
    if (this.done === 0) return '?';
    const seconds = (((performance.now() - this.started) / this.done) * (this.total - this.done)) / 1000;
    return seconds >= 90 ? `${Math.round(seconds / 60)}m` : `${Math.round(seconds)}s`;
  }
}

/** One quiet line per finished row (CI logs, pipes). */
export class LineProgress implements ProgressSink {
  private readonly counts = new Counts();
  constructor(private readonly out: TextStream) {}

  start(total: number, resumed: number): void {
    this.counts.total = total;
    this.out.write(`eval: ${total} row runs to do${resumed ? `, ${resumed} already done (resumed)` : ''}\n`);
  }

  row(record: RowRecord): void {
    this.counts.add(record);
    const width = String(this.counts.total).length;
    const head = `[${String(this.counts.done).padStart(width)}/${this.counts.total}] ${record.brain} ${record.instance_id}`;
    const tail = record.error !== undefined ? `ERROR ${record.error}` : `F0.5=${record.f05.toFixed(2)} ${record.latency_ms ?? 0}ms`;
    this.out.write(`${printable(`${head} ${tail}`)}\n`);
  }

  note(message: string): void {
    this.out.write(`${printable(message)}\n`);
  }

  finish(): void {
    this.out.write(`eval: ${this.counts.done} done, ${this.counts.errors} errors\n`);
  }
}

/** A single redrawn bar on a terminal. */
export class BarProgress implements ProgressSink {
  private readonly counts = new Counts();
  private f05Sum = 0;
  constructor(private readonly out: TextStream) {}

  start(total: number, resumed: number): void {
    this.counts.total = total;
    if (resumed) this.note(`eval: ${resumed} row runs already done (resumed)`);
    this.draw();
  }

  row(record: RowRecord): void {
    this.counts.add(record);
    this.f05Sum += record.f05;
    if (record.error !== undefined) this.note(`${record.brain} ${record.instance_id}: ${record.error}`);
    else this.draw();
  }

  note(message: string): void {
    this.out.write(`\r\x1b[2K${printable(message)}\n`);
    this.draw();
  }

  finish(): void {
    this.draw();
    this.out.write('\n');
  }

  private draw(): void {
    const { done, total, errors } = this.counts;
    const width = Math.max(10, Math.min(40, (this.out.columns ?? 80) - 50));
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const mean = done === 0 ? 0 : this.f05Sum / done;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    this.out.write(`\r\x1b[2K${bar} ${done}/${total} F0.5 ${mean.toFixed(3)} err ${errors} eta ${this.counts.eta()}`);
  }
}
