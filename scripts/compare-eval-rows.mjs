#!/usr/bin/env node
// Compares two `codegrep eval --out F` row files (F.rows.jsonl) row by row: same instance ids,
// same brain, same predicted_files in the same order. Prints every difference; exits 1 if any.
// Usage: node scripts/compare-eval-rows.mjs BEFORE.rows.jsonl AFTER.rows.jsonl [--common]
// --common compares only the rows both files have (for runs stopped early or run with --limit).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const common = args.includes('--common');
const [beforeFile, afterFile] = args.filter((a) => a !== '--common');
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/compare-eval-rows.mjs BEFORE.rows.jsonl AFTER.rows.jsonl');
  process.exit(2);
}

/** Rows keyed by brain and instance id (a resumed run may repeat a row: the last one wins, as in the report). */
function load(file) {
  const rows = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    rows.set(`${row.brain} ${row.instance_id}`, row);
  }
  return rows;
}

const before = load(beforeFile);
const after = load(afterFile);
if (common) {
  for (const key of [...before.keys()]) if (!after.has(key)) before.delete(key);
  for (const key of [...after.keys()]) if (!before.has(key)) after.delete(key);
}
let differences = 0;
let f05Before = 0;
let f05After = 0;
for (const [key, row] of before) {
  const other = after.get(key);
  if (!other) {
    differences++;
    console.log(`${key}: missing after`);
    continue;
  }
  f05Before += row.f05 ?? 0;
  f05After += other.f05 ?? 0;
  const a = JSON.stringify(row.predicted_files ?? null);
  const b = JSON.stringify(other.predicted_files ?? null);
  if (a !== b || (row.error ?? null) !== (other.error ?? null)) {
    differences++;
    console.log(`${key}: ${a} -> ${b}${other.error ? ` (error: ${other.error})` : ''}`);
  }
}
for (const key of after.keys()) {
  if (!before.has(key)) {
    differences++;
    console.log(`${key}: missing before`);
  }
}
const n = before.size || 1;
console.log(`${before.size} rows compared, ${differences} differ; mean F0.5 ${(f05Before / n).toFixed(4)} -> ${(f05After / n).toFixed(4)}`);
process.exit(differences === 0 ? 0 : 1);
