/**
 * Algolia's filter languages parsed to one boolean tree:
 * - `filters`: `attr:value`, `attr:"quoted value"`, `attr:low TO high`, `attr > 10` (`<`, `<=`, `=`,
 *   `!=`, `>=`, `>`), `AND`, `OR`, `NOT`, parentheses. Any nesting is accepted (Algolia restricts some
 *   mixes, e.g. no AND inside OR groups; this is a superset). Single quotes are accepted as well.
 * - `facetFilters` / `numericFilters` / `tagFilters`: a string or an array whose elements are strings
 *   (ANDed) or arrays of strings (ORed); `attr:-value` negates a facet filter (`\-` for a literal dash).
 */
import { badRequest } from './errors';

export type NumericOp = '<' | '<=' | '=' | '!=' | '>=' | '>';

export type FilterNode =
  | { kind: 'all' }
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  /** Facet value equality (case-insensitive, as in Algolia). */
  | { kind: 'facet'; attribute: string; value: string }
  | { kind: 'numeric'; attribute: string; op: NumericOp; value: number }
  /** Inclusive range `attr:low TO high`. */
  | { kind: 'range'; attribute: string; low: number; high: number };

type TokenType = 'word' | 'string' | '(' | ')' | ':' | 'op' | 'end';
interface Token {
  type: TokenType;
  text: string;
  col: number;
}

const WORD_STOP = new Set([' ', '\t', '\n', '\r', '(', ')', '"', "'", ':', '<', '>', '=', '!']);

function lex(source: string, param: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    const col = i + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '(' || c === ')' || c === ':') {
      tokens.push({ type: c, text: c, col });
      i++;
    } else if (c === '<' || c === '>' || c === '=' || c === '!') {
      const two = source.slice(i, i + 2);
      if (two === '<=' || two === '>=' || two === '!=') {
        tokens.push({ type: 'op', text: two, col });
        i += 2;
      } else if (c === '!') {
        throw badRequest(`${param}: unexpected character '!' at col ${col}`);
      } else {
        tokens.push({ type: 'op', text: c, col });
        i++;
      }
    } else if (c === '"' || c === "'") {
      let text = '';
      let j = i + 1;
      for (;;) {
        if (j >= source.length) throw badRequest(`${param}: unterminated quoted string starting at col ${col}`);
        const d = source[j] as string;
        if (d === '\\' && j + 1 < source.length) {
          text += source[j + 1];
          j += 2;
        } else if (d === c) {
          j++;
          break;
        } else {
          text += d;
          j++;
        }
      }
      tokens.push({ type: 'string', text, col });
      i = j;
    } else {
      let j = i;
      while (j < source.length && !WORD_STOP.has(source[j] as string)) j++;
      tokens.push({ type: 'word', text: source.slice(i, j), col });
      i = j;
    }
  }
  tokens.push({ type: 'end', text: '', col: source.length + 1 });
  return tokens;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO']);
/**
 * Deepest nesting of parentheses and NOTs a filter may have. The parser and the evaluator recurse
 * once per level, so an unbounded depth (20,000 `(` in a 20 KB string) would overflow the stack;
 * real filters, even generated ones, nest a handful of levels.
 */
export const MAX_FILTER_DEPTH = 64;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly param: string,
  ) {}

  private peek(): Token {
    return this.tokens[this.pos] as Token;
  }
  private next(): Token {
    return this.tokens[this.pos++] as Token;
  }
  private isKeyword(token: Token, word: string): boolean {
    return token.type === 'word' && token.text === word;
  }
  private unexpected(token: Token, expected?: string): never {
    const what = token.type === 'end' ? 'end of input' : `token '${token.text}'`;
    throw badRequest(
      `${this.param}: unexpected ${what} at col ${token.col}${expected ? ` (expected ${expected})` : ''}`,
    );
  }

  parseAll(): FilterNode {
    if (this.peek().type === 'end') return { kind: 'all' };
    const node = this.parseOr();
    const rest = this.peek();
    if (rest.type !== 'end') this.unexpected(rest, "AND, OR, ')' or the end");
    return node;
  }

  parseSingleCondition(): FilterNode {
    const node = this.parseCondition();
    const rest = this.peek();
    if (rest.type !== 'end') this.unexpected(rest, 'the end of the filter');
    return node;
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'OR')) {
      this.next();
      children.push(this.parseAnd());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: 'or', children };
  }

  private parseAnd(): FilterNode {
    const children = [this.parseNot()];
    while (this.isKeyword(this.peek(), 'AND')) {
      this.next();
      children.push(this.parseNot());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: 'and', children };
  }

  private nested<T>(token: Token, parse: () => T): T {
    if (++this.depth > MAX_FILTER_DEPTH) {
      throw badRequest(`${this.param}: nested more than ${MAX_FILTER_DEPTH} levels deep at col ${token.col}`);
    }
    const result = parse();
    this.depth--;
    return result;
  }

  private parseNot(): FilterNode {
    const token = this.peek();
    if (this.isKeyword(token, 'NOT')) {
      this.next();
      return this.nested(token, () => ({ kind: 'not', child: this.parseNot() }));
    }
    if (token.type === '(') {
      this.next();
      return this.nested(token, () => {
        const inner = this.parseOr();
        const close = this.next();
        if (close.type !== ')') this.unexpected(close, "')'");
        return inner;
      });
    }
    return this.parseCondition();
  }

  private number(token: Token, after: string): number {
    if (token.type !== 'word' || !NUMBER.test(token.text)) {
      if (token.type === 'end') this.unexpected(token, `a number after '${after}'`);
      throw badRequest(`${this.param}: expected a number after '${after}' at col ${token.col}, got '${token.text}'`);
    }
    return Number(token.text);
  }

  private parseCondition(): FilterNode {
    const attrToken = this.next();
    if (!(attrToken.type === 'string' || (attrToken.type === 'word' && !KEYWORDS.has(attrToken.text)))) {
      this.unexpected(attrToken, 'an attribute');
    }
    const attribute = attrToken.text;
    if (attribute === '') throw badRequest(`${this.param}: empty attribute name at col ${attrToken.col}`);
    const sep = this.next();
    if (sep.type === ':') {
      const valueToken = this.next();
      if (valueToken.type !== 'word' && valueToken.type !== 'string')
        this.unexpected(valueToken, `a value after '${attribute}:'`);
      if (this.isKeyword(this.peek(), 'TO')) {
        this.next();
        const low = this.number(valueToken, `${attribute}:`);
        const high = this.number(this.next(), 'TO');
        return { kind: 'range', attribute, low, high };
      }
      return { kind: 'facet', attribute, value: valueToken.text };
    }
    if (sep.type === 'op') {
      const value = this.number(this.next(), sep.text);
      return { kind: 'numeric', attribute, op: sep.text as NumericOp, value };
    }
    return this.unexpected(sep, `':' or a comparison operator after '${attribute}'`);
  }
}

/** Parses the `filters` string; throws a 400 `SearchError` naming the problem and its column. */
export function parseFilters(source: string, param = 'filters'): FilterNode {
  return new Parser(lex(source, param), param).parseAll();
}

type ListInput = string | ReadonlyArray<string | ReadonlyArray<string>>;

/** Accepts the array forms, a JSON-encoded array (from a `params` string) or a single string. */
function asList(input: unknown, param: string, splitCommas: boolean): Array<string | string[]> {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') {
    const trimmed = input.trim();
    if (trimmed.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        throw badRequest(`${param}: invalid JSON array`);
      }
      return asList(parsed, param, splitCommas);
    }
    if (trimmed === '') return [];
    return splitCommas
      ? trimmed
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : [input];
  }
  if (!Array.isArray(input)) throw badRequest(`${param}: expected a string or an array`);
  return (input as unknown[]).map((item) => {
    if (typeof item === 'string') return item;
    if (Array.isArray(item)) {
      return item.map((inner: unknown) => {
        if (typeof inner !== 'string')
          throw badRequest(`${param}: nested elements must be strings (at most two levels)`);
        return inner;
      });
    }
    throw badRequest(`${param}: elements must be strings or arrays of strings`);
  });
}

function combine(list: Array<string | string[]>, leaf: (s: string) => FilterNode): FilterNode {
  const and: FilterNode[] = list.map((item) => {
    if (typeof item === 'string') return leaf(item);
    if (item.length === 1) return leaf(item[0] as string);
    return { kind: 'or', children: item.map(leaf) };
  });
  if (and.length === 0) return { kind: 'all' };
  return and.length === 1 ? (and[0] as FilterNode) : { kind: 'and', children: and };
}

export function facetFilterLeaf(text: string, param = 'facetFilters'): FilterNode {
  const colon = text.indexOf(':');
  if (colon <= 0) throw badRequest(`${param}: expected 'attribute:value', got '${text}'`);
  const attribute = text.slice(0, colon);
  let value = text.slice(colon + 1);
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  const node: FilterNode = { kind: 'facet', attribute, value };
  return negated ? { kind: 'not', child: node } : node;
}

export function parseFacetFilters(input: unknown, param = 'facetFilters'): FilterNode {
  return combine(asList(input as ListInput, param, false), (s) => facetFilterLeaf(s, param));
}

export function parseNumericFilters(input: unknown, param = 'numericFilters'): FilterNode {
  return combine(asList(input, param, true), (s) => {
    const node = new Parser(lex(s, param), param).parseSingleCondition();
    if (node.kind === 'facet') throw badRequest(`${param}: expected a numeric comparison, got '${s}'`);
    return node;
  });
}

export function parseTagFilters(input: unknown, param = 'tagFilters'): FilterNode {
  return combine(asList(input, param, true), (s) =>
    s.startsWith('-')
      ? { kind: 'not', child: { kind: 'facet', attribute: '_tags', value: s.slice(1) } }
      : { kind: 'facet', attribute: '_tags', value: s },
  );
}

export function andAll(nodes: FilterNode[]): FilterNode {
  const real = nodes.filter((n) => n.kind !== 'all');
  if (real.length === 0) return { kind: 'all' };
  return real.length === 1 ? (real[0] as FilterNode) : { kind: 'and', children: real };
}

/** Prints a tree back as a `filters` string (used by tests and generators). */
export function printFilter(node: FilterNode): string {
  const quote = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  switch (node.kind) {
    case 'all':
      return '';
    case 'and':
      return node.children.map((c) => `(${printFilter(c)})`).join(' AND ');
    case 'or':
      return node.children.map((c) => `(${printFilter(c)})`).join(' OR ');
    case 'not':
      return `NOT (${printFilter(node.child)})`;
    case 'facet':
      return `${quote(node.attribute)}:${quote(node.value)}`;
    case 'numeric':
      return `${quote(node.attribute)} ${node.op} ${node.value}`;
    case 'range':
      return `${quote(node.attribute)}:${node.low} TO ${node.high}`;
  }
}
