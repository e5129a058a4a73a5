import fs from 'node:fs/promises';
import path from 'node:path';
import { Marked, type Token } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { BLOG_SECTIONS, type ContentLink } from '@forecourt/shared-config/content';
import { SITE_KINDS, type TenantConfig } from '@forecourt/shared-config/tenant';

/**
 * The dealers' content pages: Markdown files with YAML front matter that a marketer edits, one
 * folder per site (`content/<site slug>/`) and `content/_all/` for pages every site has (legal,
 * FAQs) unless the site has its own file of the same name. Between the two, `content/_<kind>/`
 * (`_caravan/faqs.md`) holds the platform's version of a shared page for every site of one kind:
 * a caravan yard's FAQs cannot be a car dealer's with the noun swapped (no test drive, km or fuel
 * to speak of), so a kind whose words differ gets its own file rather than conditions in one. The file's place is its address:
 * `about-us.md` is /about-us, `pages/warranty.md` is /pages/warranty,
 * `blog/buyer-advice/first-car.md` a post at /blog/buyer-advice/first-car, `brands/ford.md` the
 * body of the Ford overview page. The whole folder is checked when the server starts, so a
 * broken page stops the start naming its file, field and reason, as a broken tenant does.
 */

const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SECTIONS = new Set<string>(BLOG_SECTIONS.map((s) => s.slug));
/** The site values a page may name, written `{{site.name}}`: the same page then reads right on every site. */
const PLACEHOLDERS: Record<string, (tenant: TenantConfig) => string> = {
  'site.name': (t) => t.name,
  'site.phone': (t) => t.contact.phone,
  'site.city': (t) => t.contact.city,
  'site.state': (t) => t.contact.state,
};
const SITE_PATH = /^\/[^\s/]/;
/** The platform's folders beside the sites' own: every site's pages, and each site kind's. */
const PLATFORM_FOLDERS: readonly string[] = ['_all', ...SITE_KINDS.map((kind) => `_${kind}`)];
const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/;

const FrontMatterSchema = z
  .object({
    /** The page's heading and title (the site's name is added to the window title). */
    title: z.string().trim().min(1).max(90),
    /** The meta description and the lead paragraph. */
    description: z.string().trim().min(1).max(200),
    /** A post's date; also orders the blog. */
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-03-31')
      .refine(
        (value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().slice(0, 10) === value,
        'must be a real date',
      )
      .optional(),
    /** A banner or a post's picture: a path on the site. */
    image: z.string().regex(SITE_PATH, 'must be a path on the site, such as /media/blog/x.jpg').optional(),
    cta: z
      .object({
        label: z.string().trim().min(1).max(40),
        href: z.string().regex(SAFE_HREF, 'must be a site path or an http(s) address'),
      })
      .strict()
      .optional(),
    /** Kept out of the site (written but not published). */
    draft: z.boolean().default(false),
  })
  .strict();

export interface ContentDocument {
  kind: 'page' | 'post' | 'brand';
  path: string;
  title: string;
  description: string;
  html: string;
  date?: string;
  image?: string;
  cta?: ContentLink;
  /** A post's blog section. */
  section?: string;
  /** The file it came from, relative to the content folder. */
  source: string;
  /** The file is in the site's own folder, not a platform page (`_all`, `_<kind>`): the dealer's own words. */
  own: boolean;
}

export interface ContentProblem {
  file: string;
  field: string;
  reason: string;
}

export class InvalidContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`Content pages are invalid:\n${problems.map((p) => `  ${p.file}: ${p.field}: ${p.reason}`).join('\n')}`);
    this.name = 'InvalidContentError';
  }
}

/** Raw HTML in a page is shown as text: the marketer's Markdown cannot put a script on the site. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const markdown = new Marked({ gfm: true, renderer: { html: ({ text }) => escapeHtml(text) } });

/** Front matter and body of a file; the fence is the one every static site tool uses. */
function splitFrontMatter(text: string): { data: unknown; body: string } | string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return 'must start with front matter between two --- lines';
  try {
    return { data: parseYaml(match[1] ?? '') ?? {}, body: match[2] ?? '' };
  } catch (error) {
    return `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** The site's values in place of `{{site.*}}`; an unknown name is a problem, not a blank. */
function fillPlaceholders(text: string, tenant: TenantConfig, unknown: Set<string>): string {
  return text.replace(/\{\{\s*([a-z.]+)\s*\}\}/g, (whole, name: string) => {
    const value = PLACEHOLDERS[name];
    if (!value) {
      unknown.add(name);
      return whole;
    }
    return value(tenant);
  });
}

/** What a file's place says it is, or a reason it cannot be placed. */
function placeOf(
  relative: string,
  tenant: TenantConfig | null,
): { kind: ContentDocument['kind']; path: string; section?: string } | string {
  const segments = relative.replace(/\.md$/, '').split('/');
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) return `'${bad}' is not a page name: lower-case letters, digits and single hyphens`;
  if (segments[0] === 'blog') {
    if (segments.length !== 3) return 'a post lives at blog/<section>/<post>.md';
    if (!SECTIONS.has(segments[1]!)) return `'${segments[1]}' is not a blog section (${[...SECTIONS].join(', ')})`;
    return { kind: 'post', path: `/${segments.join('/')}`, section: segments[1]! };
  }
  if (segments[0] === 'brands') {
    if (segments.length !== 2) return 'a brand page lives at brands/<brand slug>.md';
    if (tenant && !tenant.brands.some((b) => b.slug === segments[1]))
      return `'${segments[1]}' is not one of the site's brands`;
    if (!tenant) return 'brand pages belong to one site, not _all';
    return { kind: 'brand', path: `/${segments[1]}/overview` };
  }
  if (segments.length > 2) return 'pages are at most two levels deep (about-us.md, pages/warranty.md)';
  if (segments.at(-1) === 'index') return "name the page itself: 'index' is not an address";
  return { kind: 'page', path: `/${segments.join('/')}` };
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** One file for one site: the document, or its problems. */
function readDocument(
  text: string,
  relative: string,
  source: string,
  tenant: TenantConfig,
): ContentDocument | ContentProblem[] | null {
  const place = placeOf(relative, tenant);
  if (typeof place === 'string') return [{ file: source, field: '(file name)', reason: place }];
  const split = splitFrontMatter(text);
  if (typeof split === 'string') return [{ file: source, field: '(front matter)', reason: split }];
  const parsed = FrontMatterSchema.safeParse(split.data);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      file: source,
      field: issue.path.length ? issue.path.join('.') : '(front matter)',
      reason: issue.message,
    }));
  }
  const meta = parsed.data;
  if (meta.draft) return null;
  const problems: ContentProblem[] = [];
  if (place.kind === 'post' && !meta.date)
    problems.push({ file: source, field: 'date', reason: 'a post needs its date' });
  const unknown = new Set<string>();
  const body = fillPlaceholders(split.body, tenant, unknown);
  const title = fillPlaceholders(meta.title, tenant, unknown);
  const description = fillPlaceholders(meta.description, tenant, unknown);
  for (const name of unknown)
    problems.push({
      file: source,
      field: '(body)',
      reason: `{{${name}}} is not a site value (${Object.keys(PLACEHOLDERS).join(', ')})`,
    });
  const tokens = markdown.lexer(body);
  markdown.walkTokens(tokens, (token: Token) => {
    // The title is the page's one level-1 heading; sections start at ##.
    if (token.type === 'heading' && token.depth === 1)
      problems.push({
        file: source,
        field: '(body)',
        reason: `'# ${token.text}' is a second page heading: start sections with ##`,
      });
    if ((token.type === 'link' || token.type === 'image') && !SAFE_HREF.test(token.href)) {
      problems.push({
        file: source,
        field: '(body)',
        reason: `link '${token.href}' must be a site path or an http(s), mailto or tel address`,
      });
    }
  });
  if (problems.length) return problems;
  return {
    kind: place.kind,
    path: place.path,
    title,
    description,
    html: markdown.parser(tokens),
    ...(meta.date ? { date: meta.date } : {}),
    ...(meta.image ? { image: meta.image } : {}),
    ...(meta.cta ? { cta: meta.cta } : {}),
    ...(place.section ? { section: place.section } : {}),
    source,
    own: !source.startsWith('_'),
  };
}

/** The content folder's files, read once: each site's pages are built from them (`ContentSource.site`). */
export class ContentSource {
  constructor(
    readonly folders: readonly string[],
    private readonly shared: ReadonlyArray<{ relative: string; text: string }>,
    private readonly byKind: ReadonlyMap<string, ReadonlyArray<{ relative: string; text: string }>>,
    private readonly own: ReadonlyMap<string, ReadonlyArray<{ relative: string; text: string }>>,
  ) {}

  /** One site's pages from the files: its own file wins, then its kind's, then the page every site has. */
  site(tenant: TenantConfig): { pages: Map<string, ContentDocument>; problems: ContentProblem[] } {
    const problems: ContentProblem[] = [];
    const own = this.own.get(tenant.slug) ?? [];
    const kindFiles = this.byKind.get(tenant.kind) ?? [];
    const ownNames = new Set(own.map((f) => f.relative));
    const kindNames = new Set(kindFiles.map((f) => f.relative));
    const pages = new Map<string, ContentDocument>();
    const files = [
      ...this.shared
        .filter((f) => !ownNames.has(f.relative) && !kindNames.has(f.relative))
        .map((f) => ({ ...f, source: `_all/${f.relative}` })),
      ...kindFiles
        .filter((f) => !ownNames.has(f.relative))
        .map((f) => ({ ...f, source: `_${tenant.kind}/${f.relative}` })),
      ...own.map((f) => ({ ...f, source: `${tenant.slug}/${f.relative}` })),
    ];
    for (const file of files) {
      // A shared page is read once per site (its placeholders differ); its problems are reported once.
      const document = readDocument(file.text, file.relative, file.source, tenant);
      if (Array.isArray(document)) {
        for (const problem of document)
          if (!problems.some((p) => p.file === problem.file && p.reason === problem.reason)) problems.push(problem);
      } else if (document) pages.set(document.path, document);
    }
    return { pages, problems };
  }
}

/** Every site's content pages by address. */
export class ContentLibrary {
  constructor(
    private readonly sites: Map<string, ReadonlyMap<string, ContentDocument>>,
    /** The files the pages were built from: a site whose settings change is built again from them. */
    private readonly source: ContentSource | null = null,
  ) {}

  /**
   * Builds one site's pages again, from the files read at start, after its settings changed
   * (its name, phone or kind are in its pages) or when a tenant is created. A site whose pages
   * now have problems keeps the pages it had, and the problems are returned to be logged.
   */
  refresh(tenant: TenantConfig): ContentProblem[] {
    if (!this.source) return [];
    const { pages, problems } = this.source.site(tenant);
    if (problems.length === 0) this.sites.set(tenant.slug, pages);
    return problems;
  }

  /** The page or post at a path ('/about-us'), or the body of a brand page ('/ford/overview'). */
  find(tenant: string, pathname: string): ContentDocument | undefined {
    return this.sites.get(tenant)?.get(pathname);
  }

  /** The site's posts, newest first; one section's when given. */
  posts(tenant: string, section?: string): ContentDocument[] {
    const all = [...(this.sites.get(tenant)?.values() ?? [])].filter(
      (d) => d.kind === 'post' && (section === undefined || d.section === section),
    );
    return all.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.title.localeCompare(b.title));
  }

  /** Every address the site's content answers (pages and posts), for the sitemap. */
  paths(tenant: string): string[] {
    return [...(this.sites.get(tenant)?.values() ?? [])].filter((d) => d.kind !== 'brand').map((d) => d.path);
  }
}

/** Reads the content folder's files; a missing folder is no content. */
export async function readContentSource(dir: string): Promise<ContentSource> {
  let folders: string[];
  try {
    folders = (await fs.readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new ContentSource([], [], new Map(), new Map());
    throw error;
  }
  const shared = folders.includes('_all') ? await readFiles(path.join(dir, '_all')) : [];
  const byKind = new Map<string, Array<{ relative: string; text: string }>>();
  for (const kind of SITE_KINDS)
    if (folders.includes(`_${kind}`)) byKind.set(kind, await readFiles(path.join(dir, `_${kind}`)));
  const own = new Map<string, Array<{ relative: string; text: string }>>();
  for (const folder of folders)
    if (!PLATFORM_FOLDERS.includes(folder)) own.set(folder, await readFiles(path.join(dir, folder)));
  return new ContentSource(folders, shared, byKind, own);
}

/**
 * Reads and checks the content folder for the given sites. Every problem of every file is
 * collected before throwing, so one start shows them all. A missing folder means no content.
 * A folder named for no site is refused (a typo would leave a dealer's pages unserved) unless
 * `unknownFolders` is 'allow': tenants are rows, and a site's folder may come before its row.
 */
export async function loadContent(
  dir: string,
  tenants: readonly TenantConfig[],
  options: { unknownFolders?: 'refuse' | 'allow' } = {},
): Promise<ContentLibrary> {
  const source = await readContentSource(dir);
  const problems: ContentProblem[] = [];
  const known = new Map(tenants.map((t) => [t.slug, t]));
  if (options.unknownFolders !== 'allow')
    for (const folder of source.folders) {
      if (!PLATFORM_FOLDERS.includes(folder) && !known.has(folder)) {
        problems.push({
          file: `${folder}/`,
          field: '(folder)',
          reason: `'${folder}' is not a site (${[...known.keys()].join(', ')}), _all or a site kind's folder (${SITE_KINDS.map((kind) => `_${kind}`).join(', ')})`,
        });
      }
    }
  const sites = new Map<string, ReadonlyMap<string, ContentDocument>>();
  for (const tenant of tenants) {
    const site = source.site(tenant);
    for (const problem of site.problems)
      if (!problems.some((p) => p.file === problem.file && p.reason === problem.reason)) problems.push(problem);
    sites.set(tenant.slug, site.pages);
  }
  if (problems.length) throw new InvalidContentError(problems);
  return new ContentLibrary(sites, source);
}

async function readFiles(dir: string): Promise<Array<{ relative: string; text: string }>> {
  const names = await markdownFiles(dir);
  return Promise.all(
    names.map(async (relative) => ({ relative, text: await fs.readFile(path.join(dir, relative), 'utf8') })),
  );
}
