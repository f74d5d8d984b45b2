import { strict as assert } from 'node:assert';
import { minimatch } from 'minimatch';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { localeGlobNames, localeIdentifiers, localeOfFile, namedLocales } from '../../../../src/core/embedded/locales';
import { titleStemGlob } from '../../../../src/core/embedded/plan';
import { pathKind } from '../../../../src/core/embedded/pathKinds';
import { issueKind } from '../../../../src/core/embedded/score';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

describe('locales a title names by language', () => {
  it('reads a language name next to a locale word, before or after it, in one or two words', () => {
    assert.deepEqual(namedLocales('Bosnian locale: relative time strings are still English'), ['bs']);
    assert.deepEqual(namedLocales('German translations missing for the date picker'), ['de']);
    assert.deepEqual(namedLocales('locale: Hungarian pagination label'), ['hu']);
    assert.deepEqual(namedLocales('Add Norwegian Bokmål translation'), ['nb']);
    assert.deepEqual(namedLocales('Fix typo in Brazilian Portuguese locale'), ['pt']);
  });

  it('reads a code written with its region there, alone or after the name', () => {
    assert.deepEqual(namedLocales('zh-TW locale: wrong month names'), ['zh']);
    assert.deepEqual(namedLocales('Improve pt_BR translation'), ['pt']);
    assert.deepEqual(namedLocales('[l10n] Improve Hungarian (huHU) locale'), ['hu']);
    assert.deepEqual(namedLocales('[l10n] Add Bosnian (bs-BA) locale'), ['bs']);
    assert.deepEqual(namedLocales('Date is locale dependent'), [], '"is" is a code, but written without a region');
  });

  it("reads a language as the title's label", () => {
    assert.deepEqual(namedLocales('Slovenian: "last day of the month" shows a literal %s'), ['sl']);
    assert.deepEqual(namedLocales('[Polish] weekday ranges use the wrong case'), ['pl']);
    assert.deepEqual(namedLocales('Norwegian Bokmål: no space after "Kl."'), ['nb']);
    assert.deepEqual(namedLocales('Windows: crash on start'), [], 'a label that is no language');
    assert.deepEqual(namedLocales('Crash: the German locale is missing'), ['de']);
  });

  it('ignores a language named without a locale word, and a locale word without a language', () => {
    assert.deepEqual(namedLocales('Relative time strings are still English'), []);
    assert.deepEqual(namedLocales('Language selector does not open'), []);
    assert.deepEqual(namedLocales('Wrong locale after switching'), []);
  });

  it("knows a locale's files by code, with region or script parts, and nothing longer", () => {
    assert.equal(localeOfFile('src/locale/bs.js', ['bs']), 'bs');
    assert.equal(localeOfFile('i18n/pt-BR.json', ['pt']), 'pt');
    assert.equal(localeOfFile('lang/zh_TW.ts', ['zh']), 'zh');
    assert.equal(localeOfFile('src/locale/sr-cyrl.js', ['sr']), 'sr');
    assert.equal(localeOfFile('src/locales/huHU.ts', ['hu']), 'hu', "MUI X's spelling");
    assert.equal(localeOfFile('src/locale/hu/index.js', ['hu']), 'hu', "date-fns's folders");
    for (const path of ['a/bsx.js', 'a/abs.js', 'a/de.js', 'a/huge.js', 'a/HUGE.js', 'a/huhu.js']) assert.equal(localeOfFile(path, ['bs', 'hu']), undefined, path);
  });

  it("lists those files in the title's file-name glob", () => {
    const glob = titleStemGlob(['relative', 'time'], localeGlobNames(['bs', 'hu']));
    const matches = (path: string) => minimatch(path, glob!, { nocase: true, dot: true });
    for (const path of ['src/locale/bs.js', 'i18n/bs-Latn.json', 'lang/bs_BA.ts', 'src/time.ts', 'src/locales/huHU.ts']) assert.ok(matches(path), path);
    for (const path of ['src/locale/abs.js', 'src/locale/bsx.js', 'src/locale/de.js', 'src/huge.js']) assert.ok(!matches(path), path);
  });

  it('treats the named locale as source, and every other string table as data', () => {
    const context = { titleLocales: ['bs'], localeTables: new Set<string>() };
    assert.equal(pathKind('src/locale/bs.js'), 'data');
    assert.equal(issueKind('src/locale/bs.js', context), 'source');
    assert.equal(issueKind('src/locale/hr.js', context), 'data');
    assert.equal(issueKind('test/locale/bs.test.js', context), 'test');
    assert.equal(issueKind('src/locale/index.js', { titleLocales: ['hu'], localeTables: new Set(['src/locale/index.js']) }), 'source');
  });

  it("gives a locale's identifier with its likely region, as a title clue", () => {
    assert.deepEqual(localeIdentifiers(['hu', 'pt']), ['huHU', 'ptBR']);
    const clue = mineIssue({ title: 'Hungarian locale: pagination range in English', body: '' }).clues.find((c) => c.text === 'huHU');
    assert.equal(clue?.source, 'title');
  });
});

/** A date library's locales beside the plugin that reads their strings; the Bosnian one lacks them. */
const FILES: Record<string, string> = {
  'src/locale/bs.js': "const locale = {\n  name: 'bs',\n  weekdays: 'nedjelja_ponedjeljak_utorak_srijeda_četvrtak_petak_subota'.split('_'),\n  months: 'januar_februar_mart_april_maj_juni_juli_august_septembar_oktobar_novembar_decembar'.split('_'),\n  ordinal: (n) => n,\n};\nexport default locale;\n",
  'src/locale/hr.js': "const locale = {\n  name: 'hr',\n  relativeTime: { future: 'za %s', past: 'prije %s', s: 'sekunda' },\n  ordinal: (n) => `${n}.`,\n};\nexport default locale;\n",
  'src/locale/en.js': "export default {\n  name: 'en',\n  relativeTime: { future: 'in %s', past: '%s ago', s: 'a few seconds' },\n};\n",
  'src/plugin/relativeTime/index.js': "export default (o, c, d) => {\n  // relative time strings come from the locale\n  const relative = (input, withoutSuffix, instance) => {\n    const loc = instance.$locale().relativeTime || d.en.relativeTime;\n    return loc.future.replace('%s', input);\n  };\n  c.prototype.fromNow = function (withoutSuffix) { return relative(this, withoutSuffix, this); };\n};\n",
  'src/index.js': "import en from './locale/en';\n\nexport function locale(preset) {\n  return preset || en;\n}\n",
};

describe('a locale named by its language end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-locales-');
  });

  after(() => removeTree(dir));

  it("answers the named locale's file first, and says why", async () => {
    const title = 'Bosnian locale: the ordinal has no trailing dot';
    const body = 'Formatting the 5th of a month with the Bosnian locale loaded prints "5", where Bosnian writes "5." as Croatian does.';
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/locale/bs.js', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]?.reason ?? '', /^The Bosnian locale, which the issue title names/);
    const croatian = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title: title.replace('Bosnian', 'Croatian'), body }, createEmbeddedBrain());
    assert.equal(croatian.candidates[0]?.path, 'src/locale/hr.js', JSON.stringify(croatian.candidates));
  });

  it("answers the locale the title's label names", async () => {
    // Only the Bosnian locale has weekdays: without the label, their word would lead to it.
    const title = 'Croatian: weekdays and months are missing';
    const body = 'Formatting a date with the weekdays prints English names.';
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/locale/hr.js', JSON.stringify(result.candidates));
  });
});

/** A component library's locales, all in one file, beside a component with English defaults. */
const ONE_FILE: Record<string, string> = {
  'src/locale/index.js': "export const csCZ = {\n  components: { MuiTablePagination: { defaultProps: { labelRowsPerPage: 'Řádků na stránce:' } } },\n};\n\nexport const huHU = {\n  components: { MuiTablePagination: { defaultProps: { labelRowsPerPage: 'Sorok száma:' } } },\n};\n",
  'src/TablePagination/TablePagination.js': "function defaultLabelDisplayedRows({ from, to, count }) {\n  return `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`;\n}\n\nexport default function TablePagination(props) {\n  const { labelDisplayedRows = defaultLabelDisplayedRows, labelRowsPerPage = 'Rows per page:' } = props;\n  return [labelRowsPerPage, labelDisplayedRows(props)];\n}\n",
};

describe('a locale kept with the others in one file (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(ONE_FILE, 'codegrep-locale-table-');
  });

  after(() => removeTree(dir));

  it('counts the file that defines the named locale as source, not as a demoted string table', async () => {
    const title = 'Hungarian locale: the displayed rows label is still in English';
    const body = 'The rows per page label is translated, but the range still says "1–10 of 245". Czech translates it.';
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain({ model: null, rankedFiles: 10 }));
    const table = result.candidates.find((c) => c.path === 'src/locale/index.js');
    assert.ok(table, JSON.stringify(result.candidates));
    assert.match(table.reason ?? '', /^Defines `huHU`/);
    assert.doesNotMatch(table.reason ?? '', /data file/);
  });
});
