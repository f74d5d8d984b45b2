import type { FunctionSchema } from '../toolSchemas';

/**
 * CodeScout's two tools as the OpenHands SDK sends them. Sources: the `terminal` tool is
 * OpenHands/software-agent-sdk openhands-tools/openhands/tools/terminal/definition.py (TerminalAction
 * and TOOL_DESCRIPTION), rendered by openhands/sdk/tool/schema.py (`to_mcp_schema`: anyOf/None and
 * defaults dropped) with the required `security_risk` enum that tool.py adds
 * (`_create_action_type_with_risk`, openhands/sdk/security/risk.py). `localization_finish` is
 * OpenHands/codescout src/tools/localization_finish.py (read via its public forks
 * OpenHands/agentic-code-search-oss and yucc-leon/codescout; our index lacks the repository itself).
 * test/fixtures/protocols/codescout.json holds the same facts and a test keeps them in step.
 */

const TERMINAL_DESCRIPTION = `Execute a bash command in the terminal within a persistent shell session.


### Command Execution
* One command at a time: You can only execute one bash command at a time. If you need to run multiple commands sequentially, use \`&&\` or \`;\` to chain them together.
* Persistent session: Commands execute in a persistent shell session where environment variables, virtual environments, and working directory persist between commands.
* Soft timeout: Commands have a soft timeout of 10 seconds, once that's reached, you have the option to continue or interrupt the command (see section below for details)
* Shell options: Do NOT use \`set -e\`, \`set -eu\`, or \`set -euo pipefail\` in shell scripts or commands in this environment. The runtime may not support them and can cause unusable shell sessions. If you want to run multi-line bash commands, write the commands to a file and then run it, instead.

### Long-running Commands
* For commands that may run indefinitely, run them in the background and redirect output to a file, e.g. \`python3 app.py > server.log 2>&1 &\`.
* For commands that may run for a long time (e.g. installation or testing commands), or commands that run for a fixed amount of time (e.g. sleep), you should set the "timeout" parameter of your function call to an appropriate value.
* If a bash command returns exit code \`-1\`, this means the process hit the soft timeout and is not yet finished. By setting \`is_input\` to \`true\`, you can:
  - Send empty \`command\` to retrieve additional logs
  - Send text (set \`command\` to the text) to STDIN of the running process
  - Send control commands like \`C-c\` (Ctrl+C), \`C-d\` (Ctrl+D), or \`C-z\` (Ctrl+Z) to interrupt the process
  - If you do C-c, you can re-start the process with a longer "timeout" parameter to let it run to completion

### Best Practices
* Directory verification: Before creating new directories or files, first verify the parent directory exists and is the correct location.
* Directory management: Try to maintain working directory by using absolute paths and avoiding excessive use of \`cd\`.

### Output Handling
* Output truncation: If the output exceeds a maximum length, it will be truncated before being returned.

### Terminal Reset
* Terminal reset: If the terminal becomes unresponsive, you can set the "reset" parameter to \`true\` to create a new terminal session. This will terminate the current session and start fresh.
* Warning: Resetting the terminal will lose all previously set environment variables, working directory changes, and any running processes. Use this only when the terminal stops responding to commands.
`;

/** `terminal{command, is_input, timeout, reset, security_risk}` (OpenHands SDK). */
export const CS_TERMINAL: FunctionSchema = {
  name: 'terminal',
  description: TERMINAL_DESCRIPTION,
  parameters: {
    type: 'object',
    properties: {
      command: {
        type: 'string',
        description:
          'The bash command to execute. Can be empty string to view additional logs when previous exit code is `-1`. Can be `C-c` (Ctrl+C) to interrupt the currently running process. Note: You can only execute one bash command at a time. If you need to run multiple commands sequentially, you can use `&&` or `;` to chain them together.',
      },
      is_input: {
        type: 'boolean',
        description: 'If True, the command is an input to the running process. If False, the command is a bash command to be executed in the terminal. Default is False.',
      },
      timeout: {
        type: 'number',
        description:
          'Optional. Sets a maximum time limit (in seconds) for running the command. If the command takes longer than this limit, you’ll be asked whether to continue or stop it. If you don’t set a value, the command will instead pause and ask for confirmation when it produces no new output for 30 seconds. Use a higher value if the command is expected to take a long time (like installation or testing), or if it has a known fixed duration (like sleep).',
      },
      reset: {
        type: 'boolean',
        description:
          'If True, reset the terminal by creating a new session. Use this only when the terminal becomes unresponsive. Note that all previously set environment variables and session state will be lost after reset. Cannot be used with is_input=True.',
      },
      security_risk: {
        type: 'string',
        description: "The LLM's assessment of the safety risk of this action.",
        enum: ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'],
      },
    },
    required: ['command', 'security_risk'],
  },
};

const FINISH_DESCRIPTION = `Submit your final code localization results.

Use this tool when you have identified all relevant files, classes, and functions that need to be modified to address the issue described in the problem statement.

Provide a structured list of locations. Each location must have:
- file: Path to the file relative to the root of the repository (required)
- class_name: Class name (optional)
- function_name: Function/method name (optional)

You must submit a list of locations that require modification and for each location you must follow the below rules in your output:
1. If the required modifications belong to a specific function that belongs to a class, provide the file path, class name, and function name.
2. If the required modification belongs to a function that is not part of any class, provide the file path and function name.
3. If the required modification does not belong to any specific class or a function (e.g. global variables, imports, new class, new global function etc.), it is sufficient to provide only the file path.
4. If the required modification belongs to a class (e.g. adding a new method to a class, changing the class inheritance), provide the file path and class name. If you are modifying the __init__ method of a class, you should provide the function name as well.

IMPORTANT:
1. If multiple different edits need to be edited in the same file, you should create separate entries for each edit, specifying the same file path but different class/function names as applicable. Each entry should compulsorily include the file path.
2. Do NOT include duplicate entries in your output for which the file, class, and function names are all identical.
3. Ensure that the file paths are accurate and relative to the root of the repository without any leading "./" or "/". All locations must be valid and exist in the codebase and this applies to class and function names as well.
4. Aim for high precision (all returned locations are relevant) and high recall (no relevant locations missed).
5. The agent will terminate its execution after you call this tool.
`;

/** `localization_finish{locations: [{file, class_name?, function_name?}]}` (CodeScout). */
export const CS_FINISH: FunctionSchema = {
  name: 'localization_finish',
  description: FINISH_DESCRIPTION,
  parameters: {
    type: 'object',
    properties: {
      locations: {
        type: 'array',
        description:
          'List of code locations to modify. Each location in this list must have:\n- file: Path to the file relative to the repository root (required)\n- class_name: Class name (optional, omit for changes to imports, global variables, and global functions)\n- function_name: Function/method name (optional, omit for changes that edit parts of a file outside of any particular function)\n',
        items: {
          type: 'object',
          description: 'A single code location with optional class and function.',
          properties: {
            file: { type: 'string', description: 'Path to the file (required)' },
            class_name: { type: 'string', description: 'Class name (optional)' },
            function_name: { type: 'string', description: 'Function/method name (optional)' },
          },
          required: ['file'],
        },
      },
    },
    required: ['locations'],
  },
};

/** CodeScout's system prompt (src/prompts/templates/system_prompt_custom_finish.j2). */
export const CS_SYSTEM_PROMPT = `You are a specialized code localization agent. Your sole objective is to identify and return the files in the codebase that are relevant to the user's query.
You are given access to the codebase in a linux file system.

## PRIMARY DIRECTIVE
- Find relevant files, do NOT answer the user's query directly
- Prioritize precision: every file you return should be relevant
- You have up to 4 turns to explore and return your answer

## TOOL USAGE REQUIREMENTS

### bash tool (REQUIRED for search)
- You MUST use the bash tool to search and explore the codebase
- Execute bash commands like: rg, grep, find, ls, cat, head, tail, sed
- Use parallel tool calls: invoke bash tool up to 5 times concurrently in a single turn
- NEVER exceed 5 parallel tool calls per turn
- Common patterns:
  * \`rg "pattern" -t py\` - search for code patterns
  * \`rg --files | grep "keyword"\` - find files by name
  * \`cat path/to/file.py\` - read file contents
  * \`find . -name "*.py" -type f\` - locate files by extension
  * \`wc -l path/to/file.py\` - count lines in a file
  * \`sed -n '1,100p' path/to/file.py\` - read lines 1-100 of a file
  * \`head -n 100 path/to/file.py\` - read first 100 lines
  * \`tail -n 100 path/to/file.py\` - read last 100 lines

### Reading Files (CRITICAL for context management)
- NEVER read entire large files with \`cat\` - this will blow up your context window
- ALWAYS check file size first: \`wc -l path/to/file.py\`
- For files > 100 lines, read in chunks:
  * Use \`sed -n '1,100p' file.py\` to read lines 1-100
  * Use \`sed -n '101,200p' file.py\` to read lines 101-200
  * Continue with subsequent ranges as needed (201-300, 301-400, etc.)
- Strategic reading approach:
  * Read the first 50-100 lines to see imports and initial structure
  * Use \`rg\` to find specific patterns and their line numbers
  * Read targeted line ranges around matches using \`sed -n 'START,ENDp'\`
  * Only read additional chunks if the initial sections are relevant

### Submitting Your Answer (REQUIRED)

When you have identified all relevant locations, you MUST use the \`localization_finish\` tool to submit your results.

**When to include what:**
1. If the required modifications belong to a specific function that belongs to a class, provide the file path, class name, and function name.
2. If the required modification belongs to a function that is not part of any class, provide the file path and function name.
3. If the required modification does not belong to any specific class or a function (e.g. global variables, imports, new class, new global function etc.), it is sufficient to provide only the file path.
4. If the required modification belongs to a class (e.g. adding a new method to a class), provide the file path and class name.

## SEARCH STRATEGY

1. **Initial Exploration**: Cast a wide net
   - Search for keywords, function names, class names
   - Check file names and directory structure
   - Use up to 3 parallel bash calls to explore multiple angles
   - Check file sizes with \`wc -l\` before reading
   - Read promising files in chunks (lines 1-100) to verify relevance

2. **Deep Dive**: Follow the most promising leads
   - Use up to 3 parallel bash calls to investigate further
   - Read files in chunks to confirm they address the query
   - Use \`rg\` with line numbers to locate specific code, then read those ranges
   - Start eliminating false positives

3. **Final Verification**: Confirm your location list and terminate execution by calling the \`localization_finish\` tool

## CRITICAL RULES
- NEVER exceed 5 parallel bash tool calls in a single turn
- ALWAYS use the \`localization_finish\` tool after identifying all relevant locations
- ALWAYS use bash tool to search (do not guess file locations)
- NEVER read entire large files - always read in chunks (100-line ranges)
- Check file size with \`wc -l\` before reading
- Read file contents in chunks to verify relevance before including them
- Return file paths as they appear in the repository. Do not begin the path with "./"
- Aim for high precision (all files relevant) and high recall (no relevant files missed)
- Class and function names are OPTIONAL - only include when changes are at that level

## EXAMPLE OUTPUT BEHAVIOUR
Here are some examples of how to format your output when calling the \`localization_finish\` tool:
- src/parsers/parser.py requires changes to imports, a function parse_data which belongs to the class DataParser, and another function __str__ inside the same class. This should be represented as three separate entries: one with just the file path and one each for the two functions parse_data and __str__ with file path, class name, and function name.
- src/user.py requires changes to a global function get_user outside of any class. This should be represented as a single entry with file path and function name.
- utils/visualizer.py requires adding new function visualize inside the class Visualizer. This should be represented as a single entry with file path and class name.
- utils/configs/default_config.py requires adding a new global function and a new class. This should be represented as a single entry with just the file path. Do NOT include class or function names for this file since multiple implementations might be possible with different function names.`;

/** CodeScout's user prompt (src/prompts/templates/file_module_custom_finish.j2), `{{ … }}` variables. */
export const CS_USER_TEMPLATE = `I have access to a python code repository in the directory {{ working_dir }} . Consider the following issue description:

<issue_description>
{{ instance.problem_statement }}
</issue_description>

Act as a code search agent and localize the specific files, classes or functions of code that need modification to resolve the issue in <issue_description>.

NOTE: You do not need to solve the issue, all you need to do is localize relevant code from the repository. Your output will be used to guide another agent to solve the issue.

IMPORTANT: Your output MUST follow the below rules:
1. The final output must be a tool call to the "localization_finish" tool containing relevant code locations.
2. The locations of the file path must be RELATIVE to the {{ working_dir }} directory WITHOUT any leading "./" in the output.
3. Only include those locations in your output that need modification to resolve the issue in <issue_description>. Do NOT include any locations that do not need modification.`;
