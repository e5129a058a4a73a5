/**
 * The commit-msg hook (installed by `npm install` through simple-git-hooks, see package.json):
 * a subject of at most 72 characters, and details in a body after a blank line. `git log
 * --oneline`, `git shortlog` and every review tool show the subject alone; past 72 characters
 * they cut it, and what was cut is what a reader needed.
 */
import fs from 'node:fs';

export const SUBJECT_LIMIT = 72;

/** What is wrong with a commit message, or null. Lines git strips (comments) are left out first. */
export function commitMessageProblem(message: string): string | null {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
  const subject = lines[0]?.trimEnd() ?? '';
  if (subject === '') return 'The commit message is empty: write a subject line';
  // Fixups and merges are written by git and rewritten or kept as git makes them.
  if (/^(fixup|squash|amend)! |^Merge |^Revert "/.test(subject)) return null;
  if ([...subject].length > SUBJECT_LIMIT) {
    return `The subject is ${[...subject].length} characters; keep it to ${SUBJECT_LIMIT} and put the details in the body, after a blank line:\n  ${subject}`;
  }
  if (lines.length > 1 && (lines[1] ?? '').trim() !== '') return 'Leave a blank line between the subject and the body';
  return null;
}

if (process.argv[1] && /commit-msg\.ts$/.test(process.argv[1])) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: commit-msg <file holding the message>');
    process.exit(2);
  }
  const problem = commitMessageProblem(fs.readFileSync(file, 'utf8'));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
