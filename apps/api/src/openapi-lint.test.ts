import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Document, type ISpectralDiagnostic, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json as JsonParser, Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { buildOpenApiDocument } from './openapi-document';

// The OpenAPI document (as GET /openapi.json serves it) passes Spectral's `spectral:oas` and
// Redocly's `recommended` rules with no error, warning or hint, and every operation carries
// what a reader of the document needs: an id, a tag, a summary, an
// example, its security said outright, and a description for every error it answers. A rule
// that does not apply is turned off in apps/api/openapi-lint/, with a line saying why.

const LINT_DIR = path.resolve(__dirname, '../openapi-lint');
const document = buildOpenApiDocument();
const source = JSON.stringify(document, null, 2);

/** apps/api/openapi-lint/.spectral.yaml: `extends: spectral:oas` and severities (or `off`) for some of its rules. */
function spectralRuleset(): RulesetDefinition {
  const { data } = Yaml.parse(readFileSync(path.join(LINT_DIR, '.spectral.yaml'), 'utf8')) as {
    data: { extends: string; rules?: Record<string, string> };
  };
  if (data.extends !== 'spectral:oas') throw new Error('.spectral.yaml: only `extends: spectral:oas` is read here');
  return { extends: [oas as RulesetDefinition], rules: data.rules ?? {} } as RulesetDefinition;
}

async function spectralFindings(): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset(spectralRuleset());
  const results: ISpectralDiagnostic[] = await spectral.run(new Document(source, JsonParser, 'openapi.json'));
  return results.map((r) => `${r.code} (severity ${r.severity}) at ${r.path.join('.')}: ${r.message}`);
}

/** Redocly's rules run in a Node process of their own (openapi-lint/redocly-lint.mjs says why). */
function redoclyFindings(): string[] {
  const run = spawnSync(process.execPath, [path.join(LINT_DIR, 'redocly-lint.mjs'), path.join(LINT_DIR, 'redocly.yaml')], {
    input: source,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`redocly-lint.mjs failed (${run.status ?? run.signal}):\n${run.stderr}`);
  const problems = JSON.parse(run.stdout) as { ruleId: string; severity: string; message: string; where: string }[];
  return problems.map((p) => `${p.ruleId} (${p.severity}) at ${p.where}: ${p.message}`);
}

type Obj = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of the document, paths and webhooks, named `METHOD path`. */
function operations(): [string, Obj][] {
  const all: [string, Obj][] = [];
  for (const [section, items] of [
    ['', document.paths ?? {}],
    ['webhook ', document.webhooks ?? {}],
  ] as const) {
    for (const [where, item] of Object.entries(items as Record<string, Obj>)) {
      for (const method of METHODS) if (item[method]) all.push([`${section}${method.toUpperCase()} ${where}`, item[method] as Obj]);
    }
  }
  return all;
}

/** A schema, or the component its $ref names. */
function resolved(schema: unknown): Obj {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return (schema ?? {}) as Obj;
  const name = ref.replace('#/components/schemas/', '');
  return (document.components?.schemas?.[name] ?? {}) as Obj;
}

const hasExample = (object: Obj | undefined) => object !== undefined && ('example' in object || 'examples' in object);

/** An example of a whole body: on its media type, or on its schema. */
function bodyHasExample(content: unknown): boolean {
  return Object.values((content ?? {}) as Record<string, Obj>).some((media) => hasExample(media) || hasExample(resolved(media.schema)));
}

/**
 * A request example (a body's, or every parameter's when there is no body) or a 2xx answer's.
 * An operation with no body either way and no parameter (POST /signout) has nothing to show.
 */
function hasAnExample(operation: Obj): boolean {
  const body = operation.requestBody as Obj | undefined;
  const answers = Object.entries((operation.responses ?? {}) as Record<string, Obj>).filter(([status]) => status.startsWith('2'));
  if (!body && !operation.parameters && answers.every(([, answer]) => !answer.content)) return true;
  if (body && bodyHasExample(body.content)) return true;
  const parameters = (operation.parameters ?? []) as Obj[];
  if (!body && parameters.length > 0 && parameters.every((p) => hasExample(p) || hasExample(resolved(p.schema)))) return true;
  return answers.some(([, answer]) => bodyHasExample(answer.content));
}

describe('the OpenAPI document under the linters', () => {
  it('passes Spectral’s spectral:oas rules (as apps/api/openapi-lint/.spectral.yaml sets them) with no finding', async () => {
    expect(await spectralFindings()).toEqual([]);
  });

  it('passes Redocly’s recommended rules (as apps/api/openapi-lint/redocly.yaml sets them) with no finding', () => {
    expect(redoclyFindings()).toEqual([]);
  });
});

describe('every operation of the OpenAPI document', () => {
  const all = operations();
  const tags = new Set((document.tags ?? []).map((tag) => tag.name));
  const missing = (check: (operation: Obj) => boolean) => all.filter(([, operation]) => !check(operation)).map(([name]) => name);

  it('has an operationId, unique in the document', () => {
    expect(missing((o) => typeof o.operationId === 'string')).toEqual([]);
    const ids = all.map(([, o]) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has a summary, a description and a tag the document describes', () => {
    expect(missing((o) => typeof o.summary === 'string' && typeof o.description === 'string')).toEqual([]);
    expect(missing((o) => Array.isArray(o.tags) && o.tags.length > 0 && o.tags.every((tag) => tags.has(tag)))).toEqual([]);
    expect([...tags].filter((tag) => !(document.tags ?? []).find((t) => t.name === tag)?.description)).toEqual([]);
  });

  it('declares its security, `[]` where none is needed', () => {
    expect(missing((o) => Array.isArray(o.security))).toEqual([]);
  });

  it('has an example of its request or of its answer', () => {
    expect(missing(hasAnExample)).toEqual([]);
  });

  it('describes every error it answers, with the error body when it has one', () => {
    const undescribed = all.flatMap(([name, operation]) =>
      Object.entries(operation.responses as Record<string, Obj>)
        .filter(([status]) => /^[45]/.test(status))
        .filter(
          ([, r]) => typeof r.description !== 'string' || r.description.length < 5 || !(r.content as Obj | undefined)?.['application/json'],
        )
        .map(([status]) => `${name} ${status}`),
    );
    expect(undescribed).toEqual([]);
  });
});
