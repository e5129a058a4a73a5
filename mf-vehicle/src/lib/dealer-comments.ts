/**
 * Dealer comments on the vehicle page. Spec: cut at 400 characters with show more / show less,
 * split on '|' into paragraphs; no comments read 'Dealer comments are pending. Please check back
 * here later.'
 */
export const COMMENTS_CUT_AT = 400;
export const COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

/** The comments as paragraphs: split on '|', each trimmed, empty ones dropped. */
export function commentParagraphs(text: string): string[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The paragraphs a shopper sees before 'Show more': the first 400 characters of the comments
 * (counted over the paragraphs' text), the last one cut at a word with an ellipsis. `cut` says
 * whether anything was left out (and so whether 'Show more' is offered).
 */
export function shortComments(
  paragraphs: readonly string[],
  limit: number = COMMENTS_CUT_AT,
): { paragraphs: string[]; cut: boolean } {
  const shown: string[] = [];
  let left = limit;
  for (const paragraph of paragraphs) {
    if (paragraph.length <= left) {
      shown.push(paragraph);
      left -= paragraph.length;
      continue;
    }
    const head = paragraph.slice(0, left);
    const atWord = head.lastIndexOf(' ') > 0 ? head.slice(0, head.lastIndexOf(' ')) : head;
    if (atWord.trim()) shown.push(`${atWord.trimEnd()}…`);
    return { paragraphs: shown, cut: true };
  }
  return { paragraphs: shown, cut: false };
}
