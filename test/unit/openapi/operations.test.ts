/**
 * What every operation of docs/openapi.json must have: a security requirement (or `security: []` with the reason in
 * x-security-reason), a typed success answer (never a bare `{type: object}`), examples of its request, parameters
 * and answer that validate against its own schemas, and errors described for its kind. Also the servers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { OPENAPI_PATH } from '../../../scripts/openapi/generate.js';

type Media = { schema?: Record<string, unknown>; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  'x-security-reason'?: string;
  parameters?: Array<{ name: string; in: string; schema: object; example?: unknown }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};
const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as {
  servers: Array<{ url: string; variables?: Record<string, { default: string }> }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
);

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
function problems(schema: object, value: unknown): string {
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(value) ? '' : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ');
}

/** A schema that says nothing about the object's fields. */
function untyped(schema: Record<string, unknown> | undefined): boolean {
  if (!schema) return true;
  if (schema.$ref || schema.oneOf || schema.anyOf || schema.const !== undefined || schema.enum) return false;
  if (schema.type === 'object') return !schema.properties;
  return schema.type === undefined;
}

it('names the local platform and a deployed stage as servers', () => {
  expect(doc.servers.map((s) => s.url)).toEqual(['http://127.0.0.1:3000', 'https://{distribution}.cloudfront.net']);
  expect(Object.keys(doc.servers[1]!.variables ?? {})).toEqual(['distribution']);
});

describe('every operation', () => {
  it('has a security requirement of defined schemes, or security: [] with a reason', () => {
    const wrong: string[] = [];
    for (const { where, op } of operations) {
      if (!Array.isArray(op.security)) wrong.push(`${where}: no security`);
      else if (op.security.length === 0 && !(op['x-security-reason'] ?? '').length)
        wrong.push(`${where}: security [] without x-security-reason`);
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement))
          if (!doc.components.securitySchemes[name]) wrong.push(`${where}: unknown scheme ${name}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a typed success body', () => {
    const wrong: string[] = [];
    for (const { where, op } of operations) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (!success.length) wrong.push(`${where}: no 2XX answer`);
      for (const [status, res] of success) {
        if (!res.content) wrong.push(`${where} ${status}: no content`);
        for (const [type, media] of Object.entries(res.content ?? {}))
          if (type.includes('json') && untyped(media.schema)) wrong.push(`${where} ${status} ${type}: untyped`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has examples of its request body, parameters and answers, each valid against its schema', () => {
    const wrong: string[] = [];
    for (const { where, op } of operations) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (!media.examples || !Object.keys(media.examples).length) wrong.push(`${where}: no request example (${type})`);
        for (const [name, ex] of Object.entries(media.examples ?? {})) {
          const p = problems(media.schema ?? {}, ex.value);
          if (p) wrong.push(`${where} request ${name}: ${p}`);
        }
      }
      for (const param of op.parameters ?? []) {
        if (param.example === undefined) wrong.push(`${where}: no example for parameter ${param.name}`);
        else if (param.in === 'path' || typeof param.example !== 'string' || (param.schema as { type?: string }).type === 'string') {
          const p = problems(param.schema, param.example);
          if (p) wrong.push(`${where} parameter ${param.name}: ${p}`);
        }
      }
      for (const [status, res] of Object.entries(op.responses).filter(([s]) => s.startsWith('2'))) {
        for (const [type, media] of Object.entries(res.content ?? {})) {
          if (!media.examples || !Object.keys(media.examples).length) wrong.push(`${where} ${status}: no answer example (${type})`);
          for (const [name, ex] of Object.entries(media.examples ?? {})) {
            const p = problems(media.schema ?? {}, ex.value);
            if (p) wrong.push(`${where} ${status} ${name}: ${p}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('describes the errors of its kind: the payer-link text only on pages the payer loads', () => {
    const wrong: string[] = [];
    for (const { where, op } of operations) {
      const errors = Object.entries(op.responses).filter(([s]) => s.startsWith('4'));
      if (!errors.length) wrong.push(`${where}: no 4XX`);
      const pageText = errors.some(([, r]) => /link/.test(r.description));
      const isPage = op['x-security-reason']?.startsWith("Loaded by the payer's browser") ?? false;
      if (pageText !== isPage) wrong.push(`${where}: ${isPage ? 'a payer page without' : 'payer-link text on a non-page'}`);
      // JSON error bodies are the protocol's: {http_code, error_code, error_message, errors[]}.
      for (const [status, r] of errors) {
        const schema = r.content?.['application/json']?.schema as { $ref?: string } | undefined;
        if (schema && !['#/components/schemas/CheckoutError', '#/components/schemas/S2sError'].includes(schema.$ref ?? ''))
          wrong.push(`${where} ${status}: not the protocol error body`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

it('every callback has a signed example valid against its fields, and says how to verify it', () => {
  for (const [name, hook] of Object.entries(doc.webhooks)) {
    const media = hook.post!.requestBody!.content['application/x-www-form-urlencoded']!;
    expect(Object.keys(media.examples ?? {}), name).not.toEqual([]);
    for (const ex of Object.values(media.examples!)) expect(problems(media.schema!, ex.value), name).toBe('');
    expect(hook.post!['x-security-reason'], name).toMatch(/X-Callback-Signature/);
  }
});
