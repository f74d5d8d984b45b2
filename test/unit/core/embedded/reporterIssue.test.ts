import { strict as assert } from 'node:assert';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

/** A small HTTP client library: the bug is in `settle`; the adapter calls it, the docs and a script talk about status. */
const FILES: Record<string, string> = {
  'lib/core/settle.js': [
    "'use strict';",
    '',
    'module.exports = function settle(resolve, reject, response) {',
    '  const validateStatus = response.config.validateStatus;',
    '  if (!response.status || !validateStatus || validateStatus(response.status)) {',
    '    resolve(response);',
    '  } else {',
    "    reject(new Error('Request failed with status code ' + response.status));",
    '  }',
    '};',
    '',
  ].join('\n'),
  'lib/adapters/xhr.js': [
    "const settle = require('../core/settle');",
    '',
    'module.exports = function xhrAdapter(config) {',
    '  return new Promise((resolve, reject) => {',
    '    const request = new XMLHttpRequest();',
    '    request.onloadend = function onloadend() {',
    '      settle(resolve, reject, { status: request.status, config });',
    '    };',
    '  });',
    '};',
    '',
  ].join('\n'),
  'lib/core/dispatch.js': "module.exports = function dispatch(config) {\n  return config.adapter(config);\n};\n",
  'scripts/release-notes.js': '// Writes the release notes: conduct, searched issues, githubusercontent images, status badges.\n',
  'README.md': '# minihttp\n\nA tiny HTTP client. Responses carry a `status`.\n',
};

/** The reporter's words in a GitHub issue form, with its boilerplate, an HTML comment and a screenshot. */
const ISSUE = {
  title: '[Bug]: Request fails without a response',
  body: [
    '### Search before asking',
    '',
    '- [X] I searched the [issues](https://github.com/acme/minihttp/issues) and found no similar issues.',
    '',
    '### What happened',
    '',
    '<!-- Please describe the problem. Screenshots help. -->',
    "When the server closes the connection, my app crashes with TypeError: Cannot read properties of undefined (reading 'validateStatus').",
    '',
    '```',
    "TypeError: Cannot read properties of undefined (reading 'validateStatus')",
    '    at settle (/home/me/app/node_modules/minihttp/lib/core/settle.js:4:42)',
    '    at XMLHttpRequest.onloadend (/home/me/app/node_modules/minihttp/lib/adapters/xhr.js:7:7)',
    '    at Object.<anonymous> (/home/me/app/node_modules/express/index.js:3:1)',
    '```',
    '',
    '![screenshot](https://user-images.githubusercontent.com/948965/155283622-5f808d11-3aec-4ce2-9a18-f7f992dc226c.png)',
    '',
    '### Version',
    '',
    '_No response_',
    '',
    '### Code of Conduct',
    '',
    "- [X] I agree to follow this project's Code of Conduct",
  ].join('\n'),
};

describe("EmbeddedBrain on a reporter's JavaScript issue (real files, real ripgrep, Locator)", function () {
  let dir = '';
  before(() => (dir = makeTree(FILES, 'codegrep-reporter-')));
  after(() => removeTree(dir));

  it("answers the project's files the trace passes through in node_modules, not the form's or the links' words", async () => {
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(ISSUE, createEmbeddedBrain());
    const answered = result.candidates.map((c) => c.path);
    // Both frames of the project (the dependency's bare index.js is no clue); nothing the boilerplate's words match.
    assert.deepEqual([...answered].sort(), ['lib/adapters/xhr.js', 'lib/core/settle.js'], JSON.stringify(result.candidates));
    assert.ok(result.candidates.every((c) => /stack trace/.test(c.reason)), JSON.stringify(result.candidates));
    // The template's and the links' words are not searched for: no call asks for them.
    const asked = JSON.stringify(result.trajectory.map((t) => t.calls.map((c) => c.call.args)));
    for (const noise of ['conduct', 'githubusercontent', 'searched', 'screenshots']) assert.ok(!asked.toLowerCase().includes(noise), `${noise} in ${asked}`);
  });
});
