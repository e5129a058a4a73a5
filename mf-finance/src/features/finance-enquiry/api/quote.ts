import { apiWrite, zm } from '@forecourt/shared-config';
import { useEffect, useState } from 'react';
import { QUOTE_DEBOUNCE_MS, quoteRequestSchema } from '../lib/finance-schema';

/** Spec: the quote failure text (shown on the finance page; on the vehicle page failures are silent). */
export const QUOTE_FAILED = 'Failed to get YouX quick quote';
export const QUOTE_PATH = '/api/youx/quote';

/** Spec quote response: the partner's figures, as the server half answers them. */
export const quoteAnswerSchema = zm.object({
  weeklyRepaymentAmount: zm.number(),
  advertisedRate: zm.number(),
  comparisonRate: zm.number(),
});
export type QuoteAnswer = zm.output<typeof quoteAnswerSchema>;

/** `POST /api/youx/quote`: the partner's figures, or an Error with the text to show. */
export async function fetchQuote(body: Record<string, unknown>, signal?: AbortSignal): Promise<QuoteAnswer> {
  const result = await apiWrite(QUOTE_PATH, { body, schema: quoteAnswerSchema, ...(signal ? { signal } : {}) });
  if (!result.ok) throw new Error(result.message || QUOTE_FAILED);
  return result.data;
}

export type QuoteState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; quote: QuoteAnswer } | { status: 'failed' };

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
