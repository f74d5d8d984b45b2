import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { CodeGrepError } from '../../../src/common/errors';
import { parseIssueRef, tokenMayGoTo } from '../../../src/common/issueRef';
import { envApiHost, fetchGitHubIssue, gitHubEnvOptions, issueFromInput } from '../../../src/tools/github';
import { describeReset, nextLink } from '../../../src/tools/githubApi';
import { startFakeGitHub, type FakeGitHubServer } from '../../helpers/fakeGitHubServer';

const isCode = (code: string, pattern?: RegExp) => (e: unknown) =>
  e instanceof CodeGrepError && e.code === code && (!pattern || pattern.test(e.message));

describe('fetchGitHubIssue (loopback GitHub API)', () => {
  let gh: FakeGitHubServer;

  beforeEach(async () => {
    gh = await startFakeGitHub([
      {
        owner: 'acme', repo: 'widgets', number: 12, title: 'Parser crashes on empty input',
        body: '<!-- Please describe the bug -->\r\nCalling `parse("")` raises IndexError in widgets/parser.py.',
        comments: [{ body: 'Reproduced on 2.1.' }, { body: 'Coverage report: 93%', bot: true }],
      },
      { owner: 'acme', repo: 'secret', number: 3, title: 'Private bug', body: 'token needed', privateToken: 'good-token' },
      { owner: 'acme', repo: 'widgets', number: 99, title: 'Fix parser', body: null, pull: true },
      {
        owner: 'acme', repo: 'widgets', number: 250, title: 'Long thread', body: 'x'.repeat(30_000),
        comments: Array.from({ length: 250 }, (_, i) => ({ body: `comment ${i + 1}` })),
      },
    ]);
  });

  afterEach(() => gh.close());

  it('fetches a public issue with its comments, sending the documented headers and no token', async () => {
    const issue = await fetchGitHubIssue(parseIssueRef('https://github.com/acme/widgets/issues/12'), { apiBase: gh.apiBase });
    assert.equal(issue.title, 'Parser crashes on empty input');
    assert.equal(issue.body, 'Calling `parse("")` raises IndexError in widgets/parser.py.');
    assert.equal(issue.url, 'https://github.com/acme/widgets/issues/12');
    assert.deepEqual(issue.comments, ['Reproduced on 2.1.']);
    assert.equal(gh.requests.length, 2);
    for (const r of gh.requests) {
      assert.equal(r.accept, 'application/vnd.github+json');
      assert.equal(r.apiVersion, '2022-11-28');
      assert.equal(r.authorization, undefined);
    }
    assert.equal(gh.requests[1].path, '/repos/acme/widgets/issues/12/comments?per_page=100');
  });

  it('fetches pull requests through the issues endpoint and skips the comments call when there are none', async () => {
    const issue = await fetchGitHubIssue(parseIssueRef('https://github.com/acme/widgets/pull/99'), { apiBase: gh.apiBase });
    assert.equal(issue.title, 'Fix parser');
    assert.equal(issue.body, '');
    assert.equal(issue.comments, undefined);
    assert.equal(gh.requests.length, 1);
  });

  it('a private issue is not-found without a token (suggesting sign-in) and fetched with one', async () => {
    const ref = parseIssueRef('acme/secret#3');
    await assert.rejects(fetchGitHubIssue(ref, { apiBase: gh.apiBase }), (e: unknown) =>
      isCode('not-found', /private.*sign in/i)(e) && (e as CodeGrepError).action === 'sign-in');
    const issue = await fetchGitHubIssue(ref, { apiBase: gh.apiBase, token: 'good-token' });
    assert.equal(issue.title, 'Private bug');
    assert.equal(gh.requests.at(-1)?.authorization, 'Bearer good-token');
  });

  it('a rejected token is auth-failed and the message never contains the token', async () => {
    gh.badTokens.add('revoked-123');
    await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase: gh.apiBase, token: 'revoked-123' }), (e: unknown) =>
      isCode('auth-failed', /401: Bad credentials/)(e) && !(e as Error).message.includes('revoked-123'));
  });

  it('follows Link pagination over 250 comments, keeping the first and last ones and trimming long bodies', async () => {
    const issue = await fetchGitHubIssue(parseIssueRef('acme/widgets#250'), { apiBase: gh.apiBase });
    const pages = gh.requests.filter((r) => r.path.includes('/comments')).map((r) => r.path);
    assert.deepEqual(pages, [
      '/repos/acme/widgets/issues/250/comments?per_page=100',
      '/repos/acme/widgets/issues/250/comments?per_page=100&page=2',
      '/repos/acme/widgets/issues/250/comments?per_page=100&page=3',
    ]);
    const comments = issue.comments ?? [];
    assert.equal(comments.length, 31);
    assert.equal(comments[0], 'comment 1');
    assert.equal(comments[19], 'comment 20');
    assert.equal(comments[20], '[220 comments omitted]');
    assert.equal(comments[30], 'comment 250');
    assert.match(issue.body, /^x{20000}\n\[\.\.\. 10000 more characters trimmed\]$/);
  });

  it('honours custom caps', async () => {
    const issue = await fetchGitHubIssue(parseIssueRef('acme/widgets#250'), { apiBase: gh.apiBase, maxComments: 4, maxCommentPages: 1 });
    assert.deepEqual(issue.comments, ['comment 1', 'comment 2', '[96 comments omitted]', 'comment 99', 'comment 100']);
  });

  for (const status of [403, 429] as const) {
    it(`rate limit (${status}) says when it resets`, async () => {
      const reset = Math.floor(Date.now() / 1000) + 600;
      gh.rateLimit = { status, resetEpochSeconds: reset };
      const at = new Date(reset * 1000);
      const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;
      await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase: gh.apiBase }),
        isCode('rate-limited', new RegExp(`resets at ${hhmm} \\(in 10 min\\).*GITHUB_TOKEN`)));
    });
  }

  it('a missing issue is not-found and names it', async () => {
    await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#404'), { apiBase: gh.apiBase, token: 't' }),
      isCode('not-found', /acme\/widgets#404.*token can read/));
  });

  it('serves GitHub Enterprise style bases (/api/v3) too', async () => {
    const ghe = await startFakeGitHub([{ owner: 't', repo: 'app', number: 1, title: 'GHE issue', body: 'b' }], '/api/v3');
    try {
      const issue = await fetchGitHubIssue(parseIssueRef('https://ghe.corp/t/app/issues/1'), { apiBase: `${ghe.apiBase}/` });
      assert.equal(issue.title, 'GHE issue');
      assert.equal(ghe.requests[0].path, '/api/v3/repos/t/app/issues/1');
    } finally {
      await ghe.close();
    }
  });

  it('#N without a repository is bad-input saying how to name one', async () => {
    await assert.rejects(fetchGitHubIssue(parseIssueRef('#7'), { apiBase: gh.apiBase }), isCode('bad-input', /OWNER\/REPO#7/));
  });

  it('a server that is down is endpoint-unreachable', async () => {
    const port = await freePort();
    await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase: `http://127.0.0.1:${port}` }),
      isCode('endpoint-unreachable', new RegExp(`127\\.0\\.0\\.1:${port}.*network`)));
  });

  it('a non-JSON answer (wrong API base) says to check GITHUB_API_URL', async () => {
    const fakeFetch: typeof fetch = async () => new Response('<html>login</html>', { status: 200 });
    await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase: gh.apiBase, fetch: fakeFetch }),
      isCode('endpoint-unreachable', /GITHUB_API_URL/));
  });

  it('a reply over the size cap is refused as it streams in, saying so, not read whole', async () => {
    // A loopback server that would stream 64 MB of JSON without a Content-Length.
    let sent = 0;
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      res.write('{"title": "');
      const more = () => {
        while (sent < 64 << 20) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      res.on('close', () => (sent = Math.min(sent, 64 << 20)));
      more();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase }),
        (e: unknown) => isCode('endpoint-unreachable', /sent more than 16 MB for issue acme\/widgets#12; it was not read/)(e) && (e as CodeGrepError).action === 'use-text');
      assert.ok(sent < 48 << 20, `the client stopped reading early (the server sent ${sent >> 20} MB)`);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('cancellation and timeouts are reported as such', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase: gh.apiBase, signal: controller.signal }), isCode('cancelled'));
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    await assert.rejects(fetchGitHubIssue(parseIssueRef('acme/widgets#12'), { apiBase: gh.apiBase, fetch: hanging, timeoutMs: 50 }),
      isCode('timeout', /did not answer within 50 ms/));
  });
});

describe('githubApi helpers', () => {
  it('nextLink follows rel="next" only on the same origin', () => {
    const here = 'https://api.github.com/repos/o/r/issues/1/comments?per_page=100';
    const link = '<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=3>; rel="last"';
    assert.equal(nextLink(link, here), 'https://api.github.com/x?page=2');
    assert.equal(nextLink('<https://evil.example/x?page=2>; rel="next"', here), undefined);
    assert.equal(nextLink('<https://api.github.com/x?page=1>; rel="prev"', here), undefined);
    assert.equal(nextLink(null, here), undefined);
  });

  it('describeReset prints UTC time and minutes left', () => {
    const now = Date.UTC(2026, 0, 1, 9, 0, 0);
    assert.equal(describeReset(now / 1000 + 90, now), '09:01 UTC (in 2 min)');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('gitHubEnvOptions', () => {
  const ref = (text: string) => parseIssueRef(text);

  it('reads the token from GITHUB_TOKEN, then GH_TOKEN', () => {
    assert.deepEqual(gitHubEnvOptions(ref('o/r#1'), { GITHUB_TOKEN: ' t1 ', GH_TOKEN: 't2' }), { token: 't1' });
    assert.deepEqual(gitHubEnvOptions(ref('o/r#1'), { GH_TOKEN: 't2' }), { token: 't2' });
    assert.deepEqual(gitHubEnvOptions(ref('o/r#1'), {}), {});
  });

  it('envApiHost names the host whose issues GITHUB_API_URL serves (whose token alone may go there)', () => {
    assert.equal(envApiHost({ GITHUB_API_URL: 'http://127.0.0.1:8080/api/v3' }), '127.0.0.1:8080');
    assert.equal(envApiHost({ GITHUB_API_URL: 'https://ghe.corp.example/api/v3/' }), 'ghe.corp.example');
    assert.equal(envApiHost({ GITHUB_API_URL: 'https://api.github.com' }), 'github.com');
    assert.equal(envApiHost({ GITHUB_API_URL: 'http://127.0.0.1:8080', GITHUB_SERVER_URL: 'https://github.com' }), 'github.com', 'Actions names the host');
    assert.equal(envApiHost({}), undefined);
    assert.equal(envApiHost({ GITHUB_API_URL: 'not a url' }), undefined);
  });

  it('uses GITHUB_API_URL only for the host it serves', () => {
    const actions = { GITHUB_API_URL: 'https://api.github.com', GITHUB_SERVER_URL: 'https://github.com' };
    assert.equal(gitHubEnvOptions(ref('https://github.com/o/r/issues/1'), actions).apiBase, 'https://api.github.com');
    assert.equal(gitHubEnvOptions(ref('https://ghe.corp/o/r/issues/1'), actions).apiBase, undefined);
    const ghe = { GITHUB_API_URL: 'https://ghe.corp/api/v3' };
    assert.equal(gitHubEnvOptions(ref('https://ghe.corp/o/r/issues/1'), ghe).apiBase, 'https://ghe.corp/api/v3');
    assert.equal(gitHubEnvOptions(ref('https://github.com/o/r/issues/1'), ghe).apiBase, undefined);
    assert.equal(gitHubEnvOptions(ref('o/r#1'), ghe).apiBase, 'https://ghe.corp/api/v3');
  });
});

describe('issueFromInput', () => {
  let gh: FakeGitHubServer;
  const env = () => ({ GITHUB_API_URL: gh.apiBase, GITHUB_SERVER_URL: 'https://github.com' });

  before(async () => {
    gh = await startFakeGitHub([{ owner: 'acme', repo: 'widgets', number: 5, title: 'Remote issue', body: 'b' }]);
  });
  after(() => gh.close());

  it('treats plain text (and bare numbers) as the issue itself', async () => {
    assert.deepEqual(await issueFromInput('Crash in parser\nDetails here', { env: env() }), { title: 'Crash in parser', body: 'Details here' });
    assert.equal((await issueFromInput('42', { env: env() })).title, '42');
    assert.equal(gh.requests.length, 0);
  });

  it('fetches URLs and OWNER/REPO#N, and resolves #N against the remotes', async () => {
    assert.equal((await issueFromInput('https://github.com/acme/widgets/issues/5', { env: env() })).title, 'Remote issue');
    const remotes = async () => [{ name: 'origin', url: 'git@github.com:acme/widgets.git' }];
    assert.equal((await issueFromInput(' #5 ', { env: env(), remotes })).title, 'Remote issue');
  });

  it('#N without a GitHub remote, and empty input, are bad-input with what to type instead', async () => {
    await assert.rejects(issueFromInput('#5', { env: env(), remotes: async () => [{ name: 'origin', url: '/srv/x.git' }] }), isCode('bad-input', /OWNER\/REPO#5/));
    await assert.rejects(issueFromInput('#5', { env: env(), remotes: async () => { throw new Error('not a repo'); } }), isCode('bad-input'));
    await assert.rejects(issueFromInput('   ', { env: env() }), isCode('bad-input', /empty/));
  });
});

describe('GitHub token host scoping (one rule for CLI, MCP and extension)', () => {
  const ref = (text: string) => parseIssueRef(text);
  const token = { GITHUB_TOKEN: 'ghp_scopedscopedscopedscoped' };

  it('tokenMayGoTo: github.com always, an Enterprise host only when it is the configured one', () => {
    assert.equal(tokenMayGoTo('github.com', undefined), true);
    assert.equal(tokenMayGoTo(undefined, undefined), true);
    assert.equal(tokenMayGoTo('evil.example', undefined), false);
    assert.equal(tokenMayGoTo('evil.example', 'ghe.corp'), false);
    assert.equal(tokenMayGoTo('GHE.corp', 'ghe.corp'), true);
  });

  it('sends no token for an issue URL on any other host, with or without GITHUB_SERVER_URL=https://github.com', () => {
    assert.equal(gitHubEnvOptions(ref('https://evil.example/o/r/issues/7'), token).token, undefined);
    assert.equal(gitHubEnvOptions(ref('https://evil.example/o/r/issues/7'), { ...token, GITHUB_SERVER_URL: 'https://github.com' }).token, undefined);
    assert.equal(gitHubEnvOptions(ref('https://evil.example/o/r/issues/7'), { ...token, GITHUB_API_URL: 'https://ghe.corp/api/v3' }).token, undefined);
  });

  it('sends it to github.com and to the one Enterprise host GITHUB_API_URL / GITHUB_SERVER_URL name', () => {
    assert.equal(gitHubEnvOptions(ref('https://github.com/o/r/issues/7'), token).token, token.GITHUB_TOKEN);
    assert.equal(gitHubEnvOptions(ref('o/r#7'), token).token, token.GITHUB_TOKEN);
    const ghe = { ...token, GITHUB_API_URL: 'https://ghe.corp/api/v3' };
    assert.deepEqual(gitHubEnvOptions(ref('https://ghe.corp/o/r/issues/7'), ghe), { apiBase: 'https://ghe.corp/api/v3', token: token.GITHUB_TOKEN });
    assert.equal(gitHubEnvOptions(ref('https://ghe.corp/o/r/issues/7'), { ...token, GITHUB_SERVER_URL: 'https://ghe.corp' }).token, token.GITHUB_TOKEN);
  });

  it('a fetch of an issue on another host carries no Authorization header (loopback server)', async () => {
    const seen: (string | undefined)[] = [];
    const server = createHttpServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    try {
      // The URL's host is 127.0.0.1:<port>, standing in for any host that is not github.com.
      await assert.rejects(issueFromInput(`http://127.0.0.1:${port}/o/r/issues/7`, { env: { ...token, GITHUB_SERVER_URL: 'https://github.com' }, fetch: (url, init) => fetch(String(url).replace(/^https:/, 'http:'), init) }));
      assert.deepEqual(seen, [undefined]);
    } finally {
      server.close();
    }
  });
});
