// Source issues: the embedded brain on issues written in a reporter's own words against upstream releases of
// C, C++, Go, Rust, Java, Python, TypeScript and JavaScript projects. The trees come from Debian's source archive (bench/lib/debianSource.ts,
// pinned versions; tarballs kept in .cache/debian-sources). None of these projects is in the training or dev sets.
// Each issue names the one file its fix would change. Blind helpers wrote them (they never saw the locator's code),
// 48 each, a third quoting an error or trace, a third a snippet, a third behaviour only: helper6 against jq,
// libuv, fmt and nlohmann/json; helper7 against cobra, logrus, viper and clap; helper8 against jsoup, Commons Lang,
// picocli and jackson-databind; helper9 against Jinja, Rich, tmux and yaml-cpp. A later batch, 52 issues in the same
// thirds: helper10 against spdlog (16), helper11 against Joda-Time (16), helper12 against rand (12) and gorilla/mux (8).
// The thirtieth session's, 96 issues, 12 per project: helper14 against gin, validator, mapstructure (Go) and
// Commons IO (Java); helper15 against cJSON, jansson (C), pugixml (C++) and Commons Collections (Java). The
// thirty-first session's, 96 C and C++ issues: helper18 against libyaml, json-c, tinyxml2 and RE2; helper19 against
// cmark, libevent, glog and CLI11 (15 / 48 and 24 / 48 first file right as written). The thirty-second session's,
// 44 C++ feature requests and bugs, each made for real and listing every file it changed (`changed`, scored file by
// file too): helper21 against spdlog (12) and fmt (12), helper22 against GLM (20). The thirty-third session's, 72
// Python bugs (two thirds) and feature requests made the same way: helper24 against Werkzeug 2.2.2 (16) and Click
// 8.1.3 (8), helper25 against NetworkX 2.8.8 (24), helper26 against Docutils 0.19 (14) and Python-Markdown 3.4.1
// (10). Their trees are Debian's installed packages (the mirror serves no upstream tarball for them).
// The thirty-ninth session's, 192 TypeScript and JavaScript issues against whole repository trees (sources beside
// tests, docs, examples, typings, tooling scripts), in the usual thirds: helper29 against jose, TypeBox, parse5 and
// cronstrue; helper30 against Redux, nock, MQTT.js and Knockout; then, after the changes those two batches led to,
// helper31 against htmlparser2, domutils, js-sdsl and ts-loader and helper32 against espree, http-proxy,
// prosemirror-view and logform. The fortieth session's, 96 more in the same thirds: helper33 against yargs,
// yargs-parser, Chart.js and N3.js; helper34 against marked, jsdiff, node-fetch and cssstyle. The forty-third
// session's, 144 in the same thirds: helper37 against the Rust crates tokio, chrono, regex and serde_json (as
// crates.io publishes them: Debian's `librust-*-dev` packages, the mirror serving no upstream tarball for them);
// helper38 against zstd, Redis, expat and Catch2 (30 / 48 and 20 / 48 first file right as written); helper39
// against LZ4, c-ares, libarchive and PCRE2 (25 / 48 as written, on the build before the C header rule). The
// forty-fourth session's, 48 in the same thirds: helper40 against the C++ libraries LevelDB, double-conversion, muParser
// and TagLib (20 / 48 first file right on the build before the C++ header rule, 22 / 48 with it). The forty-fifth
// session's, 48 in the same thirds: helper44 against the Go modules go-yaml v3, gorilla/websocket, Echo 4 and
// go-toml 1.9 (31 / 48 first file right as written, on that session's final build); helper45 against the Rust
// crates toml 0.5, url 2.3, csv 1.1 and itertools 0.10 (35 / 48 as written, the same build). The forty-seventh
// session's, 48 in the same thirds: helper47 against the Python projects Pygments 2.14, Babel 2.10 (without its
// locale data), sqlparse 0.4 and python-dateutil 2.8 (31 / 48 first file right as written), written to check a
// change to Python's ranking on issues it was not chosen on (it lost 2 of them, and was not kept); helper48 against
// jsonschema 4.10, attrs 22.2, Arrow 1.2 and parso 0.8 (34 / 48 as written, the forty-sixth session's ranking), to
// check the narrower change that followed, by a rule set before the batch was written. The forty-eighth session's:
// helper49 against Mako 1.2, html5lib 1.1, Pint 0.19 and tomlkit 0.11 (21 / 48 first file right as written), to
// decide a lead by a rule set before it was written (it tied, and was not built). The fiftieth session's: helper51
// against SQLAlchemy 1.4, openpyxl 3.0, httpx 0.23 and paramiko 2.12 (29 / 48 first file right as written; no
// mechanism was built on its misses). The fifty-sixth session's: helper56, 12 issues against attrs 22.2, jsonschema
// 4.10 and click 8.1.3, each pasting the report pytest printed when the helper ran the reporter's test for real
// (8 in pytest's long form, 4 with `--tb=short`), to check reading pytest's reports (11 / 12 first file right, on
// the builds before and after). The sixtieth session's, 48 in the usual thirds against whole TS/JS repository trees:
// helper60a against chai 4.3, css-select 5.1, formidable 3.2 and source-map 0.6 (28 / 48 first file right as
// written).
// Usage: npx tsx bench/source-issues.ts [--written GROUP] [--package NAME] [--language L] [--features FILE]; results in
// bench/results/source-issues.json (written only when every issue is run). `--features` also writes each run's
// candidates as `codegrep train --features` does, for scripts/ranker-dev-check.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Locator } from '../src/core/locator';
import { NodeToolRunner } from '../src/tools/runner';
import { fileLevel, fileScores, type AnsweredIssue } from './lib/answeredIssue';
import { CollectedCandidates } from './lib/collectedCandidates';
import { unpackDebianPythonPackage, unpackDebianRustCrate, unpackDebianSource } from './lib/debianSource';
import { median } from './lib/stats';

interface SourceIssue {
  /** The Debian source package (a key of PACKAGES). */
  package: string;
  title: string;
  body: string;
  expected: string;
  /**
   * Every file the change touched, where the helper made it for real (the thirty-second session's batch); the
   * answer is then also scored file by file (precision, recall, F0.5), as the eval harness scores a fix.
   */
  changed?: string[];
  written: string;
  /** How the issue is told; the thirty-second session's batch is instead split into feature requests and bugs. */
  style: 'error' | 'snippet' | 'behaviour' | 'feature' | 'bug';
}

/**
 * Debian source packages in bookworm, pinned, with the language of each project. `installed` names instead the
 * built package whose installed files are the tree (pure-Python projects and Rust crates whose upstream tarball
 * the mirror lacks).
 */
const PACKAGES: Record<string, { version: string; language: string; installed?: string }> = {
  jq: { version: '1.6-2.1+deb12u2', language: 'c' },
  libuv1: { version: '1.44.2-1+deb12u1', language: 'c' },
  tmux: { version: '3.3a-3', language: 'c' },
  fmtlib: { version: '9.1.0+ds1-2', language: 'cpp' },
  'nlohmann-json3': { version: '3.11.2-2', language: 'cpp' },
  'yaml-cpp': { version: '0.7.0+dfsg-8', language: 'cpp' },
  'golang-github-spf13-cobra': { version: '1.6.1-1', language: 'go' },
  'golang-logrus': { version: '1.9.0-1', language: 'go' },
  'golang-github-spf13-viper': { version: '1.10.1-1', language: 'go' },
  'rust-clap': { version: '4.0.32-1', language: 'rust' },
  jsoup: { version: '1.15.3-1', language: 'java' },
  'libcommons-lang3-java': { version: '3.12.0-2+deb12u1', language: 'java' },
  picocli: { version: '4.6.2-2', language: 'java' },
  'jackson-databind': { version: '2.14.0-1+deb12u1', language: 'java' },
  jinja2: { version: '3.1.2-1+deb12u3', language: 'python' },
  rich: { version: '13.3.1-1', language: 'python' },
  // The twenty-seventh session's batch.
  spdlog: { version: '1:1.10.0+ds-0.4', language: 'cpp' },
  'libjoda-time-java': { version: '2.10.14-1', language: 'java' },
  'rust-rand': { version: '0.8.5-1', language: 'rust' },
  'golang-github-gorilla-mux': { version: '1.8.0-1', language: 'go' },
  // The thirtieth session's batch.
  'golang-github-gin-gonic-gin': { version: '1.8.1-1', language: 'go' },
  'golang-github-go-playground-validator-v10': { version: '10.4.1-4', language: 'go' },
  'golang-github-mitchellh-mapstructure': { version: '1.5.0-2', language: 'go' },
  'commons-io': { version: '2.11.0-2', language: 'java' },
  cjson: { version: '1.7.15-1+deb12u4', language: 'c' },
  jansson: { version: '2.14-2', language: 'c' },
  pugixml: { version: '1.13-0.2', language: 'cpp' },
  'libcommons-collections4-java': { version: '4.2-1', language: 'java' },
  // The thirty-first session's batch.
  libyaml: { version: '0.2.5-1', language: 'c' },
  'json-c': { version: '0.16-2', language: 'c' },
  tinyxml2: { version: '9.0.0+dfsg-3.1', language: 'cpp' },
  re2: { version: '20220601+dfsg-1', language: 'cpp' },
  cmark: { version: '0.30.2-6', language: 'c' },
  libevent: { version: '2.1.12-stable-8', language: 'c' },
  'google-glog': { version: '0.6.0-2', language: 'cpp' },
  cli11: { version: '2.1.2+ds-1', language: 'cpp' },
  // The thirty-second session's batch: feature requests and bugs, each with every file its change touched.
  glm: { version: '0.9.9.8+ds-6', language: 'cpp' },
  // The thirty-third session's batch: Python bugs and feature requests, each with every file its change touched.
  werkzeug: { version: '2.2.2-3+deb12u1', language: 'python', installed: 'python3-werkzeug' },
  click: { version: '8.1.3-2', language: 'python', installed: 'python3-click' },
  networkx: { version: '2.8.8-1', language: 'python', installed: 'python3-networkx' },
  docutils: { version: '0.19+dfsg-6', language: 'python', installed: 'python3-docutils' },
  markdown: { version: '3.4.1-2+deb12u1', language: 'python', installed: 'python3-markdown' },
  // The thirty-ninth session's batch: TypeScript and JavaScript projects as their repositories hold them (sources
  // beside tests, docs, examples, typings and build output).
  'node-jose': { version: '4.11.4-1', language: 'typescript' },
  'node-sinclair-typebox': { version: '0.24.44-3', language: 'typescript' },
  'node-parse5': { version: '7.1.2+dfsg-2', language: 'typescript' },
  'node-cronstrue': { version: '2.21.0-1', language: 'typescript' },
  'node-redux': { version: '4.2.1-1', language: 'javascript' },
  'node-nock': { version: '13.2.9-3', language: 'javascript' },
  'node-mqtt': { version: '4.3.7-2', language: 'javascript' },
  'node-knockout': { version: '3.5.1+ds-1', language: 'javascript' },
  'node-htmlparser2': { version: '8.0.1-4', language: 'typescript' },
  'node-domutils': { version: '3.0.1-3', language: 'typescript' },
  'node-js-sdsl': { version: '4.1.4-2+deb12u1', language: 'typescript' },
  'node-ts-loader': { version: '9.4.2-1', language: 'typescript' },
  'node-espree': { version: '9.4.1~dfsg-1', language: 'javascript' },
  'node-http-proxy': { version: '1.18.1-8', language: 'javascript' },
  'node-prosemirror-view': { version: '1.23.13-2', language: 'javascript' },
  'node-logform': { version: '2.4.2-2', language: 'javascript' },
  // The fortieth session's batch, the same kind of trees.
  'node-yargs': { version: '16.2.0+~16.0.4-7', language: 'typescript' },
  'node-yargs-parser': { version: '21.1.1+~21.0.0-4', language: 'typescript' },
  'node-chart.js': { version: '3.9.1+~0.2.1-2', language: 'javascript' },
  'node-n3': { version: '1.16.3+~1.2.3+~1.10.4-1', language: 'javascript' },
  'node-marked': { version: '4.2.3+ds+~4.0.7-2', language: 'javascript' },
  'node-diff': { version: '5.0.0~dfsg+~5.0.1-4', language: 'javascript' },
  'node-fetch': { version: '3.3.0+~cs11.4.11-2', language: 'javascript' },
  'node-cssstyle': { version: '2.3.0-3', language: 'javascript' },
  // The sixtieth session's batch, the same kind of trees.
  'node-chai': { version: '4.3.7~ds1+~cs9.7.21-1', language: 'javascript' },
  'node-css-select': { version: '5.1.0-3', language: 'typescript' },
  'node-formidable': { version: '3.2.5+20221017git493ec88+~cs4.0.9-1', language: 'javascript' },
  'node-source-map': { version: '0.7.0++dfsg2+really.0.6.1-15', language: 'javascript' },
  // The forty-third session's batch: Rust crates as crates.io publishes them, and C and C++ release tarballs.
  'rust-tokio': { version: '1.24.2-1', language: 'rust', installed: 'librust-tokio-dev' },
  'rust-chrono': { version: '0.4.23-2', language: 'rust', installed: 'librust-chrono-dev' },
  'rust-regex': { version: '1.7.1-1', language: 'rust', installed: 'librust-regex-dev' },
  'rust-serde-json': { version: '1.0.87-1', language: 'rust', installed: 'librust-serde-json-dev' },
  libzstd: { version: '1.5.4+dfsg2-5', language: 'c' },
  redis: { version: '5:7.0.15-1~deb12u7', language: 'c' },
  expat: { version: '2.5.0-1+deb12u2', language: 'c' },
  catch2: { version: '2.13.10-1', language: 'cpp' },
  lz4: { version: '1.9.4-1', language: 'c' },
  'c-ares': { version: '1.18.1-3', language: 'c' },
  libarchive: { version: '3.6.2-1+deb12u4', language: 'c' },
  pcre2: { version: '10.42-1', language: 'c' },
  leveldb: { version: '1.23-4', language: 'cpp' },
  'double-conversion': { version: '3.2.1-1', language: 'cpp' },
  muparser: { version: '2.3.3-0.1', language: 'cpp' },
  taglib: { version: '1.13-2+deb12u1', language: 'cpp' },
  // The forty-fifth session's batch.
  'golang-gopkg-yaml.v3': { version: '3.0.1-3', language: 'go' },
  'golang-github-gorilla-websocket': { version: '1.5.0-2', language: 'go' },
  'golang-github-labstack-echo': { version: '4.2.1-3', language: 'go' },
  'golang-github-pelletier-go-toml': { version: '1.9.4-1', language: 'go' },
  'rust-toml': { version: '0.5.11-1', language: 'rust', installed: 'librust-toml-dev' },
  'rust-url': { version: '2.3.1-1', language: 'rust', installed: 'librust-url-dev' },
  'rust-csv': { version: '1.1.6-1', language: 'rust', installed: 'librust-csv-dev' },
  'rust-itertools': { version: '0.10.3-1', language: 'rust', installed: 'librust-itertools-dev' },
  // The forty-seventh session's batch: Python projects as Debian installs them.
  pygments: { version: '2.14.0+dfsg-1', language: 'python', installed: 'python3-pygments' },
  babel: { version: '2.10.3-1', language: 'python', installed: 'python3-babel' },
  sqlparse: { version: '0.4.2-1+deb12u1', language: 'python', installed: 'python3-sqlparse' },
  dateutil: { version: '2.8.2-2', language: 'python', installed: 'python3-dateutil' },
  jsonschema: { version: '4.10.3-1', language: 'python', installed: 'python3-jsonschema' },
  attrs: { version: '22.2.0-1', language: 'python', installed: 'python3-attr' },
  arrow: { version: '1.2.3-1', language: 'python', installed: 'python3-arrow' },
  parso: { version: '0.8.3-1', language: 'python', installed: 'python3-parso' },
  mako: { version: '1.2.4+ds-1', language: 'python', installed: 'python3-mako' },
  html5lib: { version: '1.1-3', language: 'python', installed: 'python3-html5lib' },
  pint: { version: '0.19.2-1', language: 'python', installed: 'python3-pint' },
  tomlkit: { version: '0.11.7-1', language: 'python', installed: 'python3-tomlkit' },
  sqlalchemy: { version: '1.4.46+ds1-1', language: 'python', installed: 'python3-sqlalchemy' },
  openpyxl: { version: '3.0.9-1', language: 'python', installed: 'python3-openpyxl' },
  httpx: { version: '0.23.3-1', language: 'python', installed: 'python3-httpx' },
  paramiko: { version: '2.12.0-2', language: 'python', installed: 'python3-paramiko' },
};

/** The tree of `name` as `PACKAGES` pins it, unpacked into a fresh folder under `root`. */
function unpackTree(name: string, known: (typeof PACKAGES)[string], root: string): string {
  if (!known.installed) return unpackDebianSource(name, known.version, root);
  return known.language === 'rust'
    ? unpackDebianRustCrate(known.installed, known.version, root)
    : unpackDebianPythonPackage(known.installed, known.version, root);
}

interface Row extends AnsweredIssue {
  language: string;
  written: string;
  style: string;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

/** First-file-right and in-answer counts of `rows`, by the value of `key`. */
function tally(rows: Row[], key: 'language' | 'written' | 'style'): Record<string, { issues: number; first: number; inAnswer: number }> {
  const out: Record<string, { issues: number; first: number; inAnswer: number }> = {};
  for (const row of rows) {
    const entry = (out[row[key]] ??= { issues: 0, first: 0, inAnswer: 0 });
    entry.issues++;
    entry.first += row.first ? 1 : 0;
    entry.inAnswer += row.answered ? 1 : 0;
  }
  return out;
}

async function main(): Promise<void> {
  const onlyGroup = option('--written');
  const onlyPackage = option('--package');
  const onlyLanguage = option('--language');
  const collected = new CollectedCandidates(option('--features'), 'source-issues.jsonl');
  const issues = readFileSync('bench/source-issues.jsonl', 'utf8')
    .trim()
    .split('\n')
    .map((line, index) => ({ ...(JSON.parse(line) as SourceIssue), line: index + 1 }))
    .filter((issue) => (onlyGroup === undefined || issue.written === onlyGroup) && (onlyPackage === undefined || issue.package === onlyPackage))
    .filter((issue) => onlyLanguage === undefined || PACKAGES[issue.package]?.language === onlyLanguage);
  const root = mkdtempSync(join(tmpdir(), 'codegrep-sources-'));
  try {
    const trees = new Map<string, string>();
    const rows: Row[] = [];
    for (const issue of issues) {
      const known = PACKAGES[issue.package];
      if (!known) throw new Error(`bench/source-issues.jsonl names ${issue.package}, which PACKAGES does not pin`);
      if (!trees.has(issue.package)) {
        trees.set(issue.package, unpackTree(issue.package, known, root));
      }
      const t0 = performance.now();
      const result = await new Locator(new NodeToolRunner({ roots: [trees.get(issue.package)!] })).locate(
        { title: issue.title, body: issue.body },
        collected.brain({ instance_id: `${issue.package}#${issue.line}`, repo: issue.package, language: known.language, gold_files: issue.changed ?? [issue.expected] }),
      );
      const answer = result.candidates.map((c) => c.path);
      const row: Row = {
        package: issue.package,
        language: known.language,
        written: issue.written,
        style: issue.style,
        title: issue.title,
        expected: issue.expected,
        answer,
        first: answer[0] === issue.expected,
        answered: answer.includes(issue.expected),
        ms: Math.round(performance.now() - t0),
      };
      if (issue.changed) {
        row.files = fileScores(answer, issue.changed);
      }
      rows.push(row);
      console.log(`${row.first ? 'first ' : row.answered ? 'in    ' : 'miss  '} ${issue.package} [${issue.style}]: ${issue.title} -> ${answer.join(' ')} (expected ${issue.expected})`);
    }
    const summary = {
      issues: rows.length,
      firstFileRight: rows.filter((r) => r.first).length,
      inAnswer: rows.filter((r) => r.answered).length,
      filesPerAnswer: Math.round((rows.reduce((sum, r) => sum + r.answer.length, 0) / Math.max(1, rows.length)) * 100) / 100,
      p50Ms: Math.round(median(rows.map((r) => r.ms))),
      byLanguage: tally(rows, 'language'),
      byHelper: tally(rows, 'written'),
      byStyle: tally(rows, 'style'),
      fileLevel: fileLevel(rows),
      versions: Object.fromEntries([...trees.keys()].map((name) => [name, PACKAGES[name]!.version])),
      rows,
    };
    console.log(`first file right ${summary.firstFileRight} / ${summary.issues}, in the answer ${summary.inAnswer}, ${summary.filesPerAnswer} files per answer, p50 ${summary.p50Ms} ms`);
    for (const [what, table] of [['language', summary.byLanguage], ['style', summary.byStyle]] as const) {
      for (const [name, t] of Object.entries(table)) console.log(`  ${what} ${name}: first ${t.first} / ${t.issues}, in the answer ${t.inAnswer}`);
    }
    for (const [name, t] of Object.entries(summary.fileLevel)) console.log(`  files changed, ${name}: P ${t.precision} R ${t.recall} F0.5 ${t.f05} (${t.issues} issues)`);
    if (onlyGroup === undefined && onlyPackage === undefined && onlyLanguage === undefined) writeFileSync('bench/results/source-issues.json', `${JSON.stringify(summary, null, 2)}\n`);
    await collected.write();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
