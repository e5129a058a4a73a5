/** @jest-environment node */
import { createHash } from 'node:crypto';
import { bodyHash, canonicalJson, idempotencyKey, keyReused } from './idempotency';

describe('the Idempotency-Key rule', () => {
  it('is no key when the header is not sent', () => {
    expect(idempotencyKey(undefined)).toEqual({ key: null });
  });

  it('takes 8 to 200 letters, digits or _.:- as they are', () => {
    expect([idempotencyKey('lead_2026.11:ab-C'), idempotencyKey('a'.repeat(200))]).toEqual([
      { key: 'lead_2026.11:ab-C' },
      { key: 'a'.repeat(200) },
    ]);
  });

  it('refuses a key shorter than 8 or longer than 200 with the rule, naming the header', () => {
    const refusal = { error: 'Idempotency-Key: must be 8 to 200 letters, digits or _.:-', field: 'Idempotency-Key' };
    expect([idempotencyKey('abc1234'), idempotencyKey('a'.repeat(201))]).toEqual([refusal, refusal]);
  });

  it('refuses a key with any other character', () => {
    expect(idempotencyKey('apply 123456')).toEqual({
      error: 'Idempotency-Key: must be 8 to 200 letters, digits or _.:-',
      field: 'Idempotency-Key',
    });
  });

  it('refuses a header sent twice', () => {
    expect(idempotencyKey(['apply-123456', 'apply-123456'])).toHaveProperty('field', 'Idempotency-Key');
  });

  it('takes only a UUID where the route asks for one, and says what it is made for', () => {
    const options = { uuidPer: 'reservation attempt' };
    expect([
      idempotencyKey('6f1c2a9e-4b7d-4c1e-9a3f-2d8b5e7c1a04', options),
      idempotencyKey('again-please', options),
    ]).toEqual([
      { key: '6f1c2a9e-4b7d-4c1e-9a3f-2d8b5e7c1a04' },
      { error: 'Idempotency-Key: must be a UUID, made once per reservation attempt', field: 'Idempotency-Key' },
    ]);
  });

  it('answers a key used for another body naming the header and what it was used for', () => {
    expect(keyReused('a different lead')).toEqual({
      error: 'Idempotency-Key: this key was used for a different lead',
      field: 'Idempotency-Key',
    });
  });
});

describe('the canonical JSON of a body', () => {
  it('sorts every object’s keys, however deep', () => {
    expect(canonicalJson({ b: 1, c: { e: [{ g: 2, h: 3, f: 4 }], d: 'x' }, a: 0 })).toBe(
      '{"a":0,"b":1,"c":{"d":"x","e":[{"f":4,"g":2,"h":3}]}}',
    );
  });

  it('keeps the order of an array', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
  });

  it('leaves out undefined properties and writes undefined in an array as null, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, null] })).toBe('{"b":[null,null]}');
  });

  it('is the JSON text of a value whose keys are already in order', () => {
    const value = ['car-1', 'Sam', 'sam@example.com', '0412345678', null, { amount: 3.5, name: 'Jo "J" ✓' }];
    expect(canonicalJson(value)).toBe(JSON.stringify(value));
  });
});

describe('the body hash', () => {
  it('is the same for the same values in another key order', () => {
    expect(bodyHash({ form: 'enquiry', userData: { name: 'Sam', phone: '0412345678' } })).toBe(
      bodyHash({ userData: { phone: '0412345678', name: 'Sam' }, form: 'enquiry' }),
    );
  });

  it('differs when a value differs', () => {
    expect(bodyHash({ form: 'enquiry', message: 'Is it available?' })).not.toBe(
      bodyHash({ form: 'enquiry', message: 'Is it still available?' }),
    );
  });

  // Keys stored by an earlier release hold hashes made this way: a retry across a deploy must match.
  it('is the SHA-256 of the canonical JSON, in hex', () => {
    expect(bodyHash({ b: 2, a: 1 })).toBe(createHash('sha256').update('{"a":1,"b":2}').digest('hex'));
  });
});
