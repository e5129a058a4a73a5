import { commentParagraphs, COMMENTS_CUT_AT, shortComments } from './dealer-comments';

describe('dealer comments (spec: split on |, cut at 400 characters)', () => {
  it('splits on | into trimmed paragraphs, dropping empty ones', () => {
    expect(commentParagraphs(' One owner | Full service history || Two keys ')).toEqual([
      'One owner',
      'Full service history',
      'Two keys',
    ]);
  });

  it('shows comments of 400 characters or less whole, with no Show more', () => {
    const paragraphs = ['a'.repeat(200), 'b'.repeat(200)];
    expect(shortComments(paragraphs)).toEqual({ paragraphs, cut: false });
  });

  it('cuts longer comments within 400 characters, at a word, with an ellipsis', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const { paragraphs, cut } = shortComments([words]);
    expect(cut).toBe(true);
    expect(paragraphs[0]!.length).toBeLessThanOrEqual(COMMENTS_CUT_AT + 1);
    expect(paragraphs[0]).toMatch(/word\d+…$/);
  });

  it('counts the 400 characters across paragraphs', () => {
    const { paragraphs, cut } = shortComments(['a'.repeat(300), 'b'.repeat(50) + ' ' + 'c'.repeat(100)]);
    expect(cut).toBe(true);
    expect(paragraphs).toEqual(['a'.repeat(300), `${'b'.repeat(50)}…`]);
  });
});
