/** The help texts, one per command; `dialects --help` prints the overview. */
export const GLOBAL = `Options for every command:
  --dialects-dir DIR   also load the rule files in DIR (repeatable); a YAML file there adds a dialect
  -h, --help           show help
`;

export const HELP: Record<string, string> = {
  '': `Usage: dialects <command> [options]

Publish one canonical JSON Schema in the dialect each client or model API can read.

Commands:
  list                            every dialect with its versions, status and sources
  convert --dialect NAME [FILE|-] a schema, a Tool or a tools/list result into NAME (JSON out)
  explain --dialect NAME [FILE|-] for every rule of the schema: kept, re-spelled, in a description, or lost
  lint [FILE|-]                   check MCP tool schemas
  docs [--out DIR] [--check]      generate (or check) the dialect reference pages
  new NAME [--from BASE] [--dir DIR]   write a draft rule file for a dialect of your own
  test [--cases DIR] [--update]   run the conformance cases through the dialects of --dialects-dir
  diff A B [--tools DIR|FILE]     what changes between two dialects (or versions) over a set of tools

Exit codes: 0 done; 1 done, with an error diagnostic; 2 could not run (usage, unknown dialect,
unreadable or unparseable input, invalid rule file).

  -v, -V, --version    print the version of this command

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
  explain: `Usage: dialects explain --dialect NAME [FILE|-] [--json]

For every rule of the canonical schema in FILE (a schema, a Tool or a tools/list result; JSON or
YAML; stdin when FILE is - or absent): whether dialect NAME keeps it as a keyword, re-spells it,
carries it in a description, or loses it, with the JSON pointer. Conversion diagnostics go to
stderr; exit 1 when any is an error.

  --dialect NAME   the dialect to explain
  --json           print the explanation as JSON

${GLOBAL}`,
  docs: `Usage: dialects docs [--out DIR] [--check]

Renders one reference page per dialect (what it keeps, what it drops and with which sentence, its
limits, its sources and dates, one section per version) and matrix.md, from the loaded rule files.

  --out DIR   where the pages go (default: docs/dialects)
  --check     write nothing; exit 1 when a page in DIR is missing or differs

${GLOBAL}`,
  new: `Usage: dialects new NAME [--from BASE@VERSION] [--dir DIR] [--version YYYY-MM[-DD]]

Writes DIR/NAME@VERSION.yaml: a draft rule file with the editor's $schema line, a sources entry to
fill in, and \`extends: BASE@VERSION\` when --from is given (a plain BASE means its newest frozen
version). A NAME that is already a dialect gets its next version, extending its newest one (a draft
included) unless --from says otherwise. The version is this month (UTC); where that month has a
version already, today; where today has one, the day after the newest. It loads as it is. Then it
prints the two commands that come next.

  --from BASE    start from this dialect's rules (inherited through extends)
  --dir DIR      where the file goes (default: the current folder; created if missing)
  --version V    the version, YYYY-MM or YYYY-MM-DD, after the newest of NAME (default: as above)

Every key and action of a rule file: docs/rule-format.md; the whole path (edit, test, diff, use):
docs/your-own-dialect.md. Both ship in this package, so they are readable offline: in a project,
node_modules/@redouble/dialects-cli/docs/.

${GLOBAL}`,
  test: `Usage: dialects test [--dialects-dir DIR] [--cases DIR] [--update]

Runs the bundled conformance cases, plus your own cases (same layout: CASE/input.json, CASE/case.yaml),
through every dialect version defined in DIR, and compares each with its pinned
CASE/expected/<dialect>@<version>.json. Pins of your cases sit beside them; pins of the bundled cases
go under CASES/_bundled/. Mismatches print a diff. Every output is also checked for what holds in
every dialect: each keyword is one the rule file keeps or produces, the author's description comes
first, each dropped rule has its sentence or a diagnostic, and a frozen version converts byte for byte
alike with and without DIR loaded. Without --dialects-dir, the bundled dialects are tested.

  --cases DIR   your cases, and where pins are kept; a folder that exists (default: DIR/cases of the
                first --dialects-dir, which may not exist yet)
  --update      write missing and changed pins, and remove pins of versions no rule file defines;
                a frozen version's existing pin is never rewritten

Exit codes: 0 all as pinned, 1 a mismatch or a failed check, 2 the suite could not run (usage, a
broken rule file).

${GLOBAL}`,
  diff: `Usage: dialects diff A B [--tools DIR|FILE] [--format text|json]

Converts every tool with dialect A and with dialect B (two dialects, or two versions of one, e.g.
NAME@2024-08 NAME@2026-10) and reports how many tools are spelled differently,
which keywords and description sentences appear or vanish (counts; numbers shown as N), which
diagnostics change, and the first changed tools with JSON pointers. A tool either dialect cannot
convert at all is listed with its error, and the command then exits 1: the comparison is partial.

  --tools PATH       a file (schema, Tool or tools/list; JSON or YAML) or a folder of them
                     (default: the repository's corpus/tools, else the bundled example tools)
  --format FORMAT    text (default) or json

${GLOBAL}`,
};
