/**
 * DynamoDB's data-plane calls sent as what they are on the wire: the command's input, already in DynamoDB's JSON
 * (lib-dynamodb marshalled it), as one SigV4-signed POST on a kept-alive connection; the answer's JSON is the output.
 *
 * Why: a call through the SDK's full pipeline costs ~3× the same exchange without it (scripts/bench/sdk-call-cpu.ts),
 * and the request path of a SALE is two such calls. The pipeline walks every attribute of input and output through
 * the operation's schema to produce exactly the JSON DynamoDB sends and takes, builds a request object, signs it, runs
 * the retry bookkeeping and an HTTP handler, then walks the answer back. For these ten operations the JSON 1.0
 * protocol's body is the input itself and the answer is the output (no timestamps; binary values are base64 strings).
 *
 * What stays the SDK's: everything before the serializer (lib-dynamodb's marshalling, our middleware — the audit
 * companion, the bench's meter, tests' counters —, the resolved identity and endpoint), the signer
 * (@smithy/signature-v4) and the exception classes. A call this path does not finish is handed to the SDK's own
 * serializer, signer, retry strategy and HTTP handler (`next`), exactly as before: throttling, 5xx, network errors,
 * clock skew and every error other than the two that are a payment's ordinary answers (a failed condition, a
 * cancelled transaction). Those were not written, so the SDK's attempt is the retry it would have made itself.
 */
import { ConditionalCheckFailedException, TransactionCanceledException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SignedJsonPost, type Identity, type SignedAnswer } from './signed-json-post.js';

/** The data-plane operations: their JSON 1.0 body is the input, their answer the output. */
const DATA_PLANE = /^(?:(?:Get|Put|Update|Delete|BatchGet|BatchWrite)Item|Query|Scan|Transact(?:Get|Write)Items)Command$/;

/* eslint-disable @typescript-eslint/no-explicit-any -- a middleware of the SDK's own untyped shape, as audit-companion.ts */
type Middleware = (next: any, context: any) => (args: any) => Promise<any>;

/** Where the transport sits in a command's chain: after the endpoint is resolved, in place of the serializer. */
export const JSON_TRANSPORT_STEP = { name: 'dynamoJsonTransport', relation: 'after', toMiddleware: 'endpointV2Middleware', override: true } as const;
/**
 * Where a call whose endpoint is already known starts instead: once its identity is resolved, before the endpoint
 * middleware, which copies the client's whole configuration and walks the endpoint rules on every call (~8 % of a
 * call's node CPU) to find the same URL each time.
 */
export const JSON_SHORTCUT_STEP = { name: 'dynamoJsonShortcut', relation: 'after', toMiddleware: 'httpAuthSchemeMiddleware', override: true } as const;

export interface JsonTransport {
  /**
   * The two middlewares of one command class's chain (JSON_SHORTCUT_STEP, JSON_TRANSPORT_STEP). `unmarshall` is a
   * document command's own output conversion (lib-dynamodb's runs in the deserialize step, which a call finished here
   * never reaches).
   */
  middlewares(unmarshall?: (output: Record<string, unknown>) => Record<string, unknown>): { shortcut: Middleware; transport: Middleware };
  destroy(): void;
}

/** What the SDK's pipeline sends instead: no answer, or one that is not a payment's ordinary answer. */
const HAND_OVER = Symbol('hand over');
/** Set on a call's context once this path handed it over: the rest of its chain is the SDK's. */
const HANDED_OVER = Symbol('handed over to the SDK');

interface Target {
  url: URL;
  region: string;
}

export function jsonTransport(client: DynamoDBClient): JsonTransport {
  const http = new SignedJsonPost('dynamodb');
  // The endpoint and signing region the SDK resolved, per account (an identity may name one: account-based endpoints).
  // Only calls that name their tables by name are kept and shortcut: the rules route a table ARN by its account.
  const known = new Map<string, Target>();

  const call = async (context: any, args: any, target: Target, identity: Identity, unmarshall?: (o: Record<string, unknown>) => Record<string, unknown>) => {
    const operation = `DynamoDB_20120810.${context.commandName.slice(0, -7)}`;
    const res = await http.post(target.url, target.region, identity, operation, 'application/x-amz-json-1.0', toJson(args.input), (client.config as any).systemClockOffset ?? 0);
    const answer = res && answered(res);
    if (!answer || answer === HAND_OVER) return HAND_OVER;
    if (answer instanceof Error) throw answer;
    return { output: unmarshall ? unmarshall(answer) : answer, response: { statusCode: res!.status } };
  };

  return {
    middlewares: (unmarshall) => ({
      shortcut: (next, context) => async (args) => {
        const identity: Identity | undefined = context.__smithy_context?.selectedHttpAuthScheme?.identity;
        const target = identity?.secretAccessKey && DATA_PLANE.test(context.commandName) && namesTablesOnly(args.input) ? known.get(identity.accountId ?? '') : undefined;
        if (!target) return next(args);
        const result = await call(context, args, target, identity!, unmarshall);
        if (result !== HAND_OVER) return result;
        context[HANDED_OVER] = true;
        return next(args);
      },
      transport: (next, context) => async (args) => {
        const url: URL | undefined = context.endpointV2?.url;
        const auth = context.__smithy_context?.selectedHttpAuthScheme;
        const identity: Identity | undefined = auth?.identity;
        if (context[HANDED_OVER] || !DATA_PLANE.test(context.commandName) || !url || !identity?.secretAccessKey) return next(args);
        const region: string = auth.httpAuthOption?.signingProperties?.signing_region ?? (await client.config.region());
        const target = { url, region };
        if (namesTablesOnly(args.input)) known.set(identity.accountId ?? '', target);
        const result = await call(context, args, target, identity, unmarshall);
        return result === HAND_OVER ? next(args) : result;
      },
    }),
    destroy: () => http.destroy(),
  };
}

/** The call names every table it touches by name, not by ARN. */
function namesTablesOnly(input: any): boolean {
  const named = (t: unknown) => typeof t === 'string' && !t.startsWith('arn:');
  if (input.TableName !== undefined) return named(input.TableName);
  if (input.RequestItems) return Object.keys(input.RequestItems).every(named);
  if (Array.isArray(input.TransactItems)) {
    return input.TransactItems.every((i: any) => named((i.Put ?? i.Update ?? i.Delete ?? i.ConditionCheck ?? i.Get)?.TableName));
  }
  return false;
}

/** The input as DynamoDB's JSON: binary values (Uint8Array, Buffer) as base64, as the SDK's serializer writes them. */
function toJson(input: unknown): string {
  // A replacer costs a call per key (about twice the time of the whole serialisation): only for input that has binary.
  if (!hasBinary(input)) return JSON.stringify(input);
  return JSON.stringify(input, function (this: any, key, value) {
    // `this[key]`, not `value`: a Buffer's toJSON has already turned `value` into { type, data }.
    const raw = this[key];
    return raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') : value;
  });
}

function hasBinary(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (v instanceof Uint8Array) return true;
  for (const k in v) if (hasBinary((v as any)[k])) return true;
  return false;
}

/**
 * The output for a 200 (base64 binary values back to Uint8Array, only when the answer has any); the SDK's own
 * exception for the two ordinary refusals (a failed condition, a cancelled transaction: with the item or reasons the
 * request asked for); HAND_OVER for anything else (throttling, 5xx, clock skew, other errors, an unreadable refusal);
 * an error for an unreadable 200.
 */
function answered(res: SignedAnswer): Record<string, any> | Error | typeof HAND_OVER {
  let body: Record<string, any>;
  try {
    body = res.text ? JSON.parse(res.text) : {};
  } catch {
    // A 200 may have been written: sending it again could apply an unconditional write twice. A refusal was not.
    return res.status === 200 ? new Error(`DynamoDB answered 200 with a body that is not JSON (request ${res.requestId ?? 'without an id'})`) : HAND_OVER;
  }
  if (res.text.includes('"B":') || res.text.includes('"BS":')) decodeBinary(body);
  const $metadata = { httpStatusCode: res.status, requestId: res.requestId, attempts: 1, totalRetryDelay: 0 };
  if (res.status === 200) return { ...body, $metadata };
  const type = res.status === 400 && String(body.__type).split('#').pop();
  const message = body.message ?? body.Message ?? type;
  if (type === 'ConditionalCheckFailedException') return new ConditionalCheckFailedException({ $metadata, message, Item: body.Item });
  if (type === 'TransactionCanceledException') {
    return new TransactionCanceledException({ $metadata, message, Message: message, CancellationReasons: body.CancellationReasons });
  }
  return HAND_OVER;
}

/** An attribute value is `{ B: "<base64>" }` or `{ BS: [...] }`. */
function decodeBinary(node: any): void {
  for (const k in node) {
    const v = node[k];
    if (!v || typeof v !== 'object') continue;
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === 'B' && typeof v.B === 'string') node[k] = { B: fromBase64(v.B) };
    else if (keys.length === 1 && keys[0] === 'BS' && Array.isArray(v.BS)) node[k] = { BS: v.BS.map(fromBase64) };
    else decodeBinary(v);
  }
}

const fromBase64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
