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

/**
 * A partner's endpoint from the environment: its address and its credential, both or neither.
 * Null when neither is set (the platform's local implementation answers); half of it, or an
 * address that is not http(s), stops the start naming the variable: a typo must not quietly send
 * production's shoppers to a simulator.
 */
export function endpointFromEnv(env: NodeJS.ProcessEnv, urlName: string, credentialName: string): { url: string; credential: string } | null {
  const url = env[urlName] || undefined;
  const credential = env[credentialName] || undefined;
  if (url && !credential) throw new Error(`${urlName} is set but ${credentialName} is not`);
  if (credential && !url) throw new Error(`${credentialName} is set but ${urlName} is not`);
  if (!url || !credential) return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`${urlName} must be an http(s) address, got '${url}'`);
  return { url, credential };
}
