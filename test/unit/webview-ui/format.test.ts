import * as assert from 'node:assert/strict';
import { issueFromText } from '../../../src/common/issue';
import type { CallView } from '../../../src/common/protocol';
import { startRunView } from '../../../src/common/runView';
import { describeCall, describeOutcome, describeStatus, describeTurn, excerpt, formatMs, linkTarget, rangeLabel, reasonParts, splitPath, wordAlternation, definitionNames, definitionNameParts, phraseAlternation, quotedOption, wholeWord, isReexportSearch, importSearchNames } from '../../../webview-ui/src/format';
import { importTiesPattern } from '../../../src/core/embedded/importTies';
import { REEXPORT_PATTERN } from '../../../src/core/embedded/reexports';
import { messageRetryForms, messageRetryPattern } from '../../../src/core/embedded/messageRetry';
import { definitionSearchPatterns } from '../../../src/core/embedded/definitions';
import { definitionWordsPattern, titleStems } from '../../../src/core/embedded/definitionWords';
import { optionPattern } from '../../../src/core/embedded/cliOptions';

const done = (count: number, extra: Partial<NonNullable<CallView['summary']>> = {}) => ({ count, truncated: false, bytes: 10, ms: 5, ...extra });

describe('webview text formatting', () => {
  it('describes each tool call the way the user reads it', () => {
    assert.equal(describeCall({ id: '1', name: 'grep', args: { pattern: 'def save', path: 'src', glob: '*.py', case_insensitive: true } }), 'grep "def save" in src (*.py) · ignore case');
    assert.equal(describeCall({ id: '2', name: 'glob', args: { pattern: '**/*.ts' } }), 'glob "**/*.ts"');
    assert.equal(describeCall({ id: '3', name: 'read', args: { path: 'a.py', start_line: 10, end_line: 40 } }), 'read a.py:10-40');
    assert.equal(describeCall({ id: '4', name: 'read', args: { path: 'a.py' } }), 'read a.py');
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join('|');
    const long = { id: '5', name: 'grep' as const, args: { pattern: words, path: 'src/a.py', case_insensitive: true } };
    assert.equal(describeCall(long), 'grep for any of 40 words: word0, word1, word2, word3, word4, … in src/a.py · ignore case');
    assert.equal(describeCall(long, true), `grep "${words}" in src/a.py · ignore case`, 'the tooltip keeps the exact pattern');
    const regex = `(foo|bar)+${'x'.repeat(90)}`;
    assert.equal(describeCall({ id: '6', name: 'grep', args: { pattern: regex } }), `grep "${regex.slice(0, 79)}…"`, 'a real regex stays a regex, clipped');
  });

  it('says in words what the embedded brain looked for (word lists, definitions), not its regex', () => {
    assert.deepEqual(wordAlternation(String.raw`\b(?:consume|TokenBucket|tokens\.py|refill)\b`), ['consume', 'TokenBucket', 'tokens.py', 'refill']);
    assert.deepEqual(wordAlternation('alpha|beta|gamma|delta'), ['alpha', 'beta', 'gamma', 'delta']);
    assert.equal(wordAlternation('a|b'), undefined, 'two alternatives read fine as a regex');
    assert.equal(wordAlternation('def (save|load|dump|read)\\('), undefined);
    const [defs, lineStart] = definitionSearchPatterns(['save_model', 'TokenBucket']);
    assert.deepEqual(definitionNames(defs), ['save_model', 'TokenBucket']);
    assert.deepEqual(definitionNames(lineStart), ['save_model', 'TokenBucket']);
    assert.equal(describeCall({ id: '7', name: 'grep', args: { pattern: defs, glob: '*.py' } }), 'grep for the definitions of 2 names: save_model, TokenBucket (*.py)');
    assert.equal(definitionNames('(?:a|b)\\b'), undefined);
    const named = definitionWordsPattern(titleStems(['technical', 'response']));
    assert.equal(definitionNames(named), undefined);
    assert.equal(
      describeCall({ id: '8', name: 'grep', args: { pattern: named, paths: ['a.py', 'b.py'], case_insensitive: true } }),
      'grep for definitions named with 2 words: technic…, respons… · ignore case',
    );
    assert.equal(definitionNameParts('[\\w$]*(?:technic|respons)'), undefined, 'not a definition search');
  });

  it("says which phrasings the second look for a message searched, not its regex", () => {
    const pattern = messageRetryPattern(messageRetryForms('WARNING: no number is assigned for table'))!;
    assert.deepEqual(phraseAlternation(pattern), ['no number is assigned for table', 'no number is assigned for', 'number is assigned for table', 'number is assigned for']);
    assert.equal(
      describeCall({ id: '9', name: 'grep', args: { pattern, case_insensitive: true } }),
      'grep for 4 phrasings: "no number is assigned for table", "no number is assigned for", … · ignore case',
    );
    assert.deepEqual(phraseAlternation(messageRetryPattern(['got (x) y.z w'])!), ['got (x) y.z w'], 'escaped characters read as written');
    assert.equal(phraseAlternation('a\\s+b.*c'), undefined, 'a regex stays a regex');
    assert.equal(phraseAlternation('alpha|beta'), undefined);
  });

  it("says the leader check's import and re-export searches in words, not their regex", () => {
    const imports = importTiesPattern(['lib/yaml.c', 'django/db/models/lookups.py', 'src/database/index.js'])!;
    assert.deepEqual(importSearchNames(imports), ['yaml', 'lookups', 'database']);
    assert.equal(describeCall({ id: 'i', name: 'grep', args: { pattern: imports } }), 'grep for import lines naming 3 files: yaml, lookups, database');
    assert.ok(isReexportSearch(REEXPORT_PATTERN));
    assert.equal(describeCall({ id: 'r', name: 'grep', args: { pattern: REEXPORT_PATTERN } }), 'grep for re-exports (export … from)');
    assert.equal(importSearchNames('(?:import|from) x'), undefined);
    assert.ok(!isReexportSearch('export function'));
    assert.match(describeCall({ id: 'f', name: 'grep', args: { pattern: REEXPORT_PATTERN } }, true), /\^\\s\*export/, 'the full form keeps the regex');
  });

  it('says an option is searched where it is declared, not its regex', () => {
    assert.equal(describeCall({ id: '11', name: 'grep', args: { pattern: optionPattern('--collect-only') } }), 'grep for where the option "--collect-only" is declared');
    assert.equal(quotedOption(optionPattern('--fix-type')), '--fix-type');
    assert.equal(quotedOption(String.raw`["'\`](?:-[A-Za-z], ?)?--a|b(?:[ =][^"'\`]*)?["'\`]`), undefined, 'an alternation is not one option');
  });

  it('says a diagnostic code is searched as a whole word, not its regex', () => {
    assert.equal(describeCall({ id: '10', name: 'grep', args: { pattern: String.raw`\badmin\.E108\b` } }), 'grep "admin.E108" as a whole word');
    assert.equal(wholeWord(String.raw`\bW0511\b`), 'W0511');
    assert.equal(wholeWord(String.raw`\b(?:a|b)\b`), undefined, 'an alternation is not one word');
    assert.equal(wholeWord(String.raw`\bfoo.*\b`), undefined);
  });

  it('says what a call found, or its error', () => {
    const grep: CallView = { id: '1', call: { id: '1', name: 'grep', args: { pattern: 'x' } } };
    assert.deepEqual(describeOutcome(grep), { text: 'running…', error: false });
    assert.deepEqual(describeOutcome({ ...grep, summary: done(1) }), { text: '1 hit', error: false });
    assert.deepEqual(describeOutcome({ ...grep, summary: done(100, { truncated: true }) }), { text: '100 hits (truncated)', error: false });
    assert.deepEqual(describeOutcome({ ...grep, summary: done(0, { error: 'error: regex parse error' }) }), { text: 'regex parse error', error: true });
  });

  it('summarises turns and the run status', () => {
    const call = (id: string, count: number, error?: string): CallView => ({ id, call: { id, name: 'glob', args: { pattern: '*' } }, summary: done(count, { error }) });
    assert.equal(describeTurn({ turn: 2, final: false, calls: [call('a', 3), call('b', 0, 'bad')] }), 'Turn 2 · 2 calls · 3 results · 1 error');
    assert.equal(describeTurn({ turn: 4, final: true, calls: [] }), 'Turn 4 · answer');
    assert.equal(describeTurn({ turn: 2, final: false, calls: [] }, true), 'Turn 2 · answer', 'a brain may answer before the last turn');
    const view = { ...startRunView('r', issueFromText('t'), []), brain: 'embedded', totalTurns: 4, currentTurn: 2, toolCalls: 8 };
    assert.equal(describeStatus(view), 'Searching · embedded · turn 2 of 3 · 8 calls', 'turns as codegrep.maxTurns counts them');
    assert.equal(describeStatus({ ...view, currentTurn: 4 }), 'Searching · embedded · answering · 8 calls');
    assert.equal(describeStatus({ ...view, status: 'error', brain: '' }), 'Failed');
  });

  it('formats ranges, paths, excerpts and durations', () => {
    assert.equal(rangeLabel([10, 40]), 'L10–40');
    assert.equal(rangeLabel([7, 7]), 'L7');
    assert.deepEqual(splitPath('src/a/b.py'), { dir: 'src/a/', name: 'b.py' });
    assert.deepEqual(splitPath('b.py'), { dir: '', name: 'b.py' });
    assert.equal(excerpt('a\n\n  b', 10), 'a b');
    assert.equal(excerpt('x'.repeat(20), 10), `${'x'.repeat(9)}…`);
    assert.deepEqual(reasonParts('Defines `TokenBucket` and `consume`; a ` stray'), [
      { text: 'Defines ', code: false },
      { text: 'TokenBucket', code: true },
      { text: ' and ', code: false },
      { text: 'consume', code: true },
      { text: '; a ` stray', code: false },
    ]);
    assert.deepEqual(reasonParts('<img src=x onerror=alert(1)>'), [{ text: '<img src=x onerror=alert(1)>', code: false }]);
    assert.equal(formatMs(42), '42 ms');
    assert.equal(formatMs(1840), '1.8 s');
    assert.equal(formatMs(63_000), '1 min 3 s');
  });
});

describe('webview links', () => {
  it('makes only http(s) issue URLs into links (never javascript: or data:)', () => {
    assert.equal(linkTarget('https://github.com/o/r/issues/1'), 'https://github.com/o/r/issues/1');
    assert.equal(linkTarget('http://ghe.corp/o/r/issues/2'), 'http://ghe.corp/o/r/issues/2');
    for (const bad of ['javascript:alert(9)', 'JaVaScRiPt:alert(9)', ' javascript:alert(9)', 'data:text/html,<script>x</script>', 'vbscript:x', 'not a url', undefined]) {
      assert.equal(linkTarget(bad), undefined, String(bad));
    }
  });
});
