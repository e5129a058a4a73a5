import fs from 'node:fs';
import path from 'node:path';

/**
 * The facts the docs state that the code decides: CLI commands, npm scripts, published versions,
 * event ids, migration numbers, toolchain versions and configuration variables. Each extractor
 * takes one Markdown file's text and returns what it claims, with the line, so a test can hold
 * every claim against the code and name the line that went wrong. The extractors are
 * deliberately narrow: a claim they do not recognise is not checked, and one they recognise
 * wrongly would fail loudly, which is the better way to be wrong.
 */

export interface DocFile {
  /** From the repository root, with forward slashes: what a failure names. */
  file: string;
  text: string;
}

interface Located {
  file: string;
  line: number;
}

/** The docs a reader of a fresh clone follows: the READMEs, CONTRIBUTING.md and docs/. */
export function readDocs(repoRoot: string): DocFile[] {
  const workspaces = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces;
  const files = ['README.md', 'CONTRIBUTING.md', ...workspaces.map((w) => `${w}/README.md`)];
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(relative);
      return entry.name.endsWith('.md') ? [relative] : [];
    });
  files.push(...walk('docs').sort());
  return files
    .filter((file) => fs.existsSync(path.join(repoRoot, file)))
    .map((file) => ({ file, text: fs.readFileSync(path.join(repoRoot, file), 'utf8') }));
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A piece of code in a doc: a line of a fenced block, or an inline `code span`. */
interface CodeSegment extends Located {
  code: string;
}

function codeSegments(doc: DocFile): CodeSegment[] {
  const segments: CodeSegment[] = [];
  let fenced = false;
  doc.text.split('\n').forEach((text, i) => {
    const line = i + 1;
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) {
      segments.push({ file: doc.file, line, code: text.trim() });
      return;
    }
    for (const span of text.matchAll(/(`+)(.+?)\1/g))
      segments.push({ file: doc.file, line, code: (span[2] ?? '').trim() });
  });
  return segments;
}

/** Paragraphs of prose (and table rows), with where each starts, for claims a line break may split. */
function paragraphs(doc: DocFile): Array<{ text: string; line: number }> {
  const found: Array<{ text: string; line: number }> = [];
  let start = 0;
  for (const match of doc.text.matchAll(/\n[ \t]*\n/g)) {
    found.push({ text: doc.text.slice(start, match.index), line: lineAt(doc.text, start) });
    start = match.index + match[0].length;
  }
  found.push({ text: doc.text.slice(start), line: lineAt(doc.text, start) });
  return found;
}

function tokens(command: string): string[] {
  return [...command.matchAll(/'[^']*'|"[^"]*"|\S+/g)].map((m) => m[0]);
}

/** A placeholder the reader fills in (`<tenant>`, `[--to <ver>]`, `...`): not a fact to check. */
export function isPlaceholder(token: string): boolean {
  return /^[<[]/.test(token) || token === '...' || token === '…';
}

export interface CliExample extends Located {
  /** The example as written, up to a shell comment or the next command. */
  example: string;
  command: string;
  args: string[];
  /** The rest of the line: a comment may name a version too ("# 1.2.0 becomes the pin"). */
  comment: string;
}

/** Every `npm run forecourt -- ...` example, and every `forecourt <command>` code span. */
export function cliExamples(doc: DocFile): CliExample[] {
  const examples: CliExample[] = [];
  for (const segment of codeSegments(doc)) {
    const starts = [...segment.code.matchAll(/npm run forecourt -- /g)].map((m) => m.index + m[0].length);
    if (starts.length === 0 && /^forecourt [a-z]/.test(segment.code)) starts.push('forecourt '.length);
    for (const at of starts) {
      const rest = segment.code.slice(at);
      const end = rest.search(/\s#|\s\||&&|;|\s\/\//);
      const example = (end < 0 ? rest : rest.slice(0, end)).trim();
      const [command, ...args] = tokens(example);
      if (!command || isPlaceholder(command)) continue;
      examples.push({
        file: segment.file,
        line: segment.line,
        example,
        command,
        args,
        comment: end < 0 ? '' : rest.slice(end),
      });
    }
  }
  return examples;
}

export interface ScriptExample extends Located {
  example: string;
  script: string;
  /** The `-w` / `--workspace` it names, if any (a package name or a folder). */
  workspace: string | null;
}

/** Every `npm run <script>`, `npm start` and `npm test`, in code or prose, with its workspace. */
export function scriptExamples(doc: DocFile): ScriptExample[] {
  const examples: ScriptExample[] = [];
  const pattern =
    /\bnpm (run|start|test)\b((?:\s+(?:-s|--silent|--if-present|(?:-w|--workspace)(?:=|\s+)[^\s`]+))*)(?:\s+([a-z][\w:.-]*))?((?:\s+(?:-w|--workspace)(?:=|\s+)[^\s`]+)*)/g;
  for (const match of doc.text.matchAll(pattern)) {
    const [example, verb, before = '', named, after = ''] = match;
    const script = verb === 'run' ? named : verb;
    if (!script) continue;
    const workspace =
      /(?:-w|--workspace)(?:=|\s+)([^\s`]+)/.exec(`${before} ${verb === 'run' ? after : ''}`)?.[1] ?? null;
    examples.push({ file: doc.file, line: lineAt(doc.text, match.index), example: example.trim(), script, workspace });
  }
  return examples;
}

export interface VersionClaim extends Located {
  /** The words that make the claim, as written. */
  claim: string;
  team: string;
  version: string;
}

const VERSION = /\b\d+\.\d+\.\d+(?:-[\w.]+)?\b/g;
const TEAM = /\b(?:mf-[a-z]+|shell)\b/g;
const VERSIONED_COMMANDS = new Set(['pin', 'canary', 'promote', 'rollback']);

/**
 * Versions of a team the docs say are published, or that a tenant runs: every version in a
 * `pin`, `canary`, `promote` or `rollback` example (its comment included), and prose such as
 * "runs mf-search 1.0.0", "pinned to mf-search 1.0.0 while the others run 1.1.0", "mf-search
 * 1.1.0 is already published" (a version without a team belongs to the team named last before
 * it in the paragraph).
 */
export function versionClaims(doc: DocFile): VersionClaim[] {
  const claims: VersionClaim[] = [];
  for (const example of cliExamples(doc)) {
    if (!VERSIONED_COMMANDS.has(example.command)) continue;
    const team = example.args[1];
    if (!team || isPlaceholder(team)) continue;
    for (const [version] of `${example.example} ${example.comment}`.matchAll(VERSION)) {
      claims.push({
        file: example.file,
        line: example.line,
        claim: `forecourt ${example.example}${example.comment}`.trim(),
        team,
        version,
      });
    }
  }
  const prose =
    /\b(?:runs?|running|ran|pinned to|gets?|publish(?:es|ed)?)\s+(?:(mf-[a-z]+|shell)\s+)?\**(\d+\.\d+\.\d+(?:-[\w.]+)?)\**|\b(mf-[a-z]+|shell)\s+\**(\d+\.\d+\.\d+(?:-[\w.]+)?)\**\s+is\s+(?:already\s+)?published/g;
  for (const paragraph of paragraphs(doc)) {
    for (const match of paragraph.text.matchAll(prose)) {
      const version = match[2] ?? match[4];
      const named = match[1] ?? match[3];
      const before = [...paragraph.text.slice(0, match.index).matchAll(TEAM)].pop()?.[0];
      const team = named ?? before;
      if (!version || !team) continue;
      const line = paragraph.line + lineAt(paragraph.text, match.index) - 1;
      claims.push({ file: doc.file, line, claim: match[0].replace(/\s+/g, ' '), team, version });
    }
  }
  // A comment in an example ("# 10% get 1.2.0") reads as prose too: one claim per line is enough.
  const seen = new Set<string>();
  return claims.filter(({ line, team, version }) => {
    const key = `${line} ${team} ${version}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface EventClaim extends Located {
  claim: string;
  id: number;
  /** Said to be one of the platform's own events ("platform event 9001"). */
  platform: boolean;
}

/**
 * Event ids of 1000 and up the docs name ("platform event 9001", "events 9001 and 9002"). The
 * product's analytics ids below 100 are each team's, listed in its spec; these are the ones a
 * dashboard tells apart by range.
 */
export function eventClaims(doc: DocFile): EventClaim[] {
  const claims: EventClaim[] = [];
  const pattern = /\b(platform\s+)?events?\s+(?:ids?\s+)?\**(\d{4})\**((?:\s*(?:,|and|or)\s*\**\d{4}\**)*)/gi;
  for (const paragraph of paragraphs(doc)) {
    for (const match of paragraph.text.matchAll(pattern)) {
      const line = paragraph.line + lineAt(paragraph.text, match.index) - 1;
      for (const [id] of `${match[2]} ${match[3] ?? ''}`.matchAll(/\d{4}/g)) {
        claims.push({
          file: doc.file,
          line,
          claim: match[0].replace(/\s+/g, ' '),
          id: Number(id),
          platform: Boolean(match[1]),
        });
      }
    }
  }
  return claims;
}

export interface MigrationClaim extends Located {
  claim: string;
  number: string;
}

/** Migration numbers the docs name ("migration 0011", "migrations 0022 and 0023"). */
export function migrationClaims(doc: DocFile): MigrationClaim[] {
  const claims: MigrationClaim[] = [];
  for (const paragraph of paragraphs(doc)) {
    for (const match of paragraph.text.matchAll(/\bmigrations?\s+(\d{4})((?:\s*(?:,|and|or)\s*\d{4})*)/gi)) {
      const line = paragraph.line + lineAt(paragraph.text, match.index) - 1;
      for (const [number] of `${match[1]} ${match[2] ?? ''}`.matchAll(/\d{4}/g))
        claims.push({ file: doc.file, line, claim: match[0].replace(/\s+/g, ' '), number });
    }
  }
  return claims;
}

export interface ToolchainPin extends Located {
  claim: string;
  name: string;
  version: string;
}

/**
 * The "Versions in use" table of docs/toolchain.md: each cell lists `name version` pairs, where
 * several names may share one version ("react / react-dom 19.3.1", "jest and
 * jest-environment-jsdom 30.5.2"). An entry without a version (Debian's chromium) is skipped.
 */
export function toolchainPins(doc: DocFile): ToolchainPin[] {
  const pins: ToolchainPin[] = [];
  doc.text.split('\n').forEach((text, i) => {
    const row = /^\|\s*[^|]+\|\s*(.+?)\s*\|\s*$/.exec(text);
    if (!row?.[1] || /^-+$|^versions$/.test(row[1])) return;
    for (const entry of row[1].split(/,\s+/)) {
      const plain = entry
        .replace(/\*\*/g, '')
        .replace(/\s+exactly$/, '')
        .trim();
      const parsed = /^(.+?)\s+(\d+\.\d+\.\d+)$/.exec(plain);
      if (!parsed?.[1] || !parsed[2]) continue;
      for (const name of parsed[1].split(/\s+\/\s+|\s+and\s+/))
        pins.push({
          file: doc.file,
          line: i + 1,
          claim: entry.trim(),
          name: name.trim().toLowerCase(),
          version: parsed[2],
        });
    }
  });
  return pins;
}

export interface ConfigNameClaim extends Located {
  name: string;
}

/** Every `FORECOURT_*` name; a trailing `_*` (`FORECOURT_BUILDS_*`) stands for a family of them. */
export function configNameClaims(doc: DocFile): ConfigNameClaim[] {
  const claims: ConfigNameClaim[] = [];
  doc.text.split('\n').forEach((text, i) => {
    for (const [name] of text.matchAll(/\bFORECOURT_[A-Z0-9_]*[A-Z0-9](?:_\*)?/g))
      claims.push({ file: doc.file, line: i + 1, name });
  });
  return claims;
}

/**
 * The CLI's commands and their subcommands, read from its help text: a command line starts with
 * two spaces, its syntax single-spaced before the description; a command given a bare word after it on some line (`operators add <name>`) takes
 * subcommands, and then a bracketed word (`operators [list]`) is one as well. Also the text of
 * each command's lines, for its options.
 */
export function cliCommandTable(help: string): Map<string, { subcommands: Set<string> | null; text: string }> {
  const table = new Map<string, { bare: Set<string>; bracketed: Set<string>; text: string }>();
  let current: string | null = null;
  for (const line of help.split('\n')) {
    // A command's syntax is single-spaced; two spaces or more start its description.
    const entry = /^ {2}([a-z][a-z-]*)(?: (\S+))?/.exec(line.split(/(?<=\S)\s{2,}/)[0] ?? '');
    if (entry?.[1]) {
      current = entry[1];
      const known = table.get(current) ?? { bare: new Set<string>(), bracketed: new Set<string>(), text: '' };
      const second = entry[2] ?? '';
      if (/^[a-z][a-z-]*$/.test(second)) known.bare.add(second);
      const bracketed = /^\[([a-z][a-z-]*)\]$/.exec(second)?.[1];
      if (bracketed) known.bracketed.add(bracketed);
      known.text += `${line}\n`;
      table.set(current, known);
    } else if (current && /^\s{3,}\S/.test(line)) {
      const known = table.get(current);
      if (known) known.text += `${line}\n`;
    } else {
      current = null;
    }
  }
  return new Map(
    [...table].map(([command, { bare, bracketed, text }]) => [
      command,
      { subcommands: bare.size ? new Set([...bare, ...bracketed]) : null, text },
    ]),
  );
}

/** Versions of each package that the root or a workspace resolves, from package-lock.json. */
export function lockedVersions(repoRoot: string): Map<string, Set<string>> {
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const workspaces = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces;
  const versions = new Map<string, Set<string>>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const owner = /^(?:([^/]+)\/)?node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key);
    if (!owner?.[2] || !entry.version) continue;
    if (owner[1] && !workspaces.includes(owner[1])) continue;
    const known = versions.get(owner[2]) ?? new Set<string>();
    known.add(entry.version);
    versions.set(owner[2], known);
  }
  return versions;
}

/** Each workspace's package name and folder, with its scripts; '' is the root. */
export function workspaceScripts(repoRoot: string): Array<{ folder: string; name: string; scripts: Set<string> }> {
  const read = (folder: string) =>
    JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
      workspaces?: string[];
    };
  const root = read('');
  return [{ folder: '', ...root }, ...(root.workspaces ?? []).map((folder) => ({ folder, ...read(folder) }))].map(
    ({ folder, name, scripts }) => ({
      folder,
      name,
      scripts: new Set(Object.keys(scripts ?? {})),
    }),
  );
}

/**
 * What a fresh clone's `npm start` publishes, per team: each build `npm start` makes
 * (demoBuildTargets), under its package.json version or the version it is built as.
 */
export function freshClonePublished(
  targets: ReadonlyArray<{ team: string; packageDir: string; versionOverride?: string }>,
): Map<string, string[]> {
  const published = new Map<string, string[]>();
  for (const target of targets) {
    const version =
      target.versionOverride ??
      (JSON.parse(fs.readFileSync(path.join(target.packageDir, 'package.json'), 'utf8')) as { version: string })
        .version;
    published.set(target.team, [...(published.get(target.team) ?? []), version]);
  }
  return published;
}
