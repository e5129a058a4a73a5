/**
 * Bad input as every route answers it, the platform's and the teams' alike: a 400 whose body is
 * `{ error: '<field>: <what is wrong>', field: '<field>' }`, the field named by its path in the
 * request part, joined with dots ('userData.phone', 'data.email'), or by the part itself
 * ('body', 'query', 'params') when the whole of it is wrong. Bad input is never a 5xx.
 *
 * - `parseInput` checks a body, query or parameters with zod and throws `RequestValidationError`
 *   for the first problem; the route need not answer it. Infra's error handler answers it, and
 *   so does every team server's own scope (`defineTeamServer`), so a team's server answers alike
 *   in its own tests, mounted by nothing but a bare Fastify.
 * - `fieldError` answers a refusal a route makes by hand, once the input has parsed (no such car
 *   on this site, a time the location does not offer).
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** Which part of the request was checked: its name is the field when the whole part is wrong. */
type RequestPart = 'body' | 'query' | 'params';

/** The body of a 400 for bad input. */
interface FieldProblem {
  error: string;
  field: string;
}

/** Bad input, named by field. `message` is the answer's `error` as sent. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

/**
 * What `parseInput` checks with: a zod schema, or a check built of several (mf-leads' lead body,
 * whose schema depends on its form) that answers as a schema's `safeParse` does.
 */
interface InputCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: z.ZodError };
}

/** The request part checked by `check`; its first problem is thrown as a `RequestValidationError`. */
export function parseInput<T>(check: InputCheck<T>, value: unknown, where: RequestPart): T {
  const result = check.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  throw new RequestValidationError(field, `${field}: ${issue?.message ?? 'is invalid'}`);
}

/** Sends the 400 of a `RequestValidationError` (the error handlers' one answer to it). */
export const sendInvalid = (reply: FastifyReply, error: RequestValidationError) =>
  reply.code(400).send({ error: error.message, field: error.field } satisfies FieldProblem);

/** A refusal made by hand: `fieldError(reply, 'car_id', 'no such car on this site')` answers `{ error: 'car_id: no such car on this site', field: 'car_id' }`. */
export const fieldError = (reply: FastifyReply, field: string, message: string) =>
  sendInvalid(reply, new RequestValidationError(field, `${field}: ${message}`));
