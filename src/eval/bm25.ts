import { CodeGrepError } from '../common/errors';
import type { Issue } from '../common/issue';
import { issueText } from '../common/issue';
import type { Brain, BrainSession, BrainStep, CitedFile } from '../core/brain';
import { CodeTokenizer } from './bm25Tokens';
import { listSourceFiles, readSourceText } from './sourceFiles';

/** BM25 settings; k1 and b are Lucene's (and so Pyserini's, which SWE-bench's BM25 retrieval used). */
export interface Bm25Options {
  /** Workspace root whose source files are the documents. */
  root: string;
  /** Files returned, best first (1 for the precision comparison). */
  topK?: number;
  k1?: number;
  b?: number;
}

/** One scored document. */
export interface Bm25Hit {
  path: string;
  score: number;
  /** Query terms that matched most, for the reason text. */
  terms: string[];
}

const READ_CONCURRENCY = 16;

/**
 * The classic whole-file BM25 baseline: every source file is one document (its path plus its
 * text), the issue text is the query. It answers on the first turn with no tool calls.
 */
export function createBm25Brain(options: Bm25Options): Brain {
  const topK = Math.max(1, options.topK ?? 1);
  return {
    name: topK === 1 ? 'bm25' : `bm25:${topK}`,
    start(issue: Issue): BrainSession {
      return {
        async next(_turn, signal): Promise<BrainStep> {
          const hits = await rankFiles(options.root, issueText(issue), signal, options);
          const files: CitedFile[] = hits.slice(0, topK).map((hit) => ({
            path: hit.path,
            score: hit.score,
            reason: `BM25 ${hit.score.toFixed(1)} over the whole file; strongest terms: ${hit.terms.join(', ')}`,
          }));
          return { kind: 'answer', files, thought: `BM25 over the repository's source files, top ${topK}.` };
        },
      };
    },
  };
}

/** Scores every source file under `root` against `query`, best first (ties by path). */
export async function rankFiles(root: string, query: string, signal: AbortSignal, options: Partial<Bm25Options> = {}): Promise<Bm25Hit[]> {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const tokenizer = new CodeTokenizer();
  const queryCounts = tokenizer.counts(query);
  const paths = await listSourceFiles(root, signal);
  const docs = await scanDocuments(root, paths, queryCounts, tokenizer, signal);
  if (docs.length === 0 || queryCounts.size === 0) return [];
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length;
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };
  const hits: Bm25Hit[] = [];
  for (const doc of docs) {
    const norm = k1 * (1 - b + (b * doc.length) / avgLength);
    const contributions: [string, number][] = [];
    for (const [term, tf] of doc.tf) {
      contributions.push([term, (queryCounts.get(term) ?? 0) * idf(term) * ((tf * (k1 + 1)) / (tf + norm))]);
    }
    if (contributions.length === 0) continue;
    contributions.sort((x, y) => y[1] - x[1]);
    const score = contributions.reduce((sum, [, value]) => sum + value, 0);
    hits.push({ path: doc.path, score, terms: contributions.slice(0, 4).map(([term]) => term) });
  }
  return hits.sort((x, y) => y.score - x.score || (x.path < y.path ? -1 : 1));
}

interface ScannedDoc {
  path: string;
  length: number;
  /** Frequencies of query terms only: nothing else affects the score. */
  tf: Map<string, number>;
}

async function scanDocuments(
  root: string,
  paths: string[],
  query: Map<string, number>,
  tokenizer: CodeTokenizer,
  signal: AbortSignal,
): Promise<ScannedDoc[]> {
  const docs: ScannedDoc[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      if (signal.aborted) return;
      const path = paths[next++];
      const text = await readSourceText(root, path);
      if (text === undefined) continue;
      const doc: ScannedDoc = { path, length: 0, tf: new Map() };
      const count = (token: string) => {
        doc.length++;
        if (query.has(token)) doc.tf.set(token, (doc.tf.get(token) ?? 0) + 1);
      };
      tokenizer.forEach(path.replace(/[/.-]/g, ' '), count);
      tokenizer.forEach(text, count);
      docs.push(doc);
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  if (signal.aborted) throw new CodeGrepError('cancelled', 'The run was cancelled.');
  return docs;
}
