import fp from 'fastify-plugin';

/**
 * A refusal that says when to try again (429, or 503 with Retry-After: a rate limit, a search
 * shed, a full queue of pages) is sent after FORECOURT_REFUSAL_HOLD_MS, at most that Retry-After.
 * A client asking in a loop gets its refusals at once otherwise, and asks again at once: the
 * public-load drill's twenty clients turned 14,000 sitemap refusals in ten seconds into a busier
 * request thread than the sitemaps they replaced (a car page for another shopper, p99 0.5 s).
 * Held, each such client asks about once a second. Holding costs a timer and the connection,
 * which the per-address connection cap bounds.
 */
export default fp(
  async (fastify) => {
    const holdMs = fastify.config.FORECOURT_REFUSAL_HOLD_MS;
    if (holdMs === 0) return;
    fastify.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode !== 429 && reply.statusCode !== 503) return payload;
      const retryAfter = Number(reply.getHeader('retry-after'));
      if (!Number.isFinite(retryAfter) || retryAfter <= 0) return payload;
      await new Promise((resolve) => setTimeout(resolve, Math.min(holdMs, retryAfter * 1000)));
      return payload;
    });
  },
  { name: 'held-refusals', fastify: '5.x', dependencies: ['config'] },
);
