/** `--help` texts. */

const SERVE_OPTIONS = `Options of serve (each sets the variable in brackets, and wins over it):
  --host HOST                 interface to bind (SVC_GUARDRAILS_HOST, default 0.0.0.0)
  --port PORT                 TCP port (SVC_GUARDRAILS_PORT, default 8000)
  --policy-source local|api   where policies come from (SVC_GUARDRAILS_POLICY_SOURCE, default local)
  --policy-dir PATH           policy directory, local mode (SVC_GUARDRAILS_POLICY_DIR, default ./policies)
  --default-config ID         policy used when a request names none (SVC_GUARDRAILS_DEFAULT_CONFIG_ID)
  --models-config PATH        models config file (SVC_GUARDRAILS_MODELS_CONFIG)
  --mcp-config PATH           MCP servers to front at /mcp/{name} (SVC_GUARDRAILS_MCP_CONFIG)
  --name NAME                 instance name on the platform dashboard (SVC_GUARDRAILS_INSTANCE_NAME)
  --reload                    restart on source changes, development only (SVC_GUARDRAILS_RELOAD)
  --playground                serve a page to try a policy at /playground (SVC_GUARDRAILS_PLAYGROUND)
  --allowed-origins LIST      web origins whose pages may call the proxy, exact (SVC_GUARDRAILS_ALLOWED_ORIGINS)
  --allowed-hosts LIST        Host names served without caller authentication besides loopback
                              and IP addresses; .suffix matches a suffix (SVC_GUARDRAILS_ALLOWED_HOSTS)
  --log-level LEVEL           debug, info, warning or error (SVC_GUARDRAILS_LOG_LEVEL, default info)
  --workers N                 server processes sharing the port, Linux (SVC_GUARDRAILS_WORKERS, default 1)
  --help, --version

SVC_KEY, the licence key, is required to serve: it is sent to the platform service, which
registers the instance and, in api mode, serves the policy. With SVC_GUARDRAILS_OFFLINE=true the
server never contacts the platform, and any non-empty SVC_KEY works. docs/cli.md lists every
variable.
`;

export const MAIN_HELP = `guardrail-proxy: guardrails between applications and LLM providers

Usage:
  guardrail-proxy [serve] [options]      start the HTTP server (the default command)
  guardrail-proxy validate [options]     check policies and the models config
  guardrail-proxy scan [options] [TEXT | -]
                                         run a guard check from the terminal
  guardrail-proxy test [options] FILE... run policy test cases (YAML or JSONL), for CI
  guardrail-proxy init [DIR]             write the shipped policies into DIR (default ./policies)
  guardrail-proxy mcp-pins --reset SERVER [--mcp-config PATH]
                                         forget an MCP server's pinned tool definitions
  guardrail-proxy help [COMMAND]         this help, or a command's
  guardrail-proxy --help | --version

Example, offline with the shipped policies:
  SVC_KEY=local SVC_GUARDRAILS_OFFLINE=true guardrail-proxy --policy-dir ./policies --default-config default

${SERVE_OPTIONS}
Run 'guardrail-proxy help validate', 'help scan', 'help test', 'help init' or 'help mcp-pins' (or COMMAND --help) for theirs.
`;

export const SERVE_HELP = `Usage: guardrail-proxy [serve] [options]

${SERVE_OPTIONS}`;

export const VALIDATE_HELP = `Usage: guardrail-proxy validate [--policy-dir PATH] [--models-config PATH]

Checks every policy in the directory, the models config and, when SVC_GUARDRAILS_CALLERS_FILE
is set, the callers file. Prints one line per problem ("error: file: field: reason") or warning,
then a summary line ("valid: ..." or "N problems found"); exits 1 when there is any problem, 0
when all is valid.
`;

export const MCP_PINS_HELP = `Usage: guardrail-proxy mcp-pins --reset SERVER [--mcp-config PATH]

The proxy pins the first definition of each tool an MCP server lists; a tool listed later with
another definition is quarantined (or only logged, with the entry's on_tool_change: alert). After a
deliberate upgrade of a server's tools, this forgets the server's pins: the next listing pins the
new definitions. With SVC_GUARDRAILS_STATE_URL and SVC_GUARDRAILS_STATE_KEY set, the pins are
cleared in that shared store, for every replica at once. Without them, pins live in each running
server's memory and start empty with it: restart the server instead (the command then exits 1).
  --reset       the MCP server's name
  --mcp-config  the MCP config (SVC_GUARDRAILS_MCP_CONFIG): when given, SERVER must be one of it
`;

export const SCAN_HELP = `Usage: guardrail-proxy scan --config-id ID [--policy-dir PATH] [--stage input|output] [--brief] [TEXT | -]
       guardrail-proxy scan --config-id ID [--policy-dir PATH] [--brief] --jsonl -

Runs a guard check and prints the guard result as JSON, with 'results': one entry per guardrail
that ran ({name, stage, tripped, enforced, confidence?, info}). No server and no SVC_KEY needed.
  --config-id   the policy to run (its file name in the policy directory); default: the
                default policy (SVC_GUARDRAILS_DEFAULT_CONFIG_ID), when one is set
  --policy-dir  the policy directory (SVC_GUARDRAILS_POLICY_DIR, default ./policies)
  TEXT          the text to check; '-' (or nothing) reads all of stdin
  --stage       input (pre_flight then input; default) or output
  --jsonl -     read one {"text": ...} object per stdin line, write one result per line
  --brief       one line per text for people: the verdict, the text as it goes on, and what
                each guardrail found (masked types, a detector's confidence); not for scripts
Exit status: 0 allowed, 1 blocked (single text), 2 usage or policy error.
`;

export const TEST_HELP = `Usage: guardrail-proxy test [--policy-dir PATH] [--junit FILE] FILE...

Runs policy test cases in process (no server, no SVC_KEY). A YAML file is a list of cases, a
JSONL file one case per line:
  {name?, config_id, stage?: input|output, text,
   expect: {allowed?, guardrail? (null: nothing blocked), masked? (entity types), sanitized_text?}}
A field of expect left out is not checked. Every file is checked first; a problem is one line on
stderr and exit 2. Then one line per case, and "N passed, M failed" last.
  --policy-dir  the policy directory (SVC_GUARDRAILS_POLICY_DIR, default ./policies)
  --junit FILE  also write JUnit XML (one testsuite per file, one testcase per case)
Exit status: 0 all passed, 1 a case failed, 2 usage or case-file error.
`;

export const INIT_HELP = `Usage: guardrail-proxy init [DIR]

Writes the shipped policies (default, strict, alert-only, llm-judged, mcp-agents, support-bot) into DIR,
default ./policies, for a binary used without the source tree. Files already there are kept
and reported; the exit status is then 1.
`;
