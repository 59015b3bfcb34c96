import { errorCatalogue, errorCodes } from "../../infra/error-catalogue.js";
import { blocks } from "./markdown.js";
import { operationHref, tagHref } from "./layout.js";
import { type Operation, type ReferenceDocument, readReference } from "./model.js";
import { ErrorsPage, GuidePage, IndexPage, NotFoundPage, OperationPage, type Site } from "./pages.js";
import { findGuide, guides } from "./guides.js";

/** One search entry: title, address, where it is (shown under the title), and more text to match. */
type SearchEntry = [string, string, string, string];

const plain = (text: string | undefined, max = 240) => (text ?? "").replace(/[`*[\]]/g, "").slice(0, max);

function operationEntry(operation: Operation): SearchEntry {
  const fields = operation.requestBody?.fields.map((field) => field.name).join(" ") ?? "";
  const parameters = operation.parameters.map((parameter) => parameter.name).join(" ");
  return [operation.summary, operationHref(operation.id), `${operation.method} ${operation.path} · ${operation.tag}`, `${operation.id} ${parameters} ${fields} ${plain(operation.description)}`];
}

/**
 * The reference as pages: each rendered once from the document and kept (the document does not
 * change while the process runs), so a page costs one render per process.
 */
export class ReferenceSite {
  private readonly site: Site;
  private readonly operations: Map<string, Operation>;
  private readonly pages = new Map<string, string>();

  constructor(document: ReferenceDocument) {
    const { tags, operations } = readReference(document);
    this.site = { product: document.info.title, version: document.info.version, description: document.info.description ?? "", tags };
    this.operations = new Map(operations.map((operation) => [operation.id, operation]));
  }

  private async render(key: string, page: () => unknown): Promise<string> {
    const cached = this.pages.get(key);
    if (cached !== undefined) return cached;
    const html = `<!DOCTYPE html>${await String(await (page() as { toString(): string | Promise<string> }).toString())}`;
    this.pages.set(key, html);
    return html;
  }

  index(): Promise<string> {
    return this.render("index", () => <IndexPage site={this.site} />);
  }

  errors(): Promise<string> {
    return this.render("errors", () => <ErrorsPage site={this.site} />);
  }

  operation(id: string): Promise<string> | undefined {
    const operation = this.operations.get(id);
    if (!operation) return undefined;
    return this.render(`op:${id}`, () => <OperationPage site={this.site} operation={operation} />);
  }

  guide(slug: string): Promise<string> | undefined {
    const guide = findGuide(slug);
    if (!guide) return undefined;
    return this.render(`guide:${slug}`, () => <GuidePage site={this.site} slug={guide.slug} title={guide.title} body={guide.body} />);
  }

  notFound(): Promise<string> {
    return this.render("404", () => <NotFoundPage site={this.site} />);
  }

  operationIds(): string[] {
    return [...this.operations.keys()];
  }

  /** The prebuilt index docs.js searches: operations, tags, guides (and their headings), error codes. */
  searchIndex(): string {
    const cached = this.pages.get("search");
    if (cached !== undefined) return cached;
    const entries: SearchEntry[] = [];
    for (const tag of this.site.tags) {
      entries.push([tag.name, tagHref(tag.slug), "Tag", plain(tag.description)]);
      for (const operation of tag.operations) entries.push(operationEntry(operation));
    }
    for (const guide of guides) {
      const headings = blocks(guide.body)
        .filter((block) => block.kind === "heading")
        .map((block) => (block.kind === "heading" ? block.text : ""))
        .join(" ");
      entries.push([guide.title, `/docs/guides/${guide.slug}`, "Guide", `${guide.summary} ${headings}`]);
    }
    for (const code of errorCodes) entries.push([code, `/docs/errors#error-${code}`, `Error · ${errorCatalogue[code].status}`, plain(errorCatalogue[code].meaning, 160)]);
    const json = JSON.stringify(entries);
    this.pages.set("search", json);
    return json;
  }
}
