/** The help texts, one per command; `dialects --help` prints the overview. */
const GLOBAL = `Options for every command:
  --dialects-dir DIR   also load the rule files in DIR (repeatable); a YAML file there adds a dialect
  -h, --help           show help
`;

export const HELP: Record<string, string> = {
  '': `Usage: dialects <command> [options]

Publish one canonical JSON Schema in the dialect each client or model API can read.

Commands:
  list                            every dialect with its versions, status and sources
  convert --dialect NAME [FILE|-] a schema, a Tool or a tools/list result into NAME (JSON out)
  explain --dialect NAME FILE     for every rule of the schema: kept, carried in a description, or lost
  lint [FILE|-]                   check MCP tool schemas
  docs [--out DIR] [--check]      generate (or check) the dialect reference pages

Exit codes: 0 done; 1 done, with an error diagnostic; 2 could not run (usage, unknown dialect,
unreadable or unparseable input, invalid rule file).

${GLOBAL}`,
  list: `Usage: dialects list [--json]

Lists every loaded dialect version: name@version, status (draft or frozen), summary, rule file and
the vendor pages it follows with the date each was read. The plain name means the newest frozen
version (or the newest draft when none is frozen).

  --json   print the list as JSON

${GLOBAL}`,
  convert: `Usage: dialects convert --dialect NAME [FILE|-]

Reads a bare JSON Schema, an MCP Tool or a tools/list result (JSON or YAML; stdin when FILE is -
or absent) and writes it in dialect NAME (a plain name or name@version) as JSON to stdout.
Diagnostics go to stderr, each naming the file and the JSON pointer.
Exit 1 when any diagnostic is an error (the output, if any, is still written).

  --dialect NAME   the dialect to write

${GLOBAL}`,
  explain: `Usage: dialects explain --dialect NAME FILE [--json]

For every rule of the canonical schema in FILE (a schema, a Tool or a tools/list result): whether
dialect NAME keeps it as a keyword, re-spells it, carries it in a description, or loses it, with
the JSON pointer. Conversion diagnostics go to stderr; exit 1 when any is an error.

  --dialect NAME   the dialect to explain
  --json           print the explanation as JSON

${GLOBAL}`,
  docs: `Usage: dialects docs [--out DIR] [--check]

Renders one reference page per dialect (what it keeps, what it drops and with which sentence, its
limits, its sources and dates, one section per version) and matrix.md, from the loaded rule files.

  --out DIR   where the pages go (default: docs/dialects)
  --check     write nothing; exit 1 when a page in DIR is missing or differs

${GLOBAL}`,
};
