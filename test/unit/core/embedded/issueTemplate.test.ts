import assert from 'node:assert/strict';
import { issueFromText } from '../../../../src/common/issue';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { withoutTemplateText } from '../../../../src/core/embedded/issueTemplate';

/** GitHub's stock feature-request template, filled in the way reporters usually leave it. */
const FEATURE_REQUEST = `[Feature Request] Support custom cache control
**Is your feature request related to a problem? Please describe.**
Talking about rate limiter, it is better to have a customizable \`cache-control\`.

**Describe the solution you'd like**
Add a parameter \`&cache_control=<maxage>\`.

**Describe alternatives you've considered**
A clear and concise description of any alternative solutions or features you've considered.

**Additional context**
Add any other context or screenshots about the feature request here.`;

describe('embedded brain: issue template text', () => {
  it("drops the stock feature template's headings and placeholders, keeps the reporter's words, and the title's label", () => {
    const issue = withoutTemplateText(issueFromText(FEATURE_REQUEST));
    assert.equal(issue.title, 'Support custom cache control');
    assert.equal(issue.body, 'Talking about rate limiter, it is better to have a customizable `cache-control`.\n\nAdd a parameter `&cache_control=<maxage>`.\n\n');
  });

  it('drops a bold heading on the same line as the text, and the placeholder left after it', () => {
    const issue = withoutTemplateText({
      title: 'Bug: wakatime langs_count is invalid',
      body: '**Describe the bug** In Wakatime card, the bar breaks.\n**Is your feature request related to a problem? Please describe.** A clear and concise description of what the problem is. Ex. I\'m always frustrated when [...] type Test struct {\n### Expected behavior\nShould not break.\nSteps to reproduce the behavior:\n1. Go to \'...\'\n2. See error',
    });
    assert.equal(issue.title, 'wakatime langs_count is invalid');
    assert.equal(issue.body, 'In Wakatime card, the bar breaks.\ntype Test struct {\nShould not break.');
  });

  it("drops an issue form's headings, its empty fields and the checkboxes ticked to file, keeps the reporter's task list", () => {
    const issue = withoutTemplateText({
      title: '[Bug]: Lexer raises ValueError: Position Not Found',
      body: [
        '### Search before asking',
        '',
        '- [X] I searched the [issues](https://github.com/acme/lint/issues) and found no similar issues.',
        '',
        '### What Happened',
        '',
        'Linting a model with two nested `for` loops fails.',
        '',
        '### Version',
        '',
        '_No response_',
        '',
        '### Are you willing to work on and submit a PR to address the issue?',
        '',
        '- [X] Yes I am willing to submit a PR!',
        '',
        '### Code of Conduct',
        '',
        "- [X] I agree to follow this project's [Code of Conduct](https://github.com/acme/lint/blob/main/CODE_OF_CONDUCT.md)",
        '- [X] Check that there isn\'t already an issue that reports the same bug to avoid creating a duplicate.',
        '- [ ] `slice_file` keeps the raw slices',
      ].join('\n'),
    });
    assert.equal(issue.title, 'Lexer raises ValueError: Position Not Found', "an issue form's title prefix goes too");
    const kept = issue.body.split('\n').filter((line) => line.trim() !== '');
    assert.deepEqual(kept, ['Linting a model with two nested `for` loops fails.', '- [ ] `slice_file` keeps the raw slices']);
  });

  it("drops the template's HTML comments, which the rendered issue never shows, even one left open", () => {
    const issue = withoutTemplateText({
      title: 'Invalid username or reponame',
      body: 'The pin card says "Invalid username or reponame".\n<!--\nPLEASE READ THE FAQs!!!\nQ: How to hide jupyter Notebook?\n-->\nOnly one repo. <!-- one line --> Two are fine.\n<!-- never closed\nhide=jupyter',
    });
    assert.equal(issue.body, 'The pin card says "Invalid username or reponame".\n\nOnly one repo.  Two are fine.\n');
  });

  it("drops Trac's note on an edited description, whose editor's name is nobody's code", () => {
    const issue = withoutTemplateText({ title: 'sqlmigrate wraps its output in BEGIN/COMMIT', body: 'Description\n\t \n\t\t(last modified by Simon Charette)\n\t \nThe migration executor only adds the outer BEGIN/COMMIT if the migration is atomic.' });
    assert.doesNotMatch(issue.body, /Simon|Charette|modified/);
    assert.match(issue.body, /The migration executor only adds/);
    assert.ok(!mineIssue(withoutTemplateText({ title: 'x', body: '\t\t(last modified by Simon Charette)' })).clues.some((c) => c.text === 'Charette'));
  });

  it('leaves an issue without a template alone, including words that start like a heading', () => {
    const plain = {
      title: 'Context managers leak file handles',
      body: 'Description of the cache is wrong.\nEnvironment variables are ignored.\n  context = make()\nVersion 3.2 broke the lexer.\n- [x] I/O errors are retried',
    };
    assert.deepEqual(withoutTemplateText(plain), plain);
    assert.equal(withoutTemplateText({ title: '[Bug]', body: '' }).title, '[Bug]', 'a title that is only a label stays');
  });
});
