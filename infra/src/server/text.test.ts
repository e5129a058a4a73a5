import { textProblem } from './text';

it('accepts ordinary text, including characters outside the Basic Multilingual Plane', () => {
  expect(textProblem('Ute 4x4 \u{1F697} Māori')).toBeNull();
});

it('refuses a NUL character', () => {
  expect(textProblem('a\0b')).toBe('must not contain a NUL character');
});

it('refuses a high surrogate with no low surrogate after it', () => {
  expect(textProblem('a\uD800b')).toMatch(/unpaired surrogate/);
});

it('refuses a low surrogate with no high surrogate before it', () => {
  expect(textProblem('\uDC00')).toMatch(/unpaired surrogate/);
});
