import {
  BLOG_SECTIONS,
  brandHref,
  brandLogo,
  type BlogCard,
  type BrandTile,
  type ContentLink,
  type ContentPage,
} from '@forecourt/shared-config/content';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Brand, Manufacturer, Model } from '@forecourt/data/stock-model';
import type { ContentDocument, ContentLibrary } from './content-library';

const HOME: ContentLink = { label: 'Home', href: '/' };
const BLOG: ContentLink = { label: 'Blog', href: '/blog' };
const sectionLabel = (slug: string): string => BLOG_SECTIONS.find((s) => s.slug === slug)?.label ?? slug;

function card(post: ContentDocument): BlogCard {
  return {
    heading: post.title,
    description: post.description,
    href: post.path,
    image: post.image ?? null,
    date: post.date ?? '',
    ...(post.own ? { dealerText: true } : {}),
  };
}

function tile(brand: Brand): BrandTile {
  return {
    title: brand.title,
    slug: brand.slug,
    category: brand.category,
    logo: brand.logo || brandLogo(brand.slug),
    href: brandHref({ slug: brand.slug, skipPage: brand.skip_page }),
  };
}

function fromDocument(document: ContentDocument, breadcrumbs: ContentLink[]): ContentPage {
  return {
    kind: document.kind === 'post' ? 'post' : 'page',
    path: document.path,
    title: document.title,
    description: document.description,
    breadcrumbs,
    html: document.html,
    ...(document.date ? { date: document.date } : {}),
    ...(document.image ? { image: document.image } : {}),
    ...(document.cta ? { cta: document.cta } : {}),
    ...(document.own ? { dealerText: true } : {}),
  };
}

/**
 * The content page a path is on a site, or null (not-found). Asked only for paths no remote
 * owns: a team's page always wins over a content file of the same address.
 *
 * - a Markdown page or post at the path;
 * - `/blog` (every post) and `/blog/{section}` (one section's; an empty section still has its page);
 * - `/brands` (the site's brands by category) and `/{brand}/overview` (a brand's banner,
 *   description and stock link, with the brand's Markdown body when it has one);
 * - `/{model slug}/accessories` for a model of the site's new range with accessories (spec: 'Models
 *   accessories list with a View Accessories button'): how many there are and how to get them.
 */
export async function resolveContent(
  library: ContentLibrary,
  tenant: TenantConfig,
  pathname: string,
  brands: () => Promise<Brand[]>,
  catalogue: () => Promise<Array<{ manufacturer: Manufacturer; model: Model }>> = async () => [],
): Promise<ContentPage | null> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const document = library.find(tenant.slug, path);
  if (document?.kind === 'post')
    return fromDocument(document, [
      HOME,
      BLOG,
      { label: sectionLabel(document.section ?? ''), href: `/blog/${document.section}` },
    ]);
  if (document?.kind === 'page') return fromDocument(document, [HOME]);

  const blog = /^\/blog(?:\/([a-z0-9-]+))?$/.exec(path);
  if (blog) {
    const posts = library.posts(tenant.slug);
    if (posts.length === 0) return null;
    const section = blog[1];
    if (section !== undefined && !BLOG_SECTIONS.some((s) => s.slug === section)) return null;
    const shown = section === undefined ? posts : library.posts(tenant.slug, section);
    const sections = BLOG_SECTIONS.filter((s) => posts.some((p) => p.section === s.slug)).map((s) => ({
      label: s.label,
      href: `/blog/${s.slug}`,
    }));
    return {
      kind: 'blog',
      path,
      title: section === undefined ? `${tenant.name} blog` : sectionLabel(section),
      description:
        section === undefined
          ? `Vehicle reviews, buyer advice and motoring tips from the team at ${tenant.name}.`
          : `${sectionLabel(section)} from the team at ${tenant.name}.`,
      breadcrumbs: section === undefined ? [HOME] : [HOME, BLOG],
      html: '',
      cards: shown.map(card),
      sections,
    };
  }

  const accessories = /^\/([a-z0-9-]+)\/accessories$/.exec(path);
  if (accessories) {
    const entry = (await catalogue()).find((e) => e.model.slug === accessories[1] && e.model.accessories_count > 0);
    if (!entry) return null;
    const name = `${entry.manufacturer.name} ${entry.model.name}`;
    const parts = library.find(tenant.slug, '/vehicle-parts-and-accessories');
    return {
      kind: 'page',
      path,
      title: `${name} accessories`,
      description: `${entry.model.accessories_count} genuine accessories for the ${name}, supplied and fitted by the ${tenant.name} parts team.`,
      breadcrumbs: [
        HOME,
        ...(parts ? [{ label: parts.title, href: parts.path }] : []),
        { label: 'New models', href: `/models?body=${encodeURIComponent(entry.model.body)}` },
      ],
      html: '',
      image: entry.model.image_url,
      cta: { label: 'Ask our parts team', href: '/contact' },
    };
  }

  if (tenant.brands.length === 0) return null;
  if (path === '/brands') {
    const rows = await brands();
    return {
      kind: 'brands',
      path,
      title: 'Our Brands',
      description: `The ${rows.length} brands ${tenant.name} sells and services: cars, motorcycles and trucks.`,
      breadcrumbs: [HOME],
      html: library.find(tenant.slug, '/brands')?.html ?? '',
      brands: rows.map(tile),
    };
  }
  const overview = /^\/([a-z0-9-]+)\/overview$/.exec(path);
  if (overview) {
    const brand = (await brands()).find((b) => b.slug === overview[1]);
    if (!brand || brand.skip_page) return null;
    const body = library.find(tenant.slug, path);
    return {
      kind: 'brand',
      path,
      title: body?.title ?? brand.title,
      description: body?.description ?? brand.description,
      breadcrumbs: [HOME, { label: 'Our Brands', href: '/brands' }],
      html: body?.html ?? '',
      image: brand.banner,
      cta: body?.cta ?? { label: `View ${brand.title} stock`, href: `/search/${brand.slug}` },
      brands: [tile(brand)],
    };
  }
  return null;
}
