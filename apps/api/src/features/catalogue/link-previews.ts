import type { FastifyInstance } from 'fastify';
import type { AppError } from '../../lib/errors.ts';
import { CatalogueService } from './catalogue.service.ts';

/** What a link shared on WhatsApp or Facebook shows: the page's title, a line about it, an image. */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute address of the image, or null for none. */
  image: string | null;
  /** Absolute address of the page. */
  url: string;
}

const siteDescription =
  'MyProsper connects you to experienced professionals for personalised, affordable advice on demand.';
/** The home page's picture (a file of the web build). */
const homeImage = '/images/hero-640.webp';
const maxDescription = 200;

/** A text cut at a word near `max` characters, with an ellipsis when cut. */
function shorten(text: string, max = maxDescription): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/**
 * Link previews of the public pages (issue 26): a program (/topics/:id), a mentor (/advisors/:id), and the home
 * page for any other address (a program or mentor that is not public shows the home page's preview too: a
 * preview never says what the page would not show).
 */
export class LinkPreviews {
  constructor(
    private readonly catalogue: Pick<CatalogueService, 'getTopicDetails' | 'getAdvisorDetails'>,
    private readonly publicUrl: string,
  ) {}

  private absolute(path: string): string {
    return /^https?:\/\//.test(path) ? path : new URL(path, this.publicUrl).toString();
  }

  async of(path: string): Promise<LinkPreview> {
    const url = this.absolute(path.split('?')[0]!);
    const topic = /^\/topics\/(\d{1,9})$/.exec(path.split('?')[0]!);
    const mentor = /^\/advisors\/(\d{1,9})$/.exec(path.split('?')[0]!);
    try {
      if (topic) {
        const found = await this.catalogue.getTopicDetails(Number(topic[1]));
        return {
          title: `${found.name} · MyProsper`,
          description: shorten(found.tagLine || siteDescription),
          image: found.imgUrl ? this.absolute(found.imgUrl) : null,
          url,
        };
      }
      if (mentor) {
        const found = await this.catalogue.getAdvisorDetails(Number(mentor[1]));
        const about = [found.occupation, found.topics.map((t) => t.name).join(', ')]
          .filter(Boolean)
          .join(' · ');
        return {
          title: `${found.name}, mentor on MyProsper`,
          description: shorten(about || found.biography || siteDescription),
          image: found.profilePicUrl ? this.absolute(found.profilePicUrl) : null,
          url,
        };
      }
    } catch (error) {
      if ((error as AppError).code !== 'NOT_FOUND') throw error;
    }
    return { title: 'MyProsper', description: siteDescription, image: this.absolute(homeImage), url };
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;');
}

/**
 * index.html with the page's preview: its title and description, and the Open Graph and Twitter tags link
 * previews read, before </head>. Every value is escaped: names and lines are people's words.
 */
export function withLinkPreview(indexHtml: string, preview: LinkPreview): string {
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'MyProsper'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', preview.url],
    ...(preview.image ? [['og:image', preview.image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`)
    .concat(`<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}" />`)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" ?\/?>/,
      () => `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/** The app's link previews, reading the catalogue as its routes do (after the catalogue plugin). */
export function linkPreviewsOf(app: FastifyInstance): LinkPreviews {
  const catalogue = new CatalogueService(app.db.db, {
    timeZone: app.env.TIME_ZONE,
    searchLog: app.catalogue.searches,
  });
  return new LinkPreviews(catalogue, app.env.PUBLIC_URL);
}
