import type { z } from 'zod';

/** Bad input, named by field; the error handler turns it into a 400. */
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

/** Parses request input with zod; the first problem becomes a 400 naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query' | 'params'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length ? issue.path.join('.') : where;
  throw new RequestValidationError(field, `${field}: ${issue?.message ?? 'is invalid'}`);
}
