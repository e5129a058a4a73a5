import { useEffect, useState } from 'react';
import { QUOTE_DEBOUNCE_MS, quoteRequestSchema, type QuoteAnswer } from '../lib/finance-schema';

/** Spec: the quote failure text (shown on the finance page; on the vehicle page failures are silent). */
export const QUOTE_FAILED = 'Failed to get YouX quick quote';
export const QUOTE_PATH = '/api/youx/quote';

/** `POST /api/youx/quote`: the partner's figures, or an Error with the text to show. */
export async function fetchQuote(body: Record<string, unknown>, signal?: AbortSignal): Promise<QuoteAnswer> {
  const response = await fetch(QUOTE_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin', signal: signal ?? null });
  const answer = (await response.json().catch(() => null)) as (Partial<QuoteAnswer> & { error?: string }) | null;
  if (!response.ok || typeof answer?.weeklyRepaymentAmount !== 'number') throw new Error(answer?.error ?? QUOTE_FAILED);
  return { weeklyRepaymentAmount: answer.weeklyRepaymentAmount, advertisedRate: Number(answer.advertisedRate), comparisonRate: Number(answer.comparisonRate) };
}

export type QuoteState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; quote: QuoteAnswer } | { status: 'failed' };

/**
 * The instant quote for what the shopper has entered, asked for 500 ms after the input stops
 * (spec: debounce), the previous request abandoned when the input changes again. Input that does
 * not make a quote request (a blank price) asks nothing.
 */
export function useInstantQuote(input: Record<string, unknown> | null): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const parsed = input ? quoteRequestSchema.safeParse(input) : null;
  const key = parsed?.success ? JSON.stringify(parsed.data) : null;
  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      fetchQuote(JSON.parse(key) as Record<string, unknown>, controller.signal).then(
        (quote) => setState({ status: 'ready', quote }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}
