import type { HtmlDocument } from './parse-html';

export type JsonObject = { [key: string]: unknown };

export interface JsonLdNode {
  node: JsonObject;
  /** Root object, root array item or root `@graph` item: what the page is "about", not a sub-entity. */
  topLevel: boolean;
  /** Property under which a nested node sat (e.g. `publisher`), null for top-level nodes. */
  parentKey: string | null;
}

export interface JsonLdDocument {
  nodes: JsonLdNode[];
  /** `@id` → the fullest object carrying that id, to resolve `{ "@id": "#org" }` references. */
  byId: Map<string, JsonObject>;
}

// Guards against pathological documents; real pages stay far below both.
const MAX_DEPTH = 12;
const MAX_NODES = 5000;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Schema.org types of a node, prefix-free ("http://schema.org/Organization" → "Organization"). */
export function typesOf(node: JsonObject): string[] {
  return toArray(node['@type'] ?? node.type)
    .filter((t): t is string => typeof t === 'string')
    .map((t) =>
      t
        .replace(/^https?:\/\/schema\.org\//i, '')
        .replace(/^schema:/i, '')
        .trim(),
    );
}

/** Tries strict JSON first, then the usual CMS breakage: comments/CDATA, raw newlines, trailing commas. */
export function parseJsonLoosely(raw: string): unknown {
  const stripped = raw
    .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
    .trim()
    .replace(/;\s*$/, '');
  if (!stripped) return undefined;
  const attempts = [
    stripped,
    // Control characters are illegal inside JSON strings but common in hand-written blocks.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
    stripped.replace(/[\u0000-\u001f]+/g, ' '),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
    stripped.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1'),
  ];
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as unknown;
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

export function parseJsonLd($: HtmlDocument): JsonLdDocument {
  const doc: JsonLdDocument = { nodes: [], byId: new Map() };
  for (const el of $.elements('script')) {
    const type = (el.attribs.type ?? '').toLowerCase().trim();
    if (!type.startsWith('application/ld+json')) continue;
    const parsed = parseJsonLoosely($(el).text());
    if (parsed !== undefined) collectRoot(parsed, doc);
  }
  return doc;
}

function collectRoot(root: unknown, doc: JsonLdDocument): void {
  for (const item of toArray(root)) {
    if (!isObject(item)) continue;
    const graph = item['@graph'];
    if (graph !== undefined) {
      for (const member of toArray(graph)) visit(member, true, null, 1, doc);
      // A root carrying @graph is usually just a context wrapper; keep it only when it is typed.
      if (typesOf(item).length > 0) visit({ ...item, '@graph': undefined }, true, null, 0, doc);
    } else {
      visit(item, true, null, 0, doc);
    }
  }
}

function visit(value: unknown, topLevel: boolean, parentKey: string | null, depth: number, doc: JsonLdDocument): void {
  if (depth > MAX_DEPTH || doc.nodes.length >= MAX_NODES) return;
  if (Array.isArray(value)) {
    for (const item of value) visit(item, topLevel, parentKey, depth + 1, doc);
    return;
  }
  if (!isObject(value)) return;
  const id = value['@id'];
  const keys = Object.keys(value);
  if (typeof id === 'string' && keys.length > 1) {
    const known = doc.byId.get(id);
    if (!known || Object.keys(known).length < keys.length) doc.byId.set(id, value);
  }
  if (typesOf(value).length > 0) doc.nodes.push({ node: value, topLevel, parentKey });
  for (const key of keys) {
    if (key === '@context' || key === '@id' || key === '@type') continue;
    visit(value[key], false, key, depth + 1, doc);
  }
}

/** Follows a bare `{ "@id": ... }` reference to its definition when the page has one. */
export function resolve(value: unknown, doc: JsonLdDocument): unknown {
  if (!isObject(value)) return value;
  const id = value['@id'];
  if (typeof id !== 'string') return value;
  const target = doc.byId.get(id);
  return target && Object.keys(target).length > Object.keys(value).length ? target : value;
}
