/**
 * A DynamoDB document client that resolves each command class's middleware chain once, not on every call.
 *
 * The SDK rebuilds the chain per call (the client's stack concatenated with the command's, sorted and wrapped:
 * ~0.1 ms of the ~0.5 ms a call costs, scripts/bench/sdk-call-cpu.ts). Its own remedy, `cacheMiddleware: true`,
 * refuses lib-dynamodb: a document command's chain is bound to its own inner command. Here a document command class's
 * chain is resolved through its first instance (lib-dynamodb's marshalling middleware included, so items are marshalled
 * exactly as before) and each later call runs it with its own inner command. Raw commands share the cache.
 *
 * The cache is dropped whenever the client's stack changes (the bench's meter, tests' counters and the audit companion
 * add middleware after the first calls), and calls with options take the SDK's ordinary path.
 */
import { DynamoDBDocumentClient, type TranslateConfig } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { JSON_SHORTCUT_STEP, JSON_TRANSPORT_STEP, type JsonTransport } from './dynamo-json-transport.js';
import { unmarshallOutput } from './document-output.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- one path for every command type, as the SDK's own send() */
type Handler = (command: any) => Promise<{ output: unknown }>;
/** The members of a lib-dynamodb command that its own resolveMiddleware uses (protected in its types). */
interface DocumentCommand {
  clientCommand: { resolveMiddleware(stack: unknown, config: unknown, options: undefined): Handler };
  middlewareStack: unknown;
  outputKeyNodes: never;
  addMarshallingMiddleware(config: unknown): void;
}

/** lib-dynamodb's base command class is not exported by its ES build; its commands are known by their inner command. */
function isDocumentCommand(command: any): command is DocumentCommand {
  return typeof command.addMarshallingMiddleware === 'function' && command.clientCommand !== undefined;
}

const STACK_CHANGES = ['add', 'addRelativeTo', 'use', 'remove', 'removeByTag'] as const;

export class CachedDocumentClient extends DynamoDBDocumentClient {
  private readonly chains = new Map<unknown, Handler>();

  /**
   * `transport`: data-plane calls as one signed POST of their JSON (dynamo-json-transport.ts), added to each chain
   * this client resolves, so a document command's chain can carry its own output conversion.
   */
  constructor(
    client: DynamoDBClient,
    translateConfig?: TranslateConfig,
    private readonly transport?: JsonTransport,
  ) {
    super(client, translateConfig);
    const stack = this.middlewareStack as unknown as Record<string, (...args: any[]) => unknown>;
    for (const name of STACK_CHANGES) {
      const change = stack[name]!;
      stack[name] = (...args: any[]) => {
        this.chains.clear();
        return change(...args);
      };
    }
  }

  override send(command: any, optionsOrCb?: any, cb?: any): any {
    if (optionsOrCb !== undefined || cb !== undefined) return super.send(command, optionsOrCb, cb);
    if (isDocumentCommand(command)) {
      const doc = command;
      return this.chain(command.constructor, () => {
        doc.addMarshallingMiddleware(this.config);
        const stack = (this.middlewareStack as any).concat(doc.middlewareStack);
        if (this.transport) {
          // addMarshallingMiddleware's own default: lib-dynamodb unmarshalls items without a map wrapper.
          const options = { ...this.config.translateConfig?.unmarshallOptions };
          options.convertWithoutMapWrapper ??= true;
          addTransport(stack, this.transport, (output) => unmarshallOutput(output, doc.outputKeyNodes, options));
        }
        return doc.clientCommand.resolveMiddleware(stack, this.config, undefined);
      })(doc.clientCommand).then((r) => r.output);
    }
    return this.chain(command.constructor, () => {
      const stack = (this.middlewareStack as any).clone();
      if (this.transport) addTransport(stack, this.transport);
      return command.resolveMiddleware(stack, this.config, undefined);
    })(command).then((r) => r.output);
  }

  override destroy(): void {
    this.chains.clear();
    this.transport?.destroy();
    super.destroy();
  }

  private chain(key: unknown, resolve: () => Handler): Handler {
    let handler = this.chains.get(key);
    if (!handler) this.chains.set(key, (handler = resolve()));
    return handler;
  }
}

function addTransport(stack: any, transport: JsonTransport, unmarshall?: (output: Record<string, unknown>) => Record<string, unknown>): void {
  const { shortcut, transport: onResolvedEndpoint } = transport.middlewares(unmarshall);
  stack.addRelativeTo(shortcut, JSON_SHORTCUT_STEP);
  stack.addRelativeTo(onResolvedEndpoint, JSON_TRANSPORT_STEP);
}
