import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTenantConfig, type TenantConfig } from '@forecourt/shared-config/tenant';
import { InvalidContentError, loadContent } from './content-library';

const site = (slug: string, name: string, brands: TenantConfig['brands'] = []): TenantConfig =>
  parseTenantConfig(
    {
      slug,
      name,
      kind: brands.length ? 'dealer-group' : 'used-only',
      logo: { text: 'X', alt: name },
      theme: { primary: '#123456', accent: '#abcdef' },
      contact: { phone: '(07) 3555 0199', city: 'Brisbane', state: 'QLD' },
      brands,
    },
    slug,
  );
const summit = site('summit', 'Summit Auto Group', [{ title: 'Ford', slug: 'ford', category: 'car', skipPage: false }]);
const redgum = site('redgum', 'Redgum Used Cars');
const coastal = parseTenantConfig(
  {
    slug: 'coastal',
    name: 'Coastal Caravans',
    kind: 'caravan',
    logo: { text: 'CC', alt: 'Coastal' },
    theme: { primary: '#123456', accent: '#abcdef' },
    contact: { phone: '(07) 4100 0123', city: 'Hervey Bay', state: 'QLD' },
    search: { carTypes: ['new', 'used'], itemNoun: 'caravan' },
  },
  'coastal',
);

/** The folders the tests made, removed when they end. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A content folder with the given files (relative path -> text). */
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const page = (front: string, body = 'Body text.') => `---\n${front}\n---\n${body}\n`;
const ok = page('title: About us\ndescription: Who we are.');

async function problemsOf(
  files: Record<string, string>,
): Promise<Array<{ file: string; field: string; reason: string }>> {
  try {
    await loadContent(folder(files), [summit, redgum]);
  } catch (error) {
    if (error instanceof InvalidContentError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('content pages: where a file lives is its address', () => {
  it('serves a page at its file name, a two-level page, and a post under its section', async () => {
    const library = await loadContent(
      folder({
        'summit/about-us.md': ok,
        'summit/pages/warranty.md': page('title: Warranty\ndescription: Cover.'),
        'summit/blog/buyer-advice/first-car.md': page('title: First car\ndescription: A checklist.\ndate: 2026-03-01'),
      }),
      [summit],
    );
    expect(library.paths('summit').sort()).toEqual(['/about-us', '/blog/buyer-advice/first-car', '/pages/warranty']);
    expect(library.find('summit', '/blog/buyer-advice/first-car')).toMatchObject({
      kind: 'post',
      section: 'buyer-advice',
      date: '2026-03-01',
      title: 'First car',
    });
  });

  it('gives every site an _all page unless the site has its own of that name', async () => {
    const library = await loadContent(
      folder({
        '_all/privacy-policy.md': page('title: Privacy policy\ndescription: How {{site.name}} handles your details.'),
        '_all/faqs.md': page('title: FAQs\ndescription: Questions.'),
        'redgum/faqs.md': page('title: Redgum FAQs\ndescription: Our questions.'),
      }),
      [summit, redgum],
    );
    expect(library.find('summit', '/privacy-policy')?.description).toBe('How Summit Auto Group handles your details.');
    expect(library.find('redgum', '/privacy-policy')?.description).toBe('How Redgum Used Cars handles your details.');
    expect([library.find('summit', '/faqs')?.title, library.find('redgum', '/faqs')?.title]).toEqual([
      'FAQs',
      'Redgum FAQs',
    ]);
  });

  it('gives a site its kind’s version of a shared page over the one every site has, and its own over both', async () => {
    const library = await loadContent(
      folder({
        '_all/faqs.md': page('title: FAQs\ndescription: Questions about cars.'),
        '_caravan/faqs.md': page('title: FAQs\ndescription: Questions about caravans.'),
        '_caravan/privacy-policy.md': page('title: Privacy\ndescription: Caravan privacy.'),
        'coastal/privacy-policy.md': page('title: Our privacy\ndescription: Our own.'),
      }),
      [summit, coastal],
    );
    expect([library.find('summit', '/faqs')?.description, library.find('coastal', '/faqs')?.description]).toEqual([
      'Questions about cars.',
      'Questions about caravans.',
    ]);
    expect([
      library.find('summit', '/privacy-policy'),
      library.find('coastal', '/privacy-policy')?.description,
    ]).toEqual([undefined, 'Our own.']);
  });

  it('says which pages are the site’s own, the dealer’s words, and which the platform’s', async () => {
    const library = await loadContent(
      folder({
        '_all/faqs.md': ok,
        '_caravan/privacy-policy.md': ok,
        'coastal/about-us.md': ok,
        'coastal/blog/buyer-advice/towing.md': page('title: Towing\ndescription: x\ndate: 2026-03-01'),
      }),
      [coastal],
    );
    expect(
      ['/faqs', '/privacy-policy', '/about-us', '/blog/buyer-advice/towing'].map(
        (p) => library.find('coastal', p)?.own,
      ),
    ).toEqual([false, false, true, true]);
  });

  it('refuses a folder that is neither a site, _all nor a site kind’s', async () => {
    expect(await problemsOf({ '_boats/faqs.md': ok })).toEqual([
      expect.objectContaining({ file: '_boats/', field: '(folder)' }),
    ]);
  });

  it('orders a section’s posts newest first', async () => {
    const library = await loadContent(
      folder({
        'summit/blog/motoring-tips/older.md': page('title: Older\ndescription: x\ndate: 2026-01-05'),
        'summit/blog/motoring-tips/newer.md': page('title: Newer\ndescription: x\ndate: 2026-06-30'),
        'summit/blog/buyer-advice/other.md': page('title: Other\ndescription: x\ndate: 2026-09-01'),
      }),
      [summit],
    );
    expect(library.posts('summit', 'motoring-tips').map((p) => p.title)).toEqual(['Newer', 'Older']);
    expect(library.posts('summit').map((p) => p.title)).toEqual(['Other', 'Newer', 'Older']);
  });

  it('leaves a draft off the site', async () => {
    const library = await loadContent(
      folder({ 'summit/eofy.md': page('title: EOFY\ndescription: Soon.\ndraft: true') }),
      [summit],
    );
    expect(library.find('summit', '/eofy')).toBeUndefined();
  });

  it('has no pages when there is no content folder', async () => {
    const library = await loadContent(path.join(os.tmpdir(), 'no-such-content-folder'), [summit]);
    expect(library.paths('summit')).toEqual([]);
  });
});

describe('content pages: rendering the Markdown', () => {
  it('renders Markdown to HTML', async () => {
    const library = await loadContent(
      folder({
        'summit/about-us.md': page('title: About\ndescription: x', '## Our story\n\nSince **1994**.\n\n- one\n- two'),
      }),
      [summit],
    );
    expect(library.find('summit', '/about-us')?.html).toBe(
      '<h2>Our story</h2>\n<p>Since <strong>1994</strong>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it('shows raw HTML in a page as text, so a page cannot put a script on the site', async () => {
    const library = await loadContent(
      folder({ 'summit/about-us.md': page('title: About\ndescription: x', '<script>alert(1)</script>') }),
      [summit],
    );
    expect(library.find('summit', '/about-us')?.html).not.toContain('<script>');
    expect(library.find('summit', '/about-us')?.html).toContain('&#60;script&#62;');
  });

  it('fills the site values into the body', async () => {
    const library = await loadContent(
      folder({ '_all/faqs.md': page('title: FAQs\ndescription: x', 'Call {{site.phone}} in {{ site.city }}.') }),
      [summit],
    );
    expect(library.find('summit', '/faqs')?.html).toBe('<p>Call (07) 3555 0199 in Brisbane.</p>\n');
  });
});

describe('content pages: checked at start, every problem named with its file and field', () => {
  it.each([
    [
      'a missing title',
      { 'summit/about-us.md': page('description: x') },
      { file: 'summit/about-us.md', field: 'title' },
    ],
    [
      'a description over 200 characters',
      { 'summit/about-us.md': page(`title: About\ndescription: ${'x'.repeat(201)}`) },
      { file: 'summit/about-us.md', field: 'description' },
    ],
    [
      'an unknown front matter field',
      { 'summit/about-us.md': page('title: About\ndescription: x\nauthor: Sam') },
      { file: 'summit/about-us.md', field: '(front matter)' },
    ],
    [
      'no front matter',
      { 'summit/about-us.md': 'Just text' },
      {
        file: 'summit/about-us.md',
        field: '(front matter)',
        reason: 'must start with front matter between two --- lines',
      },
    ],
    [
      'front matter that is not YAML',
      { 'summit/about-us.md': page('title: [unclosed') },
      { file: 'summit/about-us.md', field: '(front matter)' },
    ],
    [
      'a post without its date',
      { 'summit/blog/buyer-advice/a.md': ok },
      { file: 'summit/blog/buyer-advice/a.md', field: 'date', reason: 'a post needs its date' },
    ],
    [
      'a date that is not a date',
      { 'summit/blog/buyer-advice/a.md': page('title: A\ndescription: x\ndate: 2026-02-31') },
      { field: 'date', reason: 'must be a real date' },
    ],
    [
      'a post outside the blog’s sections',
      { 'summit/blog/gossip/a.md': page('title: A\ndescription: x\ndate: 2026-01-01') },
      { field: '(file name)' },
    ],
    ['a file name with capitals', { 'summit/About-Us.md': ok }, { field: '(file name)' }],
    ['a page three levels deep', { 'summit/pages/a/b.md': ok }, { field: '(file name)' }],
    [
      'a brand the site does not sell',
      { 'summit/brands/holden.md': ok },
      { field: '(file name)', reason: "'holden' is not one of the site's brands" },
    ],
    [
      'a second level-1 heading',
      { 'summit/about-us.md': page('title: About\ndescription: x', '# About us') },
      { field: '(body)' },
    ],
    [
      'a javascript: link',
      { 'summit/about-us.md': page('title: About\ndescription: x', '[click](javascript:alert(1))') },
      { field: '(body)' },
    ],
    [
      'an unknown site value',
      { 'summit/about-us.md': page('title: About\ndescription: x', 'Hi {{site.owner}}') },
      { field: '(body)' },
    ],
    ['a folder that is no site', { 'nobody/about-us.md': ok }, { file: 'nobody/', field: '(folder)' }],
    [
      'a picture that is not a site path',
      { 'summit/about-us.md': page('title: About\ndescription: x\nimage: https://elsewhere.example/x.jpg') },
      { field: 'image' },
    ],
  ])('refuses %s', async (_, files, expected) => {
    expect(await problemsOf(files)).toContainEqual(expect.objectContaining(expected));
  });

  it('reports every broken file at once, an _all file once however many sites read it', async () => {
    const problems = await problemsOf({
      '_all/faqs.md': page('description: x'),
      'summit/about-us.md': 'no front matter',
      'redgum/about-us.md': ok,
    });
    expect(problems.map((p) => p.file)).toEqual(['_all/faqs.md', 'summit/about-us.md']);
  });
});
