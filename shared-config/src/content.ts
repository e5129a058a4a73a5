/**
 * The content pages no domain team owns (blog, legal, the dealer's own pages, brand pages): what
 * the server finds for a path and the shell renders in its main area. The dealer's marketer
 * writes them as Markdown files with front matter; the platform checks them at start and turns
 * them into this shape, so the page carries no Markdown parser.
 */

export interface ContentLink {
  label: string;
  href: string;
}

/** Spec: 'Blog card: heading, description, href, image, date'. */
export interface BlogCard {
  heading: string;
  description: string;
  href: string;
  /** A site path of the card's picture, or null. */
  image: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The post is the dealer's own (the site's content folder): its heading and description are the dealer's words. */
  dealerText?: boolean;
}

/** A brand as a tile: spec 'Brand entry: title, slug, logo, banner, description, skipPage'. */
export interface BrandTile {
  title: string;
  slug: string;
  category: 'car' | 'motorcycle' | 'truck';
  logo: string;
  /** The brand's overview page, or its stock where the brand skips the page (skipPage). */
  href: string;
}

export type ContentKind = 'page' | 'post' | 'blog' | 'brands' | 'brand';

export interface ContentPage {
  kind: ContentKind;
  /** The path the page answers (without query). */
  path: string;
  title: string;
  /** One or two sentences: the meta description and the lead paragraph. */
  description: string;
  /** Home first, the current page not included (it is the title). */
  breadcrumbs: ContentLink[];
  /** The body, rendered from Markdown on the server (raw HTML in the source is shown as text). */
  html: string;
  /** A post's date ('YYYY-MM-DD'). */
  date?: string;
  /** A banner or a post's picture. */
  image?: string | null;
  /** A call to action under the body. */
  cta?: ContentLink;
  /** A blog index's posts, newest first. */
  cards?: BlogCard[];
  /** The blog's sections, for a blog index's navigation. */
  sections?: ContentLink[];
  /** The brands page's tiles, or the one brand of a brand page. */
  brands?: BrandTile[];
  /**
   * The page is the dealer's own (a file in the site's content folder, not a platform page every
   * site shares): its title, lead, body and call to action are the dealer's words, which the
   * page marks as such (`data-dealer-text`) for the checks of the platform's own copy.
   */
  dealerText?: boolean;
}

/** The blog's sections. Spec: '/blog/vehicle-reviews (plus external blog sections buyer-advice, motoring-tips, servicing-insights, 4x4xmore-adventures)'. */
export const BLOG_SECTIONS = [
  { slug: 'vehicle-reviews', label: 'Vehicle reviews' },
  { slug: 'buyer-advice', label: 'Buyer advice' },
  { slug: 'motoring-tips', label: 'Motoring tips' },
  { slug: 'servicing-insights', label: 'Servicing insights' },
  { slug: '4x4xmore-adventures', label: '4x4xmore adventures' },
] as const;
export type BlogSection = (typeof BLOG_SECTIONS)[number]['slug'];

/** Spec: the group landing's 'stats banner: 50+ locations, 40+ brands, 30+ years'. */
export const GROUP_STATS = [
  { figure: '50+', label: 'locations' },
  { figure: '40+', label: 'brands' },
  { figure: '30+', label: 'years' },
] as const;

/** Spec: the brand mega-menu's columns 'Car, Motorcycle, Truck, Our Brands'. */
export const BRAND_CATEGORIES = [
  { category: 'car', label: 'Car' },
  { category: 'motorcycle', label: 'Motorcycle' },
  { category: 'truck', label: 'Truck' },
] as const;

/** Where a brand's tile and menu entry lead: its overview page, or its stock when it skips the page. */
export function brandHref(brand: { slug: string; skipPage: boolean }): string {
  return brand.skipPage ? `/search/${encodeURIComponent(brand.slug)}` : `/${encodeURIComponent(brand.slug)}/overview`;
}

/** A brand's logo as the platform's media serves it. */
export const brandLogo = (slug: string): string => `/media/brands/${encodeURIComponent(slug)}.jpg?w=200`;
