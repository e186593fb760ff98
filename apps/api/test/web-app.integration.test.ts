import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvisor, createTopic } from '../src/db/seed/factories.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// A web build as Vite writes it (apps/web/vite.config.ts): hashed assets, index.html, public files, and a .br
// and .gz beside each text file.
const indexHtml = `<!doctype html><html lang="en"><head><title>MyProsper</title>${'<meta name="x">'.repeat(80)}</head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`;
const script = `export const answer = ${JSON.stringify('the app code '.repeat(200))};\n`;

function writeWithCompressedCopies(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'myprosper-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'images'));
  writeWithCompressedCopies(join(dist, 'index.html'), indexHtml);
  writeWithCompressedCopies(join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dist, 'images', 'hero-640.webp'), Buffer.from('RIFF0000WEBPVP8 '));
  ctx = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const immutable = 'public, max-age=31536000, immutable';

describe('the web build, served by the API', () => {
  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that asks for neither', async () => {
    const gzipped = await ctx.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe(immutable);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await ctx.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(script);
  });

  it('sends index.html for a page path, compressed, to be checked again on every visit', async () => {
    for (const url of ['/', '/topics/3', '/index.html']) {
      const response = await ctx.app.inject({
        url,
        headers: { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const body = brotliDecompressSync(response.rawPayload).toString();
      // The build's page; a page path's has its link preview's tags in the head (below), the body as built.
      if (url === '/index.html') expect(body, url).toBe(indexHtml);
      else {
        expect(body, url).toContain('<meta property="og:title" content="MyProsper" />');
        expect(body.slice(body.indexOf('</head>')), url).toBe(indexHtml.slice(indexHtml.indexOf('</head>')));
      }
    }
  });

  it('keeps a public file that is not hashed for a day only', async () => {
    const response = await ctx.app.inject({ url: '/images/hero-640.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-Missing1.js',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

/** The Open Graph tags of a page's head, by property. */
function openGraph(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta property="og:([a-z_]+)" content="([^"]*)" \/>/g)) {
    tags[match[1]!] = match[2]!;
  }
  return tags;
}

describe('link previews of shared pages (issue 26)', () => {
  it('answers a program, a mentor and the home page with their title, line and image to a fetcher asking for anything', async () => {
    const topic = await createTopic(ctx.database.db, {
      name: 'Career Growth <Nairobi> & "more"',
      tagLine: 'Grow at work',
    });
    const mentor = await createAdvisor(ctx.database.db, { name: 'Grace Wambui', topicIds: [topic.id] });
    const cases = [
      {
        url: `/topics/${topic.id}`,
        title: 'Career Growth &lt;Nairobi&gt; &amp; &quot;more&quot; · MyProsper',
        description: 'Grow at work',
        image: 'http://localhost:3000/images/topics/career-growth.svg',
      },
      {
        url: `/advisors/${mentor.id}`,
        title: 'Grace Wambui, mentor on MyProsper',
        description: `Consultant · Career Growth &lt;Nairobi&gt; &amp; &quot;more&quot;`,
        image: 'http://localhost:3000/images/mentors/m01.svg',
      },
      { url: '/', title: 'MyProsper', image: 'http://localhost:3000/images/hero-640.webp' },
      // No such program: the home page's preview, never a word of a page that does not exist.
      { url: '/topics/999999', title: 'MyProsper' },
    ];
    for (const expected of cases) {
      for (const accept of ['*/*', undefined]) {
        const response = await ctx.app.inject({ url: expected.url, headers: accept ? { accept } : {} });
        expect(response.statusCode, expected.url).toBe(200);
        expect(response.headers['content-type'], expected.url).toContain('text/html');
        const tags = openGraph(response.body);
        expect(tags.title, expected.url).toBe(expected.title);
        expect(tags.url, expected.url).toBe(`http://localhost:3000${expected.url}`);
        if (expected.description) expect(tags.description, expected.url).toBe(expected.description);
        if (expected.image) expect(tags.image, expected.url).toBe(expected.image);
        expect(response.body).toContain(`<title>${expected.title}</title>`);
        expect(response.body).toContain('<div id="root"></div>');
      }
    }
  });

  it('answers a browser the page for an address whose last part has a dot (a signed link)', async () => {
    const response = await ctx.app.inject({
      url: '/verify-email/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.xyz',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('still answers JSON 404 to a caller asking for JSON, and for file names and the API', async () => {
    for (const [url, accept] of [
      ['/topics/3', 'application/json'],
      ['/robots.txt', '*/*'],
      ['/myprosper/api/nothing-here', '*/*'],
      ['/dev/nothing', '*/*'],
    ] as const) {
      const response = await ctx.app.inject({ url, headers: { accept } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });
});
