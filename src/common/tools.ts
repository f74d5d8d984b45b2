/** Tool names and arguments exactly as a model sees them (architecture.md, "Tool contract"). */
export type ToolName = 'grep' | 'glob' | 'read' | 'terminal';

export interface GrepArgs {
  pattern: string;
  path?: string;
  glob?: string;
  case_insensitive?: boolean;
  context_lines?: number;
  /** Not shown to models: lets the embedded brain collect more structured hits than the text cap. */
  max_hits?: number;
  /**
   * Not shown to models: search these files or folders instead of `path`, with up to `max_hits` hits in
   * each file, in one rg process (the embedded brain's leader check).
   */
  paths?: string[];
  /**
   * Not shown to models: several searches over one walk of the tree, each with its own pattern, case
   * and hit budget. The result's `groups` holds, in order, the result each search would get alone;
   * `pattern` is then only a label for logs. Cannot be combined with `paths` or `context_lines`.
   */
  patterns?: GrepPattern[];
}

/** One search of a multi-pattern grep (GrepArgs.patterns). */
export interface GrepPattern {
  pattern: string;
  case_insensitive?: boolean;
  max_hits?: number;
}

export interface GlobArgs {
  pattern: string;
  path?: string;
  /** Match names ignoring case (not in the model's schema; the embedded brain's title-word search uses it). */
  case_insensitive?: boolean;
}

export interface ReadArgs {
  path: string;
  start_line?: number;
  end_line?: number;
}

/** A read-only command line for the terminal interpreter (CodeScout's `terminal` tool); never given to a shell. */
export interface TerminalArgs {
  command: string;
}

/** One tool call in a turn; `id` is unique within a run. */
export type ToolCall =
  | { id: string; name: 'grep'; args: GrepArgs }
  | { id: string; name: 'glob'; args: GlobArgs }
  | { id: string; name: 'read'; args: ReadArgs }
  | { id: string; name: 'terminal'; args: TerminalArgs };

/** A grep match, workspace-relative path and 1-based line. */
export interface GrepHit {
  path: string;
  line: number;
  text: string;
}

/** What every tool returns; tools never throw on bad input, they fill `error`. */
export interface ToolResult {
  /** The text the brain reads (already capped, with a truncation note when truncated). */
  text: string;
  truncated: boolean;
  /** Short, model-readable error text (bad regex, outside workspace, binary file, timeout...). */
  error?: string;
  /** Number of items found: grep hits, glob paths, or lines read. */
  count: number;
  /** Bytes of `text`, for accounting. */
  bytes: number;
  /** Structured grep hits (grep only). */
  hits?: GrepHit[];
  /** One result per search of a multi-pattern grep, in the order of `patterns`. */
  groups?: ToolResult[];
  /** Structured paths (glob only). */
  paths?: string[];
  /** Path and first/last line actually read (read only). */
  read?: { path: string; startLine: number; endLine: number; totalLines?: number };
  /** Exit status the command would have had in a shell (terminal only; 2 when refused). */
  exitCode?: number;
}

/** Runs tool calls; `core` reaches the repo only through this interface. */
export interface ToolRunner {
  run(call: ToolCall, signal: AbortSignal): Promise<ToolResult>;
  /**
   * Normalises a path a brain cited (relative, absolute, `./x`, `a/b.py:10`) to a
   * workspace-relative path of an existing regular file, or explains why it cannot.
   * `lines` is the file's line count when cheaply known, so cited ranges can be clamped.
   */
  resolveCitation(path: string): Promise<{ path: string; lines?: number } | { rejected: string }>;
  /** The workspace as a model protocol describes it: its absolute root and top-level names (optional). */
  describeWorkspace?(signal: AbortSignal): Promise<WorkspaceView>;
}

/** What a protocol prompt says about the workspace (FastContext lists the top level; CodeScout names the folder). */
export interface WorkspaceView {
  /** Absolute path of the (first) workspace root. */
  root: string;
  /** Top-level names, folders first with a trailing `/`, as the tools can see them. */
  entries: string[];
}
