import assert from 'node:assert/strict';
import { CodeGrepError } from '../../../src/common/errors';
import {
  apiBaseForHost,
  findIssueRefs,
  formatIssueRef,
  issueRefAt,
  issueRepositoryOf,
  issueWebUrl,
  matchIssueRef,
  parseGitRemoteUrl,
  parseIssueRef,
  withRepository,
} from '../../../src/common/issueRef';

describe('issueRef', () => {
  describe('matchIssueRef', () => {
    it('parses github.com issue and pull request URLs with trailing parts', () => {
      assert.deepEqual(matchIssueRef('https://github.com/django/django/issues/123'), {
        host: 'github.com', owner: 'django', repo: 'django', number: 123, pull: false,
      });
      assert.deepEqual(matchIssueRef(' https://github.com/o/r/pull/7/files?diff=split '), {
        host: 'github.com', owner: 'o', repo: 'r', number: 7, pull: true,
      });
      assert.equal(matchIssueRef('https://github.com/o/r.js/issues/9#issuecomment-1')?.repo, 'r.js');
      assert.equal(matchIssueRef('<https://github.com/o/r/issues/9>')?.number, 9);
    });

    it('keeps GitHub Enterprise hosts (and ports)', () => {
      const ref = matchIssueRef('https://ghe.example.com:8443/team/app/issues/42');
      assert.equal(ref?.host, 'ghe.example.com:8443');
      assert.equal(apiBaseForHost(ref?.host), 'https://ghe.example.com:8443/api/v3');
      assert.equal(apiBaseForHost('github.com'), 'https://api.github.com');
    });

    it('parses #N, owner/repo#N and bare numbers', () => {
      assert.deepEqual(matchIssueRef('#15'), { number: 15 });
      assert.deepEqual(matchIssueRef('15'), { number: 15 });
      assert.deepEqual(matchIssueRef('psf/requests#6001'), { owner: 'psf', repo: 'requests', number: 6001 });
    });

    it('rejects malformed references', () => {
      for (const bad of ['https://github.com/o/r', 'https://github.com/o/r/issues/abc', '#0', '#', 'fix the bug', 'https://github.com/o/r/issues/12x', 'o/r#']) {
        assert.equal(matchIssueRef(bad), undefined, bad);
      }
    });
  });

  it('parseIssueRef throws a bad-input error that says what is accepted', () => {
    assert.throws(
      () => parseIssueRef('https://github.com/o/r/wiki'),
      (e: unknown) => e instanceof CodeGrepError && e.code === 'bad-input' && /issues\/123/.test(e.message),
    );
    assert.equal(parseIssueRef('#3').number, 3);
  });

  describe('findIssueRefs / issueRefAt', () => {
    it('finds URLs and #N in comments and Markdown', () => {
      const text = '// Fixes #12 and see https://github.com/o/r/issues/34, also o/r#56.';
      const found = findIssueRefs(text);
      assert.deepEqual(found.map((m) => m.text), ['#12', 'https://github.com/o/r/issues/34', 'o/r#56']);
      assert.equal(text.slice(found[1].start, found[1].end), 'https://github.com/o/r/issues/34');
    });

    it('ignores HTML entities, anchors in URLs, hex colours with letters and words', () => {
      assert.deepEqual(findIssueRefs('&#123; color: #12ab; a#5 http://x.com/page#7 issue#4').map((m) => m.text), []);
    });

    it('finds the reference under the cursor or overlapping a selection', () => {
      const line = 'see #12 or https://github.com/o/r/pull/3 now';
      assert.equal(issueRefAt(line, 5)?.text, '#12');
      assert.equal(issueRefAt(line, 7)?.text, '#12');
      assert.equal(issueRefAt(line, 20)?.ref.number, 3);
      assert.equal(issueRefAt(line, 0), undefined);
      assert.equal(issueRefAt(line, 0, 4)?.text, '#12');
    });
  });

  describe('parseGitRemoteUrl', () => {
    it('reads https, ssh and scp-like remotes', () => {
      assert.deepEqual(parseGitRemoteUrl('https://github.com/o/r.git'), { host: 'github.com', owner: 'o', repo: 'r' });
      assert.deepEqual(parseGitRemoteUrl('git@github.com:o/r.git'), { host: 'github.com', owner: 'o', repo: 'r' });
      assert.deepEqual(parseGitRemoteUrl('ssh://git@ssh.github.com:443/o/r.git'), { host: 'github.com', owner: 'o', repo: 'r' });
      assert.deepEqual(parseGitRemoteUrl('git@github-work:o/r'), { host: 'github.com', owner: 'o', repo: 'r' });
      assert.deepEqual(parseGitRemoteUrl('https://ghe.corp:8443/t/app'), { host: 'ghe.corp:8443', owner: 't', repo: 'app' });
    });

    it('rejects local paths and non-repository URLs', () => {
      for (const bad of ['/srv/git/r.git', 'C:/repos/o/r', '../o/r', 'https://github.com/o', 'file:///o/r.git', '']) {
        assert.equal(parseGitRemoteUrl(bad), undefined, bad);
      }
    });
  });

  it('completes #N with a remote and formats refs', () => {
    const ref = withRepository({ number: 5 }, { host: 'github.com', owner: 'o', repo: 'r' });
    assert.equal(formatIssueRef(ref), 'o/r#5');
    assert.equal(issueWebUrl(ref), 'https://github.com/o/r/issues/5');
    assert.equal(formatIssueRef({ number: 5 }), '#5');
    const named = withRepository({ number: 5, owner: 'a', repo: 'b' }, { host: 'github.com', owner: 'o', repo: 'r' });
    assert.equal(formatIssueRef(named), 'a/b#5');
  });

  it('picks the remote a bare #N refers to: upstream, github, origin, then any GitHub remote', () => {
    const origin = { name: 'origin', url: 'git@github.com:me/fork.git' };
    const upstream = { name: 'upstream', url: 'https://github.com/org/proj.git' };
    const local = { name: 'backup', url: '/srv/backup.git' };
    assert.deepEqual(issueRepositoryOf([origin, upstream]), { host: 'github.com', owner: 'org', repo: 'proj' });
    assert.deepEqual(issueRepositoryOf([local, origin]), { host: 'github.com', owner: 'me', repo: 'fork' });
    assert.equal(issueRepositoryOf([local]), undefined);
    assert.equal(issueRepositoryOf([]), undefined);
  });
});
