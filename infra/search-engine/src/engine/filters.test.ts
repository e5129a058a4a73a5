import { SearchError } from './errors';
import { MAX_FILTER_DEPTH, parseFacetFilters, parseFilters, parseNumericFilters, parseTagFilters } from './filters';

function errorOf(fn: () => unknown): SearchError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SearchError) return e;
    throw e;
  }
  throw new Error('expected a SearchError');
}

describe('parseFilters', () => {
  it('parses facet, quoted, numeric, range and boolean conditions with precedence', () => {
    expect(parseFilters('')).toEqual({ kind: 'all' });
    expect(parseFilters('make:Toyota')).toEqual({ kind: 'facet', attribute: 'make', value: 'Toyota' });
    expect(parseFilters('location.name:"Sydney City Motors"')).toEqual({
      kind: 'facet',
      attribute: 'location.name',
      value: 'Sydney City Motors',
    });
    expect(parseFilters("tag:'runout sale'")).toEqual({ kind: 'facet', attribute: 'tag', value: 'runout sale' });
    expect(parseFilters('price >= 25000.5')).toEqual({ kind: 'numeric', attribute: 'price', op: '>=', value: 25000.5 });
    expect(parseFilters('km<-1')).toEqual({ kind: 'numeric', attribute: 'km', op: '<', value: -1 });
    expect(parseFilters('price != 0')).toEqual({ kind: 'numeric', attribute: 'price', op: '!=', value: 0 });
    expect(parseFilters('year:2018 TO 2020')).toEqual({ kind: 'range', attribute: 'year', low: 2018, high: 2020 });
    expect(parseFilters('certified:true')).toEqual({ kind: 'facet', attribute: 'certified', value: 'true' });
    expect(parseFilters('a:1 OR b:2 AND NOT c:3')).toEqual({
      kind: 'or',
      children: [
        { kind: 'facet', attribute: 'a', value: '1' },
        {
          kind: 'and',
          children: [
            { kind: 'facet', attribute: 'b', value: '2' },
            { kind: 'not', child: { kind: 'facet', attribute: 'c', value: '3' } },
          ],
        },
      ],
    });
    expect(parseFilters('(status:in_stock OR status:coming_soon) AND show_on_dealer_website:true')).toMatchObject({
      kind: 'and',
      children: [{ kind: 'or' }, { kind: 'facet', attribute: 'show_on_dealer_website' }],
    });
    expect(parseFilters('NOT NOT (x:1)')).toEqual({
      kind: 'not',
      child: { kind: 'not', child: { kind: 'facet', attribute: 'x', value: '1' } },
    });
    expect(parseFilters('title:"say \\"hi\\""')).toEqual({ kind: 'facet', attribute: 'title', value: 'say "hi"' });
  });

  it.each([
    ['make:Toyota ANDD year > 2000', "filters: unexpected token 'ANDD' at col 13 (expected AND, OR, ')' or the end)"],
    ['make:Toyota AND', 'filters: unexpected end of input at col 16 (expected an attribute)'],
    ['(make:Toyota', "filters: unexpected end of input at col 13 (expected ')')"],
    ['make:Toyota)', "filters: unexpected token ')' at col 12 (expected AND, OR, ')' or the end)"],
    ['price > cheap', "filters: expected a number after '>' at col 9, got 'cheap'"],
    ['price:10 TO', "filters: unexpected end of input at col 12 (expected a number after 'TO')"],
    ['price:low TO 10', "filters: expected a number after 'price:' at col 7, got 'low'"],
    ['make Toyota', "filters: unexpected token 'Toyota' at col 6 (expected ':' or a comparison operator after 'make')"],
    ['make:"Toyota', 'filters: unterminated quoted string starting at col 6'],
    ['a ! b', "filters: unexpected character '!' at col 3"],
    ['AND a:1', "filters: unexpected token 'AND' at col 1 (expected an attribute)"],
    ['a:', "filters: unexpected end of input at col 3 (expected a value after 'a:')"],
  ])('rejects %j with position', (source, message) => {
    const error = errorOf(() => parseFilters(source));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it('refuses 20,000 nested parentheses with a 400 instead of overflowing the stack', () => {
    const error = errorOf(() => parseFilters(`${'('.repeat(20_000)}a:1${')'.repeat(20_000)}`));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      `filters: nested more than ${MAX_FILTER_DEPTH} levels deep at col ${MAX_FILTER_DEPTH + 1}`,
    );
  });

  it('accepts nesting up to the limit', () => {
    const depth = MAX_FILTER_DEPTH;
    expect(parseFilters(`${'('.repeat(depth)}a:1${')'.repeat(depth)}`)).toEqual({
      kind: 'facet',
      attribute: 'a',
      value: '1',
    });
    expect(errorOf(() => parseFilters(`${'NOT '.repeat(depth + 1)}a:1`)).status).toBe(400);
  });
});

describe('facetFilters / numericFilters / tagFilters', () => {
  it('ANDs outer elements, ORs nested arrays, negates with a leading dash', () => {
    expect(parseFacetFilters([['make:Toyota', 'make:Mazda'], 'body:-SUV', 'tag:\\-x'])).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'facet', attribute: 'make', value: 'Toyota' },
            { kind: 'facet', attribute: 'make', value: 'Mazda' },
          ],
        },
        { kind: 'not', child: { kind: 'facet', attribute: 'body', value: 'SUV' } },
        { kind: 'facet', attribute: 'tag', value: '-x' },
      ],
    });
    expect(parseFacetFilters('make:Toyota')).toEqual({ kind: 'facet', attribute: 'make', value: 'Toyota' });
    expect(parseFacetFilters('["make:Toyota"]')).toEqual({ kind: 'facet', attribute: 'make', value: 'Toyota' });
    expect(parseFacetFilters('time:10:30')).toEqual({ kind: 'facet', attribute: 'time', value: '10:30' });
    expect(parseFacetFilters([])).toEqual({ kind: 'all' });
  });

  it('parses numeric comparisons and ranges, strings comma-separated', () => {
    expect(parseNumericFilters(['price>=25000', ['year:2018 TO 2020', 'km<10']])).toEqual({
      kind: 'and',
      children: [
        { kind: 'numeric', attribute: 'price', op: '>=', value: 25000 },
        {
          kind: 'or',
          children: [
            { kind: 'range', attribute: 'year', low: 2018, high: 2020 },
            { kind: 'numeric', attribute: 'km', op: '<', value: 10 },
          ],
        },
      ],
    });
    expect(parseNumericFilters('price>1,year<2020')).toMatchObject({
      kind: 'and',
      children: [{ op: '>' }, { op: '<' }],
    });
    expect(parseTagFilters(['a', ['b', '-c']])).toMatchObject({
      kind: 'and',
      children: [{ attribute: '_tags', value: 'a' }, { kind: 'or' }],
    });
  });

  it('rejects malformed input with 400', () => {
    expect(errorOf(() => parseFacetFilters(['make'])).message).toBe(
      "facetFilters: expected 'attribute:value', got 'make'",
    );
    expect(errorOf(() => parseFacetFilters([[['a:b']]])).message).toMatch(/at most two levels/);
    expect(errorOf(() => parseFacetFilters(42)).status).toBe(400);
    expect(errorOf(() => parseFacetFilters('[oops')).message).toBe('facetFilters: invalid JSON array');
    expect(errorOf(() => parseNumericFilters(['make:Toyota'])).message).toBe(
      "numericFilters: expected a numeric comparison, got 'make:Toyota'",
    );
    expect(errorOf(() => parseNumericFilters(['price>'])).message).toBe(
      "numericFilters: unexpected end of input at col 7 (expected a number after '>')",
    );
    expect(errorOf(() => parseNumericFilters(['price>1 x'])).message).toBe(
      "numericFilters: unexpected token 'x' at col 9 (expected the end of the filter)",
    );
  });
});
