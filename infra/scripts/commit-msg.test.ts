import { commitMessageProblem } from './commit-msg';

it('accepts a subject of 72 characters with a body after a blank line', () => {
  expect(commitMessageProblem(`${'a'.repeat(72)}\n\nWhy it changed.\n`)).toBeNull();
});

it('refuses a subject of 73 characters, saying how long it is', () => {
  expect(commitMessageProblem(`${'a'.repeat(73)}\n`)).toMatch(/^The subject is 73 characters; keep it to 72/);
});

it('refuses a body that starts on the second line', () => {
  expect(commitMessageProblem('Fix the sitemap\nIt echoed the Host header.\n')).toBe(
    'Leave a blank line between the subject and the body',
  );
});

it('refuses an empty message, ignoring the comment lines git adds', () => {
  expect(commitMessageProblem('\n# Please enter the commit message for your changes.\n')).toBe(
    'The commit message is empty: write a subject line',
  );
});

it('counts characters, not bytes', () => {
  expect(commitMessageProblem(`${'é'.repeat(72)}\n`)).toBeNull();
});
