import { strict as assert } from 'node:assert';
import { identifierShape, inlineMessage, longestLiteralRun, mineIssue, splitCode, titleCodeNames, type Clue } from '../../../../src/core/embedded/clues';

function find(clues: Clue[], kind: Clue['kind'], text: string): Clue | undefined {
  return clues.find((c) => c.kind === kind && c.text === text);
}

describe('embedded clues', () => {
  it('takes a three-letter name the prose writes as a call (`cse()`), and no three-letter call from code', () => {
    const { clues } = mineIssue({ title: 'cse() has strange behaviour for MatrixSymbol indexing', body: 'Also `eye` and pad( look odd.\n\n```python\nx = cos(a) + exp(b)\n```' });
    assert.ok(find(clues, 'symbol', 'cse'), 'called in the title');
    assert.ok(find(clues, 'symbol', 'eye'), 'backticked in the body');
    assert.ok(find(clues, 'symbol', 'pad'), 'called in the body');
    assert.ok(!find(clues, 'symbol', 'cos') && !find(clues, 'symbol', 'exp'), 'calls in code are everywhere in code');
    assert.ok(!find(clues, 'symbol', 'has'), 'a plain word stays a word');
  });

  it('mines a Python traceback: innermost library frame first, message, function names; skips user and stdlib frames', () => {
    const body = [
      'Traceback (most recent call last):',
      '  File "/home/me/app/run.py", line 3, in <module>',
      '    main()',
      '  File "/usr/lib/python3.9/site-packages/sklearn/linear_model/_ridge.py", line 120, in fit',
      '    X = check_array(X)',
      '  File "/usr/lib/python3.9/site-packages/sklearn/utils/validation.py", line 50, in check_array',
      '    raise ValueError("Expected 2D array, got scalar array instead")',
      '  File "/usr/lib/python3.9/json/__init__.py", line 1, in loads',
      'ValueError: Expected 2D array, got scalar array instead',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Ridge crashes on scalars', body });
    const deepest = find(clues, 'path', 'sklearn/utils/validation.py');
    const outer = find(clues, 'path', 'sklearn/linear_model/_ridge.py');
    assert.ok(deepest && outer, JSON.stringify(clues));
    assert.equal(deepest.source, 'trace');
    assert.ok(deepest.weight > outer.weight, 'the innermost frame weighs most');
    assert.equal(find(clues, 'path', 'json/__init__.py'), undefined, 'stdlib frames are not project files');
    assert.ok(find(clues, 'message', 'Expected 2D array, got scalar array instead'));
    assert.ok(find(clues, 'symbol', 'check_array'));
    assert.equal(find(clues, 'symbol', '<module>'), undefined);
  });

  it("mines the installed copy of the project from a trace: node_modules, the Cargo registry and the Go module cache", () => {
    const body = [
      "TypeError: Cannot read properties of undefined (reading 'status')",
      '    at settle (/home/me/app/node_modules/axios/lib/core/settle.js:19:12)',
      '    at XMLHttpRequest.onloadend (/home/me/app/node_modules/.pnpm/axios@1.6.0/node_modules/axios/lib/adapters/xhr.js:58:7)',
      '    at Object.<anonymous> (/home/me/app/node_modules/express/index.js:3:1)',
      "thread 'main' panicked at /home/me/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde_json-1.0.108/src/de.rs:2105:9:",
      '/root/go/pkg/mod/github.com/zeromicro/go-zero@v1.5.0/rest/engine.go:120 +0x1f',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Request fails without a response', body });
    for (const path of ['lib/core/settle.js', 'lib/adapters/xhr.js', 'src/de.rs', 'rest/engine.go']) {
      assert.equal(find(clues, 'path', path)?.source, 'trace', `${path}: ${JSON.stringify(clues.filter((c) => c.kind === 'path'))}`);
    }
    assert.ok((find(clues, 'path', 'lib/core/settle.js')?.weight ?? 0) > (find(clues, 'path', 'lib/adapters/xhr.js')?.weight ?? 0), 'the innermost frame weighs most');
    assert.ok(!clues.some((c) => c.kind === 'path' && c.text.endsWith('index.js')), "a dependency's bare index.js is not a clue");
    assert.ok(find(clues, 'symbol', 'settle'));
  });

  it("mines no names from addresses' hosts and values, keeps a link's file and a web service's options, and survives a malformed link", () => {
    const body = [
      'The card breaks: ![card](https://stats.example.app/api/pin/?username=tylermcginnis&show_owner=true)',
      '![image](https://user-images.githubusercontent.com/948965/155283622-5f808d11-3aec.png)',
      'It is in https://github.com/acme/cards/blob/main/src/cards/repo-card.js#L10, and https://github.com/acme/cards/blob/main/src/%zz.js',
    ].join('\n');
    const { clues, bodyWords } = mineIssue({ title: 'Card breaks', body });
    const names = clues.filter((c) => c.kind === 'symbol').map((c) => c.text);
    assert.ok(names.includes('show_owner'), names.join(' '));
    for (const noise of ['tylermcginnis', 'githubusercontent', 'images', 'stats', 'acme']) assert.ok(!names.includes(noise) && !bodyWords.includes(noise), `${noise}: ${names.join(' ')}`);
    assert.ok(find(clues, 'path', 'src/cards/repo-card.js'));
    assert.ok(find(clues, 'path', 'src/%zz.js'), 'a malformed escape is kept as written, not thrown');
  });

  it('gives a file repeated in outer traceback frames less than the innermost frame', () => {
    // matplotlib-23563: artist.py wraps every draw call, art3d.py is where the attribute is missing.
    const frame = (file: string, line: number, fn: string) => `  File "/usr/lib/python3.10/site-packages/${file}", line ${line}, in ${fn}`;
    const body = [
      'Traceback (most recent call last):',
      frame('matplotlib/backend_bases.py', 2321, 'print_figure'),
      frame('matplotlib/artist.py', 72, 'draw_wrapper'),
      frame('matplotlib/figure.py', 3069, 'draw'),
      frame('matplotlib/artist.py', 72, 'draw_wrapper'),
      frame('mpl_toolkits/mplot3d/axes3d.py', 468, 'draw'),
      frame('matplotlib/artist.py', 72, 'draw_wrapper'),
      frame('mpl_toolkits/mplot3d/art3d.py', 215, 'draw'),
      "AttributeError: 'Line3D' object has no attribute '_verts3d'",
    ].join('\n');
    const { clues } = mineIssue({ title: 'Plotting 3D lines fails after a second call', body });
    const inner = find(clues, 'path', 'mpl_toolkits/mplot3d/art3d.py')!;
    const wrapper = find(clues, 'path', 'matplotlib/artist.py')!;
    assert.equal(inner.depth, 0);
    assert.equal(wrapper.depth, 1);
    // Without the depth discount each repeat would add a full bonus and put the wrapper on top.
    assert.ok(inner.weight > wrapper.weight, `${inner.weight} > ${wrapper.weight}`);
  });

  it('weighs an unfenced traceback by frame depth only, not again as prose paths', () => {
    // django-15202: the traceback pasted as plain text; validators.py is the innermost frame.
    const body = [
      'Traceback (most recent call last):',
      'File "/env/lib/python3.8/site-packages/django/forms/fields.py", line 151, in clean',
      '  self.run_validators(value)',
      'File "/env/lib/python3.8/site-packages/django/forms/fields.py", line 136, in run_validators',
      '  v(value)',
      'File "/env/lib/python3.8/site-packages/django/core/validators.py", line 130, in __call__',
      '  host_match = re.search(r"^\\[(.+)\\](?::\\d{1,5})?$", urlsplit(value).netloc)',
    ].join('\n');
    const { clues } = mineIssue({ title: 'URLField throws ValueError instead of ValidationError on clean', body });
    const inner = find(clues, 'path', 'django/core/validators.py')!;
    const outer = find(clues, 'path', 'django/forms/fields.py')!;
    assert.equal(inner.source, 'trace');
    assert.ok(inner.weight > outer.weight, `${inner.weight} > ${outer.weight}`);
    assert.ok(outer.weight < 1.5 * 2.5, `outer frame ${outer.weight} keeps its depth discount, below a path named in prose`);
  });

  it('drops frame lines behind a tool\'s prefix, so their `File` keyword is no name of the code', () => {
    // pytest-7168: pytest prints its own crash as `INTERNALERROR>   File "…", line 82, in saferepr`; pytest
    // defines a class `File`, which the frame keyword must not name.
    const body = [
      '```',
      'INTERNALERROR> Traceback (most recent call last):',
      'INTERNALERROR>   File "/usr/lib/python3.8/site-packages/_pytest/_code/code.py", line 693, in repr_args',
      'INTERNALERROR>     args.append((argname, saferepr(argvalue)))',
      'INTERNALERROR>   File "/usr/lib/python3.8/site-packages/_pytest/_io/saferepr.py", line 56, in repr_instance',
      'INTERNALERROR>     s = repr(x)',
      'INTERNALERROR> RuntimeError: No active exception to reraise',
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'INTERNALERROR when exception in __repr__', body });
    assert.equal(find(clues, 'symbol', 'File'), undefined, JSON.stringify(clues.filter((c) => c.kind === 'symbol')));
    assert.equal(find(clues, 'path', '_pytest/_io/saferepr.py')?.depth, 0);
    assert.ok(find(clues, 'symbol', 'saferepr'), 'the source lines between the frames are still code');
  });

  it("mines IPython 8's frames (`File ~/x.py:841, in Plot._plot(self)`), innermost last, with the class", () => {
    // seaborn-3190: the error is raised in scales.py, the innermost frame, below two frames of plot.py.
    const body = [
      '```python-traceback',
      'TypeError                                 Traceback (most recent call last)',
      'Cell In[4], line 1',
      '----> 1 so.Plot(["a", "b"], [1, 2], color=[True, False]).add(so.Bar())',
      'File ~/code/seaborn/seaborn/_core/plot.py:841, in Plot._plot(self, pyplot)',
      '--> 841 plotter._setup_scales(self, common, layers)',
      'File ~/code/seaborn/seaborn/_core/plot.py:1252, in Plotter._setup_scales(self, p, common, layers, variables)',
      '-> 1252     self._scales[var] = scale._setup(var_df[var], prop)',
      'File ~/code/seaborn/seaborn/_core/scales.py:351, in ContinuousBase._setup(self, data, prop, axis)',
      '--> 351 b = forward(vmax) - forward(vmin)',
      'TypeError: numpy boolean subtract, the `-` operator, is not supported',
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Color mapping fails with boolean data', body });
    // The path keeps the folders above the package (`~/code/seaborn/`): the search matches it as a suffix.
    const path = (name: string) => clues.find((c) => c.kind === 'path' && c.text.endsWith(`seaborn/_core/${name}`));
    assert.equal(path('scales.py')?.source, 'trace');
    assert.equal(path('scales.py')?.depth, 0);
    assert.ok(path('scales.py')!.weight > path('plot.py')!.weight);
    assert.equal(find(clues, 'symbol', '_setup')?.depth, 0);
    for (const word of ['File', 'Cell']) assert.equal(find(clues, 'symbol', word), undefined, `${word} is the trace's keyword`);
  });

  it("mines older IPython's frames (`~/x.py in _lookup_single(self, key)`), not the notebook's own cell", () => {
    // seaborn-2848: the innermost frame's file was renamed since; its function still names the file.
    const body = [
      '```',
      'TypeError                                 Traceback (most recent call last)',
      '<ipython-input-3-46dd21e9c95a> in <module>',
      '----> 4 g.map(sns.scatterplot, hue=iris["species"])',
      '',
      '~/.venv/lib/python3.8/site-packages/seaborn/axisgrid.py in map(self, func, **kwargs)',
      '-> 1265         self._map_bivariate(func, indices, **kwargs)',
      '',
      '~/.venv/lib/python3.8/site-packages/seaborn/_core.py in _lookup_single(self, key)',
      '--> 151                 if np.isnan(key):',
      '',
      "TypeError: ufunc 'isnan' not supported for the input types",
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'PairGrid errors with `hue` assigned in `map`', body });
    assert.equal(find(clues, 'path', 'seaborn/_core.py')?.depth, 0);
    assert.equal(find(clues, 'path', 'seaborn/axisgrid.py')?.depth, 1);
    assert.equal(find(clues, 'symbol', '_lookup_single')?.source, 'trace');
    assert.equal(find(clues, 'symbol', 'ipython'), undefined);
  });

  it("reads an older IPython frame in a compiled module (`art3d.pyc in get_facecolors(self)`) as its source file", () => {
    const body = [
      '```',
      "AttributeError                            Traceback (most recent call last)",
      '<ipython-input-13-de0f41d662cd> in <module>()',
      '----> 1 r.get_facecolors()',
      '',
      '/home/me/.virtualenvs/mpl/local/lib/python2.7/site-packages/mpl_toolkits/mplot3d/art3d.pyc in get_facecolors(self)',
      '    635     def get_facecolors(self):',
      '--> 636         return self._facecolors2d',
      '',
      "AttributeError: 'Poly3DCollection' object has no attribute '_facecolors2d'",
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: "'Poly3DCollection' object has no attribute '_facecolors2d'", body });
    assert.equal(find(clues, 'path', 'mpl_toolkits/mplot3d/art3d.py')?.depth, 0, JSON.stringify(clues.filter((c) => c.kind === 'path')));
    assert.ok(!clues.some((c) => c.text.endsWith('.pyc')), 'no clue names the compiled file');
    assert.equal(find(clues, 'symbol', 'get_facecolors')?.source, 'trace');
  });

  it("mines frames that VS Code's notebooks print as links to the file (`[c:\\…\\axisgrid.py](file:///…) in pairplot(…)`)", () => {
    const link = (path: string) => `[c:\\Users\\me\\anaconda3\\lib\\site-packages\\${path.replaceAll('/', '\\')}](file:///C:/Users/me/anaconda3/lib/site-packages/${path})`;
    const body = [
      '```',
      `${link('seaborn/axisgrid.py')} in pairplot(data, hue, hue_order, palette, vars)`,
      '-> 2144         grid.map_diag(histplot, **diag_kws)',
      '',
      `${link('seaborn/axisgrid.py')} in map_diag(self, func, **kwargs)`,
      '-> 1490             vector = self.data[var]',
      '',
      `${link('pandas/core/frame.py')} in __getitem__(self, key)`,
      '-> 3767             indexer = self.columns._get_indexer_strict(key, "columns")[1]',
      '',
      "KeyError: \"['1'] not in index\"",
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'pairplot raises KeyError with MultiIndex DataFrame', body });
    assert.equal(find(clues, 'path', 'pandas/core/frame.py')?.depth, 0, JSON.stringify(clues.filter((c) => c.kind === 'path')));
    assert.equal(find(clues, 'path', 'seaborn/axisgrid.py')?.source, 'trace');
    assert.equal(find(clues, 'symbol', 'map_diag')?.source, 'trace');
    assert.ok(!clues.some((c) => c.text.includes('file:') || c.text.startsWith('C:')), 'no clue from the link target');
  });

  it("mines a Python warning's line: where it was raised as a frame, and its message", () => {
    const body = [
      'Writing the dataset prints:',
      '```',
      '/home/me/venv/lib/python3.8/site-packages/pydicom/charset.py:488: UserWarning: Failed to encode value with encodings: iso8859, iso2022_jp',
      '  warnings.warn(msg)',
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Writing a Japanese name warns and writes the wrong bytes', body });
    const frame = find(clues, 'path', 'pydicom/charset.py');
    assert.equal(frame?.source, 'trace', JSON.stringify(clues.filter((c) => c.kind === 'path')));
    assert.equal(frame?.depth, 0);
    assert.ok(find(clues, 'message', 'Failed to encode value with encodings: iso8859, iso2022_jp'), JSON.stringify(clues.filter((c) => c.kind === 'message')));
    assert.ok(!find(clues, 'symbol', 'site'), 'the frame line is not prose');
  });

  it("mines pytest's frames (`sympy/core/expr.py:124: in __eq__`), innermost last", () => {
    // sympy-18057's report, as pytest printed it.
    const body = [
      '```',
      'sympy/core/expr.py:124: in __eq__',
      '    other = sympify(other)',
      'sympy/core/sympify.py:385: in sympify',
      '    expr = parse_expr(a, local_dict=locals, transformations=transformations, evaluate=evaluate)',
      'sympy/parsing/sympy_parser.py:1011: in parse_expr',
      '    rv = eval_expr(code, local_dict, global_dict)',
      "E   AttributeError: 'Symbol' object has no attribute 'y'",
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Sympy incorrectly attempts to eval reprs in its __eq__ method', body });
    assert.deepEqual(
      clues.filter((c) => c.kind === 'path').map((c) => [c.text, c.depth]),
      [['sympy/parsing/sympy_parser.py', 0], ['sympy/core/sympify.py', 1], ['sympy/core/expr.py', 2]],
    );
    assert.equal(find(clues, 'symbol', 'parse_expr')?.source, 'trace');
  });

  it("takes no name from IPython's prompts (`In [52]:`, `Out[52]:`), and keeps the code after them", () => {
    const body = ['```', 'In [1]: apart(bug.subs(a, 1), t)', 'Out[1]: -t + 1/2 - 1/(2*(2*t - 1))', '```', '', 'Out[2]: is what I see'].join('\n');
    const { clues } = mineIssue({ title: 'Wrong result with apart', body });
    assert.equal(find(clues, 'symbol', 'Out'), undefined);
    assert.ok(find(clues, 'symbol', 'apart'), 'the call after the prompt');
    assert.ok(find(clues, 'symbol', 'subs'));
  });

  it("takes no name from a heading's capitals (`### Expected Behavior`, `**Current Behavior:**`), but keeps its code names", () => {
    const body = [
      '### Current Behavior',
      'The `QuerySet` is evaluated twice.',
      '**Expected Behavior:**',
      'Evaluated once, as with Prefetch objects.',
      '## Possible Solution in QuerySet',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Queryset evaluated twice', body });
    for (const word of ['Behavior', 'Current', 'Solution', 'Possible']) assert.equal(find(clues, 'symbol', word), undefined, word);
    assert.ok(find(clues, 'symbol', 'QuerySet'), 'a CamelCase name stays a name, in a heading too');
    assert.ok(find(clues, 'symbol', 'Prefetch'), 'a capital in a sentence still counts');
  });

  it('reads a heading however long the text around it, and a long line as prose', () => {
    const prose = 'the total is wrong '.repeat(200);
    const body = [prose, `### Current Behavior ${'of the cart '.repeat(100)}`, prose, `${prose} as with Prefetch objects ${prose}`, prose].join('\n');
    const { clues } = mineIssue({ title: 'Queryset evaluated twice', body });
    assert.equal(find(clues, 'symbol', 'Current'), undefined, 'a 1,200-character heading between 3,800-character lines');
    assert.ok(find(clues, 'symbol', 'Prefetch'), 'a capital inside a 7,600-character line');
  });

  it("reads the title's words written as code as file names (`L027`, `ELF`, `update_work`), not a path's or plain words", () => {
    assert.deepEqual(titleCodeNames('BigQuery: Accessing `STRUCT` elements evades triggering L027'), ['bigquery', 'struct', 'l027']);
    assert.deepEqual(titleCodeNames('Cannot extract the version from ELF binaries in Qt 6.4'), ['elf']);
    assert.deepEqual(titleCodeNames('update_work skips x.ModelChain, not src/foo_bar.py or __init__'), ['updatework', 'modelchain']);
    assert.deepEqual(titleCodeNames('Better reports for the LaTeX printer'), ['latex']);
    assert.deepEqual(titleCodeNames('Reports are wrong'), []);
  });

  it("takes a class's package and module (`pydicom.valuerep.DS`) for the module, and no receiver, exception or constant", () => {
    const body = [
      'The error stems from `pvlib.tracking.SingleAxisTracker.get_irradiance`, and `pydicom.valuerep.DS` is too long.',
      'It raises requests.exceptions.ConnectionError and tomlkit.exceptions.NonExistentKey, as does self.cmap.Norm.',
      '```js\nif (process.env.HOME) config.defaults.TIMEOUT_MS = 5;\n```',
    ].join('\n');
    const modules = mineIssue({ title: 'Strings with Value Representation DS are too long', body }).clues.filter((c) => c.kind === 'module');
    assert.deepEqual(modules.map((c) => c.text).sort(), ['pvlib/tracking', 'pydicom/valuerep']);
    // As much as a module the body's prose names in three parts (`pvlib.tracking.solar`).
    const prose = find(mineIssue({ title: 'x', body: 'See pvlib.tracking.solar for it.' }).clues, 'module', 'pvlib/tracking/solar');
    assert.ok(prose && modules.every((c) => c.weight === prose.weight), JSON.stringify(modules));
  });

  it('matches its line patterns within a line, so blank lines between them change nothing', () => {
    const code = (gap: string) => `\`\`\`python\nfrom shop.cart import Cart${gap}\nCC_ = Cart()${gap}\nCC_.total()\n\`\`\`\n${gap}Traceback (most recent call last):\n  File "shop/cart.py", line 3, in total${gap}\nValueError: total must be positive`;
    const texts = (gap: string) => mineIssue({ title: 'Cart total fails', body: code(gap) }).clues.map((c) => `${c.kind}:${c.text}`);
    assert.deepEqual(texts('\n \n\t\n'), texts(''));
    assert.ok(texts('').includes('module:shop/cart') && texts('').includes('message:total must be positive'));
    assert.ok(!texts('').includes('symbol:CC_'));
  });

  it('mines a Go panic: the frame path after the module version, and the panic message', () => {
    const body = [
      '```',
      'panic: runtime error: invalid memory address or nil pointer dereference',
      'goroutine 1 [running]:',
      'github.com/zeromicro/go-zero/core/stores/redis.(*Redis).Get(0x0)',
      '\t/go/pkg/mod/github.com/zeromicro/go-zero@v1.3.0/core/stores/redis/redis.go:123 +0x1d',
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'nil pointer in redis Get', body });
    assert.ok(find(clues, 'path', 'core/stores/redis/redis.go'), JSON.stringify(clues));
    assert.ok(find(clues, 'message', 'runtime error: invalid memory address or nil pointer dereference'));
    assert.ok(find(clues, 'symbol', 'Redis'));
  });

  it('mines a Rust panic location and message', () => {
    const { clues } = mineIssue({
      title: 'put_slice panics',
      body: "thread 'main' panicked at 'index out of bounds: the len is 3 but the index is 5', src/buf/buf_mut.rs:42:9\n",
    });
    assert.equal(find(clues, 'path', 'src/buf/buf_mut.rs')?.source, 'trace');
    assert.ok(find(clues, 'message', 'index out of bounds: the len is'));
    assert.ok(find(clues, 'symbol', 'put_slice'), 'snake_case title words are identifiers');
  });

  it('makes plain title words weak definition clues, but not English function words', () => {
    const { clues } = mineIssue({ title: 'Entities retain technical fields that should be removed after cloning', body: '' });
    const words = clues.filter((c) => c.kind === 'symbol' && c.source === 'title').map((c) => c.text);
    for (const word of ['entities', 'retain', 'technical', 'fields', 'removed', 'cloning']) assert.ok(words.includes(word), word);
    for (const word of ['that', 'should', 'after']) assert.ok(!words.includes(word), `${word} names no code`);
  });

  it("mines a title's component labels as names, and reads the words after the labels as the sentence's start", () => {
    const { clues } = mineIssue({ title: '[material-ui][Autocomplete] Popup does not close on blur', body: '' });
    const label = find(clues, 'symbol', 'Autocomplete');
    assert.ok(label && label.source === 'title', JSON.stringify(clues));
    assert.ok(label.weight > find(clues, 'symbol', 'autocomplete')!.weight, 'the label outweighs the plain title word');
    assert.equal(find(clues, 'symbol', 'Popup'), undefined, 'a capital after the labels starts the sentence');
    assert.equal(find(clues, 'symbol', 'material-ui'), undefined, 'a lower-case area label is matched as title words only');
    for (const title of ['[RFC] Rework the theme', '[ENH] Faster plots', '[Bug] Crash on save', '[version 2.20.0] Crash']) {
      const symbols = mineIssue({ title, body: '' }).clues.filter((c) => c.kind === 'symbol' && /^[A-Z]/.test(c.text));
      assert.deepEqual(symbols, [], `${title}: a type label or a version names no code`);
    }
  });

  it("keeps a Go project's internal packages as its paths, and drops Node's internals", () => {
    const body = [
      'I hope to add a switch in zrpc/internal/serverinterceptors/statinterceptor.go to close the stats log.',
      'The flag is read in internal/cmd/grpc.go.',
      "Error: Cannot find module './x'",
      '    at Function.Module._resolveFilename (internal/modules/cjs/loader.js:880:15)',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Add a switch for the stats log', body });
    assert.ok(find(clues, 'path', 'zrpc/internal/serverinterceptors/statinterceptor.go'), JSON.stringify(clues));
    assert.ok(find(clues, 'path', 'internal/cmd/grpc.go'));
    assert.equal(clues.find((c) => c.kind === 'path' && c.text.includes('loader.js')), undefined, "Node's own loader is not the project's");
  });

  it('spells a backticked kebab-case name every way code writes it', () => {
    const { clues } = mineIssue({ title: 'Support a custom `cache-control` header', body: 'Running `hide-env` fails; `x-1` and `a-b` are not names.' });
    for (const spelling of ['cache-control', 'Cache-Control', 'cache_control', 'cacheControl', 'CacheControl', 'hide_env', 'HideEnv']) {
      assert.ok(find(clues, 'symbol', spelling), `${spelling}: ${JSON.stringify(clues.map((c) => c.text))}`);
    }
    assert.ok(find(clues, 'symbol', 'cache-control')!.weight > find(clues, 'symbol', 'cache')!.weight, 'the whole name outweighs its words');
    for (const text of ['x-1', 'a-b', 'a_b', 'aB']) assert.equal(find(clues, 'symbol', text), undefined, text);
    // In the title's prose a kebab name may be an English compound (`read-only`): searched, but weaker than a backticked one.
    const prose = mineIssue({ title: 'local-exec provisioner ignores the `on-failure` setting', body: '' }).clues;
    assert.ok(find(prose, 'symbol', 'local_exec') && find(prose, 'symbol', 'LocalExec'), JSON.stringify(prose.map((c) => c.text)));
    assert.ok(find(prose, 'symbol', 'local_exec')!.weight < find(prose, 'symbol', 'on_failure')!.weight);
    assert.equal(find(mineIssue({ title: 'Fix', body: 'a read-only file' }).clues, 'symbol', 'read_only'), undefined, "the body's prose is not searched for them");
  });

  it('mines a JavaScript stack: frame files and function names', () => {
    const { clues } = mineIssue({
      title: 'Pin card crashes',
      body: "TypeError: Cannot read properties of undefined (reading 'name')\n    at renderRepoCard (/app/src/cards/repo-card.js:55:20)\n    at module.exports (/app/api/pin.js:30:5)\n",
    });
    const inner = find(clues, 'path', 'app/src/cards/repo-card.js');
    const outer = find(clues, 'path', 'app/api/pin.js');
    assert.ok(inner && outer && inner.weight > outer.weight, JSON.stringify(clues));
    assert.ok(find(clues, 'symbol', 'renderRepoCard'));
    assert.equal(find(clues, 'symbol', 'exports'), undefined);
  });

  it("mines a browser's JavaScript stack: dev-server and bundler URLs name the source file, in both frame formats", () => {
    const body = [
      "Uncaught TypeError: Cannot read properties of undefined (reading 'id')",
      '    at TopicList.render (http://localhost:5173/src/components/TopicList.vue?t=1699:12:5)',
      '    at mountComponent (http://localhost:5173/node_modules/.vite/deps/vue.js?v=abc:7311:20)',
      '    at Object.<anonymous> (webpack:///./src/utils/format.js:3:7)',
      'onClick@http://localhost:3000/src/views/Chat.jsx:40:9',
      'loadTopics/<@http://localhost:3000/src/views/Chat.jsx:12:3',
    ].join('\n');
    const trace = mineIssue({ title: 'Topic list crashes', body }).clues.filter((c) => c.source === 'trace');
    const paths = trace.filter((c) => c.kind === 'path').map((c) => [c.text, c.depth]);
    // The bundled dependency (Vite's pre-bundled vue.js) is runtime code, and no frame of it counts.
    assert.deepEqual(paths, [['src/components/TopicList.vue', 0], ['src/utils/format.js', 1], ['src/views/Chat.jsx', 2]]);
    for (const name of ['render', 'onClick', 'loadTopics']) assert.ok(find(trace, 'symbol', name), `${name} in ${JSON.stringify(trace)}`);
    assert.equal(find(trace, 'symbol', 'mountComponent'), undefined);
  });

  it("mines Next.js's frames, whose webpack URL names the module's layer before the app's own path", () => {
    const body = [
      "TypeError: Cannot read properties of undefined (reading 'error')",
      '    at handleResendEmailVerification (webpack-internal:///(app-pages-browser)/./src/app/settings/page.tsx:174:19)',
      '    at eval (webpack-internal:///(rsc)/./lib/hooks/useLeaderboard.ts:59:45)',
      '    at async onClick (webpack-internal:///(ssr)/./src/app/settings/page.tsx:630:100)',
    ].join('\n');
    const trace = mineIssue({ title: 'Resending the verification email crashes', body }).clues.filter((c) => c.source === 'trace');
    const paths = trace.filter((c) => c.kind === 'path').map((c) => [c.text, c.depth]);
    assert.deepEqual(paths, [['src/app/settings/page.tsx', 0], ['lib/hooks/useLeaderboard.ts', 1]]);
    assert.ok(find(trace, 'symbol', 'handleResendEmailVerification'), JSON.stringify(trace));
  });

  it("takes a JavaScript frame's class as its method's qualifier, not a built-in's or a runtime frame's", () => {
    const body = [
      "TypeError: Cannot read properties of undefined (reading 'push')",
      '    at EventHandler.invokeCallbacks (vendor.4b7d91.js:2:301877)',
      '    at Object.runCallback (vendor.4b7d91.js:2:301744)',
      '    at Module._compile (node:internal/modules/cjs/loader.js:1256:14)',
      '    at Socket.onData (internal/streams/readable.js:12:3)',
    ].join('\n');
    const { qualifiers } = mineIssue({ title: 'Callbacks stop after one throws', body });
    assert.deepEqual(qualifiers.get('invokeCallbacks'), ['eventhandler']);
    // A built-in receiver, and a frame of the runtime or of a global install, qualify nothing.
    for (const name of ['runCallback', '_compile', 'onData']) assert.equal(qualifiers.get(name), undefined, name);
  });

  it("mines React's component stack: the components and the files it names", () => {
    const body = ['The above error occurred in the <TopicRow> component:', '    in TopicRow (at TopicList.jsx:31)', '    in ul (created by TopicList)', '    in TopicList (created by App)', '    in App (at index.js:7)'].join('\n');
    const trace = mineIssue({ title: 'Topic list crashes', body }).clues.filter((c) => c.source === 'trace');
    assert.deepEqual(trace.filter((c) => c.kind === 'path').map((c) => [c.text, c.depth]), [['TopicList.jsx', 0], ['index.js', 2]]);
    for (const name of ['TopicRow', 'TopicList']) assert.ok(find(trace, 'symbol', name), `${name} in ${JSON.stringify(trace)}`);
    assert.equal(find(trace, 'symbol', 'ul'), undefined, 'host elements are no components');
  });

  it('mines a Java exception: class file paths from frames, not packages as files', () => {
    const { clues } = mineIssue({
      title: 'Unexpected end of input',
      body: 'com.fasterxml.jackson.databind.JsonMappingException: Unexpected end\n\tat com.fasterxml.jackson.dataformat.xml.deser.FromXmlParser.nextToken(FromXmlParser.java:412)\n',
    });
    assert.ok(find(clues, 'path', 'com/fasterxml/jackson/dataformat/xml/deser/FromXmlParser.java') ?? clues.find((c) => c.kind === 'path' && c.text.endsWith('deser/FromXmlParser.java')));
    assert.ok(find(clues, 'symbol', 'nextToken'));
    assert.ok(find(clues, 'symbol', 'JsonMappingException'));
    assert.equal(find(clues, 'path', 'com.fasterxml.jackson.dataformat.xml'), undefined);
  });

  it("takes a Java exception's last cause as the innermost failure, and its message's sentence over a printed value", () => {
    const body = [
      '```',
      "com.fasterxml.jackson.databind.JsonMappingException: Problem with definition of [AnnotedClass com.acme.billing.Money]: Multiple 'as-value' properties defined ([field com.acme.billing.Money#amount] vs [method com.acme.billing.Money#amount()])",
      '\tat com.fasterxml.jackson.databind.JsonMappingException.from(JsonMappingException.java:290)',
      '\tat com.fasterxml.jackson.databind.SerializerProvider.reportMappingProblem(SerializerProvider.java:1336)',
      'Caused by: java.lang.IllegalArgumentException: Problem with definition of [AnnotedClass com.acme.billing.Money]',
      '\tat com.fasterxml.jackson.databind.introspect.POJOPropertiesCollector.reportProblem(POJOPropertiesCollector.java:1257)',
      '\tat com.fasterxml.jackson.databind.introspect.BasicBeanDescription.findJsonValueAccessor(BasicBeanDescription.java:258)',
      '\t... 14 more',
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: '@JsonValue on a record component fails', body });
    const depthOf = (suffix: string) => clues.find((c) => c.kind === 'path' && c.text.endsWith(suffix))?.depth;
    assert.equal(depthOf('introspect/POJOPropertiesCollector.java'), 0, 'the root cause was thrown first');
    assert.equal(depthOf('introspect/BasicBeanDescription.java'), 1);
    assert.equal(depthOf('databind/JsonMappingException.java'), 2, 'the wrapping exception comes after');
    assert.ok(find(clues, 'message', 'Problem with definition of'), 'the sentence, not the bracketed class name');
    assert.equal(longestLiteralRun('Problem with definition of [AnnotedClass com.acme.billing.Money]'), 'Problem with definition of');
  });

  it('mines a Markdown quote as a message after the quoted strings, and no Python prompt', () => {
    const body = [
      'A module-level `skip()` logs "collection of the module was skipped" and then fails with:',
      '',
      '> **Using pytest.skip outside of a test is not allowed.**',
      '',
      '```python',
      '>>> skip("a module-level skip of this length")',
      '```',
      '>>> import pytest; pytest.skip("a prompt line in prose")',
    ].join('\n');
    const { clues } = mineIssue({ title: 'Improve handling of skip for module level', body });
    const messages = clues.filter((c) => c.kind === 'message').map((c) => c.text);
    assert.ok(messages.includes('Using pytest.skip outside of a test is not allowed'), JSON.stringify(messages));
    const quoted = messages.indexOf('collection of the module was skipped');
    assert.ok(quoted >= 0 && quoted < messages.indexOf('Using pytest.skip outside of a test is not allowed'), 'a quoted string is searched first');
    assert.ok(!messages.some((m) => m.includes('prompt line') || m.includes('module-level skip')), 'prompts are code, not quotes');
  });

  it('weights the title above the body and drops names the reporter defines in their own snippet', () => {
    const body = [
      'import os',
      'from django.db import models',
      'class LocalFiles(models.Model):',
      '\tfile = models.FilePathField(path=os.path.join(settings.LOCAL_FILE_DIR, "x"))',
    ].join('\n');
    const { clues, titleWords } = mineIssue({ title: 'Allow FilePathField path to accept a callable.', body });
    assert.equal(clues[0]?.text, 'FilePathField');
    assert.equal(clues[0]?.source, 'title');
    assert.equal(find(clues, 'symbol', 'LocalFiles'), undefined, 'user-defined class');
    assert.equal(find(clues, 'symbol', 'Allow'), undefined, 'a capitalised sentence start is prose');
    assert.ok(find(clues, 'module', 'django/db'));
    assert.deepEqual(titleWords, ['allow', 'filepathfield', 'field', 'accept', 'callable'], 'generic words like file and path are dropped');
  });

  it("drops the snippet's unpacked names and capitalised variables, not a setting or a required module", () => {
    const body = [
      '```python',
      'from sympy.vector import CoordSys3D, Del',
      'CC_ = CoordSys3D("C")',
      'xhat, yhat, zhat = CC_.i, CC_.j, CC_.k',
      'USE_THOUSAND_SEPARATOR = True',
      '```',
      '```js',
      "const Koa = require('koa');",
      '```',
    ].join('\n');
    const { clues } = mineIssue({ title: 'display bug while using pretty_print with sympy.vector object', body });
    for (const name of ['CC_', 'xhat', 'zhat']) assert.equal(find(clues, 'symbol', name), undefined, name);
    assert.ok(find(clues, 'symbol', 'CoordSys3D'), 'the class the snippet calls is the project\'s');
    assert.ok(find(clues, 'symbol', 'USE_THOUSAND_SEPARATOR'), 'a setting assigned a literal names the project\'s setting');
    assert.ok(find(clues, 'symbol', 'Koa'), 'a required module is the project\'s export');
  });

  it('weighs a name a title asks to add as a plain title word, and the class it is for as a name', () => {
    const weight = (title: string, name: string) => find(mineIssue({ title, body: '' }).clues, 'symbol', name)?.weight ?? 0;
    const added = weight('Add get_response_async for ASGIStaticFilesHandler', 'get_response_async');
    assert.ok(added > 0 && added < weight('Add get_response_async for ASGIStaticFilesHandler', 'ASGIStaticFilesHandler'));
    assert.ok(added < weight('get_response_async is missing on ASGIStaticFilesHandler', 'get_response_async'));
    // "Allow" changes the name it is followed by; a member after a dot is what is added, not its object.
    assert.equal(weight('Allow file_path to accept a callable', 'file_path'), weight('file_path should accept a callable', 'file_path'));
    assert.equal(weight('Add `response_body.bytes()`', 'response_body'), weight('Fix `response_body.bytes()`', 'response_body'));
    assert.equal(weight('Add ScriptRunner tests for timeouts', 'ScriptRunner'), weight('Fix ScriptRunner tests for timeouts', 'ScriptRunner'));
  });

  it('reads paths from GitHub blob links and backticked names', () => {
    const { clues } = mineIssue({
      title: 'Add a switch',
      body: 'See https://github.com/o/r/blob/0123abc/include/simdjson/dom/element.h#L10-L20 and `current_location()`.',
    });
    assert.ok(find(clues, 'path', 'include/simdjson/dom/element.h'));
    assert.ok(find(clues, 'symbol', 'current_location'));
  });

  it('takes a message pasted in backticks, less its error type, and leaves code and commands alone', () => {
    const body = [
      'It still fails with `Error: Timeout of 2000ms exceeded. For async tests and hooks, ensure "done()" is called`.',
      "Matching throws `MockNotMatchedError: Mock dispatch not matched for path '/foo?a=1&b=2'` and the log says",
      '`the request was not sent to any pool`. I ran `npm run test -- --grep pool` and `agent.dispatch(opts, handler)`,',
      'with `let retries = 3;` and a `mapping key value`.',
    ].join(' ');
    const { clues } = mineIssue({ title: 'Pool timeout is ignored', body });
    const messages = clues.filter((c) => c.kind === 'message' && !c.text.startsWith('--')).map((c) => c.text);
    assert.deepEqual(messages.sort(), ['Mock dispatch not matched for path', 'exceeded. For async tests and hooks, ensure', 'the request was not sent to any pool'].sort());
    assert.ok(find(clues, 'symbol', 'MockNotMatchedError'), 'the error type stays a name');
    assert.ok(find(clues, 'symbol', 'dispatch'), 'the call stays a name');
    assert.equal(inlineMessage('npm run build --watch'), undefined);
    assert.equal(inlineMessage('from level import Model'), undefined);
    assert.equal(inlineMessage('mapping key value pairs'), undefined, 'names without grammar');
    assert.equal(inlineMessage('Invalid base64 input, bad content length.'), 'Invalid base64 input, bad content length.', 'punctuated as a sentence');
    assert.equal(inlineMessage('red, green, blue, alpha'), undefined, 'a list is not a sentence');
    assert.equal(inlineMessage('TypeError: foo.bar is not a function'), 'foo.bar is not a function');
    // Between two spans, when the issue's backticks pair up wrongly (pvlib's ":issue:`1395` … `whatsnew`").
    assert.equal(inlineMessage(' or this Pull Request with '), undefined);
    assert.equal(inlineMessage(') is very similar to the function added in #1395 ('), undefined);
  });

  it('finds literal runs of messages and shapes of identifiers', () => {
    assert.equal(longestLiteralRun('Timeout of 2000ms exceeded after 5s'), 'exceeded after');
    assert.equal(longestLiteralRun('Expected 2D array'), 'Expected 2D array');
    assert.equal(longestLiteralRun("'NoneType' object has no attribute 'foo'"), 'object has no attribute');
    assert.equal(longestLiteralRun('expected 3 values, got {n} instead of them'), 'instead of them');
    assert.equal(identifierShape('FilePathField'), 'camel');
    assert.equal(identifierShape('check_array'), 'snake');
    assert.equal(identifierShape('LOCAL_DIR'), 'upper');
    assert.equal(identifierShape('Legend'), 'capitalized');
    assert.equal(identifierShape('legend'), 'word');
  });

  it('separates fenced, indented and REPL code from prose', () => {
    const { prose, code } = splitCode('Some prose.\n```py\nx = f()\n```\n    indented()\n>>> repl()\nmore prose');
    assert.match(code, /x = f\(\)/);
    assert.match(code, /indented/);
    assert.match(code, /repl/);
    assert.doesNotMatch(prose, /indented|repl|x = f/);
  });

  it("keeps an indented block's deeper lines in the code (Trac's tab-indented snippets, a nested body)", () => {
    const trac = 'Having these two models\nclass Migration(migrations.Migration):\n\toperations = [\n\t\tmigrations.RenameField(\n\t\t\tmodel_name=\'modela\',\n\t\t),\n\t]\nThe to_field points to the old name';
    const { prose, code } = splitCode(trac);
    assert.match(code, /\t\tmigrations\.RenameField\(\n\t\t\tmodel_name/);
    assert.doesNotMatch(prose, /RenameField|model_name/);
    assert.match(prose, /Having these two models\nThe to_field points/);
    const spaces = splitCode('Run this:\n\n    def f():\n        return g(1)\n\nand it fails.');
    assert.match(spaces.code, / {8}return g\(1\)/);
    assert.doesNotMatch(spaces.prose, /return/);
  });

  it('is deterministic', () => {
    const issue = { title: 'Bug in `Foo.bar` when `baz_qux` is None', body: 'File "a/b.py", line 1, in bar\nKeyError: missing key in mapping table' };
    assert.deepEqual(mineIssue(issue), mineIssue(issue));
  });
});
