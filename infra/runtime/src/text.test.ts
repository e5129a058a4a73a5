import { jsonProblem, textProblem } from './text';

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

describe('jsonProblem', () => {
  it('accepts a search request as the clients send it', () => {
    expect(
      jsonProblem({ requests: [{ indexName: 'cars', facetFilters: [['make:Kia', 'make:Mazda']], query: 'ute' }] }, 8),
    ).toBeNull();
  });

  it('names the path of a string holding a NUL', () => {
    expect(jsonProblem({ requests: [{ query: 'a\0' }] }, 8)).toEqual({
      path: 'requests[0].query',
      problem: 'must not contain a NUL character',
    });
  });

  it('refuses a key with an unpaired surrogate without echoing the key', () => {
    expect(jsonProblem({ ok: { '\uD800': 1 } }, 8)).toEqual({
      path: 'ok',
      problem: 'every key must be valid Unicode (it holds an unpaired surrogate)',
    });
  });

  it('refuses a value nested 10,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(jsonProblem({ params: deep }, 32)?.problem).toBe('must not nest more than 32 levels deep');
  });
});
