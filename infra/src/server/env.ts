/**
 * A positive number from the environment: the fallback when unset or empty, an error naming the
 * variable when it is anything else (a typo must stop the start, not turn a limit off).
 */
export function positiveFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, options: { integer?: boolean } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const ok = options.integer ? Number.isInteger(value) && value > 0 : Number.isFinite(value) && value > 0;
  if (!ok) throw new Error(`${name} must be a positive ${options.integer ? 'integer' : 'number'}, got '${raw}'`);
  return value;
}
