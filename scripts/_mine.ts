import { readFileSync } from 'node:fs';
import { issueFromText } from '../src/common/issue';
import { mineIssue } from '../src/core/embedded/clues';
const [file, id] = process.argv.slice(2);
for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
  const row = JSON.parse(line);
  if (!row.instance_id.includes(id)) continue;
  const issue = issueFromText(row.problem_statement);
  const ev = mineIssue(issue);
  console.log('TITLE:', issue.title);
  console.log('titleWords:', ev.titleWords.join(' '));
  console.log('bodyWords:', ev.bodyWords.slice(0, 40).join(' '));
  console.log('clues:', ev.clues.slice(0, 40).map((c) => `${c.kind}:${c.text}@${c.source}`).join('  '));
  console.log('gold:', row.gold_files.join(' '));
}
