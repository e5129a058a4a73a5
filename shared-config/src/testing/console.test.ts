import { checkConsole, expectConsole } from './console';

// Each test checks here what the guard checks after it, so the guard itself finds a clean record.

it('passes a test that logged what it declared', () => {
  expectConsole('warn', /^analytics event 25 was not sent TypeError: Failed to fetch/);
  console.warn('analytics event 25 was not sent', new TypeError('Failed to fetch'));
  expect(() => checkConsole()).not.toThrow();
});

it('fails a test that logged what it did not declare, with the logged text', () => {
  expectConsole('warn', 'the map could not start');
  console.warn('[mf-locations] the map could not start; the static map stays');
  console.error('An update to %s inside a test was not wrapped in act(...).', 'PriceComparisonBlock');
  expect(() => checkConsole()).toThrow(
    'console.error was called and the test did not declare it with expectConsole:\nAn update to PriceComparisonBlock inside a test was not wrapped in act(...).',
  );
});

it('fails a test whose declared output never came', () => {
  expectConsole('error', /the fallback fetch failed/);
  console.warn('the fallback fetch failed');
  expect(() => checkConsole()).toThrow(
    'expected console.error matching /the fallback fetch failed/, but nothing like it was logged',
  );
});

it('fails a test that replaced console.error to silence it, and puts the guard back', () => {
  const guarded = console.error;
  console.error = () => undefined;
  expect(() => checkConsole()).toThrow(
    "console.error was replaced in this test; declare the expected output with expectConsole('error', …) instead",
  );
  expect(console.error).toBe(guarded);
});
