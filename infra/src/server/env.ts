/**
 * A positive number from the environment: the fallback when unset or empty, an error naming the
 * variable when it is anything else (a typo must stop the start, not turn a limit off).
 */
export function positiveFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, options: { integer?: boolean; allowZero?: boolean } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const above = (n: number) => (options.allowZero ? n >= 0 : n > 0);
  const ok = options.integer ? Number.isInteger(value) && above(value) : Number.isFinite(value) && above(value);
  if (!ok) throw new Error(`${name} must be a ${options.allowZero ? 'non-negative' : 'positive'} ${options.integer ? 'integer' : 'number'}, got '${raw}'`);
  return value;
}
