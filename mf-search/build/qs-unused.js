/**
 * Stands in for the 'qs' package in this remote's bundle (see webpack.config.js).
 *
 * instantsearch.js imports qs statically for one thing: the query-string format of its stock
 * history router, the default when a page passes no router of its own. Every InstantSearch in
 * this remote passes ours (src/features/results/lib/address-router.ts: the stock router takes
 * single-spa's synthetic popstate for a back/forward and drops the shopper's next change), so qs
 * is never called; bundled, it and its dependencies cost every search page about 10 KB as sent.
 * If a later change ever reaches the stock router, it fails loudly here instead of silently
 * writing a different address format.
 */
function unused() {
  throw new Error(
    "mf-search bundles no 'qs': InstantSearch must be given the address router (features/results/lib/address-router.ts)",
  );
}

module.exports = { parse: unused, stringify: unused };
