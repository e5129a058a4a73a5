import { format } from 'node:util';

/**
 * The rule every test runs under: a test that writes to console.error or console.warn fails,
 * with the logged text, unless the test declared that output with `expectConsole` — and a
 * declared output that never came fails the test too, so a declaration is an assertion, not an
 * allowance. There is no list of tolerated messages: a log is either part of what a test is
 * about, or a fault to fix where it starts (an unawaited state update, a request the test did
 * not answer). React's act() warnings go through console.error, so they fall under the rule too.
 *
 * The guard's state lives on the global object rather than in this module: a test that resets
 * its module registry would otherwise get a second copy whose declarations the guard never sees.
 */
export type ConsoleLevel = 'error' | 'warn';

const LEVELS: readonly ConsoleLevel[] = ['error', 'warn'];

interface Logged {
  level: ConsoleLevel;
  text: string;
  /** The test that was running when the call was made, to name a straggler from an earlier test. */
  test: string | undefined;
}

interface Expected {
  level: ConsoleLevel;
  pattern: RegExp | string;
}

interface GuardState {
  logged: Logged[];
  expected: Expected[];
  recorders: Record<ConsoleLevel, (...args: unknown[]) => void>;
}

const STATE = Symbol.for('forecourt.test.console-guard');

function guard(): GuardState {
  const state = (globalThis as { [STATE]?: GuardState })[STATE];
  if (!state)
    throw new Error('expectConsole needs the console guard, which the shared jest setup installs for every project');
  return state;
}

function currentTest(): string | undefined {
  return expect.getState().currentTestName;
}

/**
 * Declares that this test logs to console[level] a message matching `pattern` (a RegExp, or
 * text the message contains), and asserts after the test that it did. Every matching call is
 * covered by the one declaration.
 */
export function expectConsole(level: ConsoleLevel, pattern: RegExp | string): void {
  guard().expected.push({ level, pattern });
}

function matches({ pattern }: Expected, text: string): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

// A logged Error carries its whole stack; the top of it is enough to find the caller.
const MAX_SHOWN = 2000;

function describeLogged(entry: Logged, test: string | undefined): string {
  const text = entry.text.length > MAX_SHOWN ? `${entry.text.slice(0, MAX_SHOWN)}\n…` : entry.text;
  const when = entry.test === test ? '' : ` (logged while ${entry.test ? `'${entry.test}'` : 'no test'} was running)`;
  return `console.${entry.level} was called and the test did not declare it with expectConsole${when}:\n${text}`;
}

/** The problems with what was logged since the last check; clears the record. */
function takeProblems(): string[] {
  const state = guard();
  const test = currentTest();
  const problems: string[] = [];
  for (const level of LEVELS) {
    if (console[level] !== state.recorders[level]) {
      problems.push(
        `console.${level} was replaced in this test; declare the expected output with expectConsole('${level}', …) instead`,
      );
      console[level] = state.recorders[level];
    }
  }
  const covered = new Set<Logged>();
  for (const expected of state.expected) {
    const hits = state.logged.filter((entry) => entry.level === expected.level && matches(expected, entry.text));
    if (hits.length === 0)
      problems.push(
        `expected console.${expected.level} matching ${typeof expected.pattern === 'string' ? JSON.stringify(expected.pattern) : String(expected.pattern)}, but nothing like it was logged`,
      );
    for (const hit of hits) covered.add(hit);
  }
  for (const entry of state.logged) {
    if (!covered.has(entry)) problems.push(describeLogged(entry, test));
  }
  state.logged = [];
  state.expected = [];
  return problems;
}

/**
 * Fails (throws) with every problem in what was logged since the last check, then starts a new
 * record. The guard runs it after each test; its own tests call it directly.
 */
export function checkConsole(): void {
  const problems = takeProblems();
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
}

/**
 * Installs the guard for one test file: called by the jest setup shared by every project. The
 * recorders do not print — a failing test shows the text in its failure, and a declared log
 * is asserted, not shown.
 */
export function installConsoleGuard(): void {
  const state: GuardState = {
    logged: [],
    expected: [],
    recorders: {
      error: (...args: unknown[]) => state.logged.push({ level: 'error', text: format(...args), test: currentTest() }),
      warn: (...args: unknown[]) => state.logged.push({ level: 'warn', text: format(...args), test: currentTest() }),
    },
  };
  (globalThis as { [STATE]?: GuardState })[STATE] = state;
  for (const level of LEVELS) console[level] = state.recorders[level];
  afterEach(checkConsole);
  // What is logged after the last test (a timer left running, a teardown) fails the file.
  afterAll(checkConsole);
}
