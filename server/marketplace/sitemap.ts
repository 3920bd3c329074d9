import { and, asc, eq } from "drizzle-orm";
import { companies } from "../companies/schema.ts";
import { VersionReader } from "../db/data-version.ts";
import type { Database } from "../db/open.ts";

/**
 * sitemap.xml (docs/decisions/043-server-rendered-marketplace.md): the
 * public pages of the build, then every listed (published, active)
 * company's profile with its last change. A company drops out with the
 * write that unpublishes it: the document is kept per marketplace version,
 * which every write to companies raises.
 */

/** The sitemap protocol's limit per file; past it a sitemap index would be needed (not yet: decision 043). */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&apos;");

const urlEntry = (loc: string, lastmod?: Date): string =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod === undefined ? "" : `<lastmod>${lastmod.toISOString()}</lastmod>`}</url>`;

export class Sitemap {
  private readonly versions: VersionReader;
  private kept: { readonly version: number; readonly xml: string } | null = null;

  constructor(
    private readonly db: Database,
    private readonly appUrl: string,
    /** The build's indexed public pages (paths). */
    private readonly staticPaths: ReadonlyArray<string>,
  ) {
    this.versions = new VersionReader(db);
  }

  async xml(): Promise<string> {
    const version = await this.versions.read();
    if (this.kept?.version === version) return this.kept.xml;
    const listed = await this.db
      .select({ id: companies.id, updatedAt: companies.updatedAt })
      .from(companies)
      .where(and(eq(companies.isPublished, true), eq(companies.isActive, true)))
      .orderBy(asc(companies.id))
      .limit(SITEMAP_MAX_URLS - this.staticPaths.length);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...this.staticPaths.map((path) => urlEntry(`${this.appUrl}${path}`)),
      ...listed.map((company) => urlEntry(`${this.appUrl}/perfil-de-negocio/${company.id}`, company.updatedAt)),
      "</urlset>",
      "",
    ].join("\n");
    // A newer version may have been kept meanwhile by a concurrent request: never go back.
    if (this.kept === null || this.kept.version <= version) this.kept = { version, xml };
    return xml;
  }
}
