/**
 * The Idempotency-Key rule of every team route that takes one (a lead, a finance application, a
 * reservation), in one place so a client's key means the same on each:
 *
 * - The header is optional. When sent it is 8 to 200 letters, digits or `_.:-`: room for a UUID,
 *   a ULID or a 'form-time-random' key, and nothing that needs quoting in a log line or a
 *   database key. A route that wants one key per attempt made by the browser (a card deposit)
 *   asks for a UUID instead (`uuidPer`).
 * - A bad key is a 400 naming the field 'Idempotency-Key', like any other bad input.
 * - A retry is the same key with the same body: the body is compared by `bodyHash`, which does
 *   not depend on the order of an object's keys. The same key with another body is the client's
 *   mistake, a 422 naming the field (`keyReused`).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The header's name as answers name it (the `field` of a 400 or 422). */
export const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const KEY_RULE = 'must be 8 to 200 letters, digits or _.:-';
const UUID = z.uuid();

/** A 4xx body naming the header: `{ error: 'Idempotency-Key: ...', field: 'Idempotency-Key' }`. */
export interface IdempotencyKeyProblem {
  error: string;
  field: typeof IDEMPOTENCY_KEY_FIELD;
}

export interface IdempotencyKeyOptions {
  /** Only a UUID, made once per this (e.g. 'reservation attempt'): the error says so. */
  uuidPer?: string;
}

const problem = (message: string): IdempotencyKeyProblem => ({
  error: `${IDEMPOTENCY_KEY_FIELD}: ${message}`,
  field: IDEMPOTENCY_KEY_FIELD,
});

/**
 * The request's key (`request.headers['idempotency-key']`): null when none was sent, or the 400
 * body for one that breaks the rule. A header sent twice is not a key: which of the two the
 * client meant cannot be known.
 */
export function idempotencyKey(
  header: string | string[] | undefined,
  options: IdempotencyKeyOptions = {},
): { key: string | null } | IdempotencyKeyProblem {
  if (header === undefined) return { key: null };
  if (options.uuidPer !== undefined)
    return typeof header === 'string' && UUID.safeParse(header).success
      ? { key: header }
      : problem(`must be a UUID, made once per ${options.uuidPer}`);
  return typeof header === 'string' && KEY.test(header) ? { key: header } : problem(KEY_RULE);
}

/** The 422 body for a key already used with another body ('a different lead'). */
export const keyReused = (otherRequest: string): IdempotencyKeyProblem =>
  problem(`this key was used for ${otherRequest}`);

/**
 * The JSON text of a value with every object's keys sorted, so equal values read alike whatever
 * order their keys came in. Otherwise as `JSON.stringify`: a property that is undefined is left
 * out, and undefined in an array (or on its own) is null.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .flatMap((key) => {
        const property = (value as Record<string, unknown>)[key];
        return property === undefined ? [] : [`${JSON.stringify(key)}:${canonicalJson(property)}`];
      })
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a stored key remembers of its request: the SHA-256 (hex) of the value's canonical JSON. */
export const bodyHash = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');
