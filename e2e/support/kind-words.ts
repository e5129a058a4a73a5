import type { Page } from '@playwright/test';

/**
 * The words a site that does not sell cars with finance must not say in its own copy: a caravan
 * has no kilometres, fuel or drive, is not test driven or traded in online, and Coastal Caravans
 * switches finance off. What the dealer wrote (comments, descriptions, their business's name) is
 * theirs to word and is left out of the check: the product marks it with `data-dealer-text`.
 */
const KIND_WORDS = ['car', 'km', 'fuel', 'drive', 'trade in', 'test drive', 'roadside', 'finance'] as const;

/** The price text of a car that is not a preorder must never read PREORDER (spec: finance §4). */
const PREORDER_WORD = 'preorder';

/** How much text either side of a word an offence quotes. */
const CONTEXT_CHARS = 40;

/** The attribute the product puts on the element around text the dealer wrote. */
export const DEALER_TEXT_SELECTOR = '[data-dealer-text]';

export interface KindWordOffence {
  /** The word as the page wrote it ('Cars', "car's", 'Trade-in'). */
  word: string;
  /** The text around it, on one line. */
  context: string;
}

export interface KindWordOptions {
  /** The page is a car's own page and that car is not marked preorder: PREORDER is an offence there. */
  carNotPreorder?: boolean;
}

/**
 * A word of the list spoken as a whole word, any case, with its plural or possessive ('cars',
 * "car's"), a space or hyphen between two-word terms ('trade-in'): 'caravan' and 'CarPlay' are not 'car'.
 */
function wordPattern(words: readonly string[]): RegExp {
  const terms = words.map((word) => word.split(' ').join('[\\s-]+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.join('|')})(?:s|'s|\u2019s|s')?(?![\\p{L}\\p{N}])`, 'giu');
}

const KIND_PATTERN = wordPattern(KIND_WORDS);
const WITH_PREORDER_PATTERN = wordPattern([...KIND_WORDS, 'pre-order', PREORDER_WORD]);

/** Every listed word in `text` (a page's visible text, the dealer's own parts removed), with its context. */
export function kindWordOffences(text: string, options: KindWordOptions = {}): KindWordOffence[] {
  const pattern = new RegExp(options.carNotPreorder ? WITH_PREORDER_PATTERN : KIND_PATTERN);
  const offences: KindWordOffence[] = [];
  for (const match of text.matchAll(pattern)) {
    const start = Math.max(0, match.index - CONTEXT_CHARS);
    const end = Math.min(text.length, match.index + match[0].length + CONTEXT_CHARS);
    const context = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`
      .replace(/\s+/g, ' ')
      .trim();
    offences.push({ word: match[0], context });
  }
  return offences;
}

/**
 * What a shopper reads on the page as it is now: its title and the body's visible text, without
 * the elements the product marks as the dealer's own text. The marked elements are hidden for the
 * moment of reading (innerText leaves out what is not rendered), so exactly they are removed.
 */
export async function shopperText(page: Page): Promise<string> {
  return page.evaluate((selector) => {
    const style = document.createElement('style');
    style.textContent = `${selector} { display: none !important; }`;
    document.head.append(style);
    try {
      return `${document.title}\n${document.body.innerText}`;
    } finally {
      style.remove();
    }
  }, DEALER_TEXT_SELECTOR);
}

/** One line per offence, naming the page: what a failing check or the crawl prints. */
export function describeOffences(pageName: string, offences: readonly KindWordOffence[]): string {
  return offences.map((offence) => `${pageName}: '${offence.word}' in "${offence.context}"`).join('\n');
}

/**
 * Whether `pathname` is one of a car's own pages (`/cars/{slug}` and its checkout pages) whose car
 * is not marked preorder, as the vehicle API says; asked from this machine with the tenant
 * header, as node cannot resolve *.localhost. Any other page: false.
 */
export async function carNotPreorder(port: number, tenant: string, pathname: string): Promise<boolean> {
  const slug = /^\/cars\/([^/]+)/.exec(pathname)?.[1];
  if (!slug) return false;
  const response = await fetch(`http://127.0.0.1:${port}/api/vehicle/cars/${slug}`, {
    headers: { 'x-forecourt-tenant': tenant },
  });
  if (!response.ok) return false;
  const { car } = (await response.json()) as { car: { preorder: boolean } };
  return !car.preorder;
}
