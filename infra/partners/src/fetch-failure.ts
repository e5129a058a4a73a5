/**
 * What an operator should read when a partner could not be reached at all. Node's fetch reports a
 * refused, reset or unresolvable connection as a bare 'fetch failed' with the reason as its cause
 * ('connect ECONNREFUSED 10.0.0.5:443'), and a time limit as an abort: the cause is what tells
 * "their server is down" from "our address is wrong", so it is what the audit, the console and the
 * logs keep. `signal`: the request's time-limit signal, when it had one.
 */
export function unreachableReason(error: unknown, signal?: AbortSignal, timeoutMs?: number): string {
  if (signal?.aborted) return `no answer within ${timeoutMs ?? '?'} ms`;
  // By shape, not `instanceof Error`: fetch's errors come from another realm under some hosts (a
  // test runner's sandbox among them), where that check fails and the reason would be lost.
  const cause = messageOf((error as { cause?: unknown } | null)?.cause);
  return cause ?? messageOf(error) ?? String(error);
}

function messageOf(value: unknown): string | undefined {
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
