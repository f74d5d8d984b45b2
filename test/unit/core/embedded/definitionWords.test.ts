import { strict as assert } from 'node:assert';
import type { GrepArgs, GrepHit } from '../../../../src/common/tools';
import { definedTitleWords, definitionWordScores, definitionWordsPattern, titleStems } from '../../../../src/core/embedded/definitionWords';
import { LeaderCheck } from '../../../../src/core/embedded/leaderCheck';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';
import { rankedLeaders } from './leaders';

const hit = (path: string, text: string, line = 1): GrepHit => ({ path, line, text });

describe('definitions named with the title words', () => {
  it('keeps title words of 4 letters or more that are rare in code, once per Porter stem', () => {
    const stems = titleStems(['technical', 'response', 'deletion', 'deleted', 'value', 'error', 'bar', 'http2']);
    assert.deepEqual(
      stems.map((s) => [s.stem, s.prefix]),
      [
        ['technic', 'technic'],
        ['respons', 'respons'],
        ['delet', 'delet'],
      ],
      '"value" and "error" are in most code files, "bar" is short, "http2" is not a word',
    );
    assert.deepEqual(titleStems(['happy']), [{ stem: 'happi', prefix: 'happ' }], 'the grep looks for the part every spelling shares');
  });

  it("reads the name a line defines by keyword, and the title stems among the name's words", () => {
    const wanted = new Set(['technic', 'respons', 'search', 'result']);
    assert.deepEqual(definedTitleWords('def technical_404_response(request, exception):', wanted), { name: 'technical_404_response', stems: ['technic', 'respons'] });
    assert.deepEqual(definedTitleWords('export function renderSearchResults(items) {', wanted), { name: 'renderSearchResults', stems: ['search', 'result'] });
    assert.deepEqual(definedTitleWords('func (s *Server) SearchIndex(q string) error {', wanted), { name: 'SearchIndex', stems: ['search'] });
    assert.equal(definedTitleWords('    return technical_404_response(request, exc)', wanted), undefined, 'a call defines nothing');
    assert.equal(definedTitleWords('class Researcher:', wanted), undefined, '"search" inside another word is not the word');
    assert.equal(definedTitleWords('Class SearchIndex', wanted), undefined, 'keywords are lower case');
    assert.equal(definedTitleWords("import { search, type SearchIndex } from './search';", wanted), undefined, 'an imported type is defined elsewhere');
    assert.equal(definedTitleWords("export { type SearchIndex } from './search';", wanted), undefined, 'so is a re-exported one');
    assert.equal(definedTitleWords('  type SearchIndex,', wanted), undefined, 'a member of an import list spread over lines');
    assert.equal(definedTitleWords('export type SearchIndex = Map<string, number>;', wanted)?.name, 'SearchIndex');
    assert.equal(definedTitleWords('type SearchIndex struct {', wanted)?.name, 'SearchIndex');
    assert.equal(definedTitleWords('//! fn search_results() {', wanted, 'src/lib.rs'), undefined, "a crate's docs show the API");
    assert.equal(definedTitleWords('    >>> def search_results():', wanted, 'pkg/search.py'), undefined, 'so does a doctest');
    assert.equal(definedTitleWords('fn search_results() {', wanted, 'src/lib.rs')?.name, 'search_results');
  });

  it('scores each file by the rarity among the files of the words its best name holds, plus a third of all it holds', () => {
    const stems = titleStems(['technical', 'response']);
    const files = ['views/debug.py', 'http/response.py', 'core/handlers.py'];
    const scores = definitionWordScores(
      [
        hit('views/debug.py', 'def technical_404_response(request, exception):'),
        hit('views/debug.py', 'def technical_500_response(request, exc_type):', 40),
        hit('http/response.py', 'class HttpResponse(HttpResponseBase):'),
        hit('http/response.py', 'class StreamingHttpResponse(HttpResponseBase):', 90),
        hit('core/handlers.py', 'response = get_response(request)'),
      ],
      files,
      stems,
    );
    // "respons" is defined in 2 of the 3 files, "technic" in 1: rarities ln(1 + 3/2) and ln(1 + 3/1).
    const respons = Math.log(1 + 3 / 2);
    const technic = Math.log(1 + 3);
    assert.deepEqual([...scores.keys()].sort(), ['http/response.py', 'views/debug.py'], 'an assignment is not a definition');
    assert.ok(Math.abs(scores.get('views/debug.py')!.score - (technic + respons + 0.3 * (technic + respons))) < 1e-9);
    assert.equal(scores.get('views/debug.py')!.name, 'technical_404_response', 'the first of equally good names');
    assert.ok(Math.abs(scores.get('http/response.py')!.score - (respons + 0.3 * respons)) < 1e-9);
  });

  describe('in the leader check, with real ripgrep', () => {
    let dir = '';
    const files: Record<string, string> = {
      'app/views/debug.py': ['def technical_404_response(request, exception):', '    return render(request)', '', 'def technical_500_response(request):', '    pass', ''].join('\n'),
      'app/http/response.py': ['class HttpResponse:', '    pass', '', 'def response_for(request):', '    return technical_404_response(request)', ''].join('\n'),
      'app/urls/converters.py': ['class PathConverter:', '    def to_python(self, value):', '        raise Http404("technical response")', ''].join('\n'),
    };

    before(() => {
      dir = makeTree(files, 'codegrep-definition-words-');
    });

    after(() => removeTree(dir));

    it('greps the leaders for definitions named with the title words, beside the words grep, and scores them', async () => {
      const ranked = rankedLeaders(Object.keys(files), 10);
      const check = LeaderCheck.plan(ranked, new Map([['technical', 1]]), titleStems(['technical', 'response']));
      assert.ok(check);
      const calls = check.nextCalls(8);
      assert.equal(calls.length, 3, 'the words grep, the definitions grep and the imports grep, in one turn');
      const definitionsCall = calls[1]!;
      assert.deepEqual((definitionsCall.args as GrepArgs).paths, Object.keys(files));
      const runner = new NodeToolRunner({ roots: [dir] });
      for (const call of calls) assert.equal(check.ingest(call, await runner.run(call, new AbortController().signal)), true);
      const scores = check.definitionWords();
      assert.ok(scores, 'the search succeeded');
      assert.deepEqual([...scores.keys()].sort(), ['app/http/response.py', 'app/views/debug.py'], 'the converter only says the words in a string');
      assert.equal(scores.get('app/views/debug.py')!.name, 'technical_404_response');
      assert.deepEqual(scores.get('app/views/debug.py')!.lines, [1, 4], 'both definitions, for the line ranges');
      assert.ok(scores.get('app/views/debug.py')!.score > scores.get('app/http/response.py')!.score);
    });

    it('gives no scores when the definitions grep fails or is capped, and the words check still applies', async () => {
      const ranked = rankedLeaders(Object.keys(files), 10);
      const check = LeaderCheck.plan(ranked, new Map([['technical', 1]]), titleStems(['technical']))!;
      const [words, definitions] = check.nextCalls(8);
      check.ingest(definitions!, { text: '', truncated: true, count: 2000, bytes: 0, hits: [hit('app/views/debug.py', 'def technical_404_response(request, exception):')] });
      assert.equal(check.definitionWords(), undefined, 'a capped result is an arbitrary subset');
      check.ingest(words!, await new NodeToolRunner({ roots: [dir] }).run(words!, new AbortController().signal));
      assert.equal(check.complete, true);
      assert.ok(check.scores());
      const onlyWords = LeaderCheck.plan(ranked, new Map([['technical', 1]]))!;
      assert.deepEqual(
        onlyWords.nextCalls(8).map((c) => c.id),
        ['embedded_check', 'embedded_check_imports'],
        'no title word worth a search: no definitions grep',
      );
      assert.equal(onlyWords.definitionWords(), undefined);
      assert.match(definitionWordsPattern(titleStems(['technical'])), /technic/);
    });
  });
});
