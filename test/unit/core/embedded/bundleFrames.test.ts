import { strict as assert } from 'node:assert';
import { framesByPath } from '../../../../src/core/embedded/bundleFrames';
import { mineIssue, type Clue } from '../../../../src/core/embedded/clues';
import { EvidenceBoard } from '../../../../src/core/embedded/evidence';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

describe('frames in a bundle (bundleFrames.ts)', () => {
  it('lists the path clues whose frames ran two or more functions', () => {
    const byPath = framesByPath([
      { path: 'dist/index.js', symbol: 'placeWidget' },
      { path: 'dist/index.js', symbol: 'iterDeco' },
      { path: 'dist/index.js', symbol: 'placeWidget' },
      { path: 'lib/one.js', symbol: 'run' },
      { path: 'lib/one.js', symbol: 'run' },
    ]);
    assert.deepEqual([...byPath], [['dist/index.js', ['placeWidget', 'iterDeco']]]);
  });

  it('leaves a C file alone that a trace quotes under its build tree', () => {
    const board = new EvidenceBoard();
    const quoted: Clue = { kind: 'path', text: 'tmux-3.3a/arguments.c', source: 'trace', weight: 5, depth: 0 };
    const names: Clue[] = ['args_string_percentage', 'args_percentage'].map((text) => ({ kind: 'symbol', text, source: 'trace', weight: 3 }));
    board.addPaths(['arguments.c'], [quoted]);
    board.addSymbolHits([{ path: 'arguments.c', line: 40, text: 'args_string_percentage(const char *value, long long minval)' }], names);
    board.addSymbolHits([{ path: 'compat/percent.c', line: 3, text: 'long long args_percentage(struct args *args, u_char flag)' }], names);
    board.unlinkBundleTwins(new Map([['tmux-3.3a/arguments.c', ['args_string_percentage', 'args_percentage']]]));
    assert.deepEqual(board.get('arguments.c')?.pathMatches.map((c) => c.text), ['tmux-3.3a/arguments.c']);
  });

  it("keeps each frame's function from an installed bundle's trace", () => {
    const body = ['```', "TypeError: Cannot read properties of null (reading 'nodeType')", ...BUNDLE_FRAMES, '```'].join('\n');
    assert.deepEqual(mineIssue({ title: 'Widget crashes', body }).framesByPath.get('dist/index.js'), ['WidgetViewDesc', 'placeWidget', 'iterDeco', 'updateChildren']);
  });
});

const BUNDLE_FRAMES = [
  '    at new WidgetViewDesc (node_modules/editor-view/dist/index.js:1096:15)',
  '    at ViewTreeUpdater.placeWidget (node_modules/editor-view/dist/index.js:1919:16)',
  '    at iterDeco (node_modules/editor-view/dist/index.js:2030:9)',
  '    at NodeViewDesc.updateChildren (node_modules/editor-view/dist/index.js:1344:5)',
];

/** An editor package whose build is one bundle: `src/index.js` holds the view, `src/viewdesc.js` the widgets. */
const TREE: Record<string, string> = {
  'src/index.js': [
    "import { NodeViewDesc } from './viewdesc.js'",
    '',
    'export class EditorView {',
    '  constructor(place, props) {',
    '    this.docView = new NodeViewDesc(props.state.doc, props.decorations)',
    '  }',
    '  someProp(name) { return this.props[name] }',
    '  // Rendering: each widget decoration draws its DOM with toDOM when the view updates.',
    '  updateState(state) { this.docView.update(state.doc, this.someProp("decorations")) }',
    '}',
  ].join('\n'),
  'src/viewdesc.js': [
    'export class WidgetViewDesc {',
    '  constructor(widget, view) {',
    '    const dom = widget.toDOM(view)',
    '    this.nodeType = dom.nodeType',
    '  }',
    '}',
    '',
    'export class NodeViewDesc {',
    '  updateChildren(view) { iterDeco(view, (widget) => this.placeWidget(widget)) }',
    '}',
    '',
    'class ViewTreeUpdater {',
    '  placeWidget(widget, view) { return new WidgetViewDesc(widget, view) }',
    '}',
    '',
    'export function iterDeco(parent, onWidget) { parent.forEach(onWidget) }',
  ].join('\n'),
  'src/input.js': 'export function readInput(view) { return view.someProp("handleKeyDown") }\n',
};

describe('a trace through an installed bundle end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(TREE, 'codegrep-bundle-');
  });

  after(() => removeTree(dir));

  it("credits the bundle's frames to the files that define their functions, not to the bundle's namesake", async () => {
    const title = 'EditorView crashes rendering a widget decoration when toDOM returns null';
    const body = ['Returning null from a widget throws:', '', '```', "TypeError: Cannot read properties of null (reading 'nodeType')", ...BUNDLE_FRAMES, '```'].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
    const all = JSON.stringify(result.candidates);
    // The title names EditorView, so `src/index.js` may lead, but not for the bundle's path.
    assert.ok(!result.candidates.some((c) => c.reason.includes('dist/index.js')), all);
    assert.match(result.candidates.find((c) => c.path === 'src/viewdesc.js')?.reason ?? '', /WidgetViewDesc` \(in the stack trace\)/, all);
  });

  it("keeps the link where the frames' functions are the namesake's own (a per-file build)", async () => {
    const title = 'someProp throws after the view is destroyed';
    const body = [
      '```',
      "TypeError: Cannot read properties of null (reading 'handleKeyDown')",
      '    at EditorView.someProp (node_modules/editor-view/dist/index.js:40:12)',
      '    at new EditorView (node_modules/editor-view/dist/index.js:12:3)',
      '```',
    ].join('\n');
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());
    assert.equal(result.candidates[0]?.path, 'src/index.js', JSON.stringify(result.candidates));
    assert.match(result.candidates[0]?.reason ?? '', /dist\/index\.js/, 'the path still counts');
  });
});
