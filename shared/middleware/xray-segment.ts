/**
 * X-Ray subsegments written directly to the X-Ray daemon, without the X-Ray SDK. The Powertools Tracer pulled in
 * aws-xray-sdk-core with its patchers, semver and cls-hooked (~120 KiB of every bundle, parsed at every cold start)
 * to do this much for us: one subsegment per sampled invocation under Lambda's own segment, with annotations and the
 * error. The daemon protocol is one UDP datagram per document: a JSON header line, then the document
 * (X-Ray developer guide, "Sending segment documents to the X-Ray daemon").
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:dgram';

/** Lambda's trace header for this invocation (_X_AMZN_TRACE_ID): Root=1-...;Parent=...;Sampled=1. */
export interface TraceHeader {
  root: string;
  parent: string;
  sampled: boolean;
}

export function traceHeader(value: string | undefined = process.env._X_AMZN_TRACE_ID): TraceHeader | undefined {
  if (!value) return undefined;
  const parts = new Map(value.split(';').map((p) => p.split('=', 2) as [string, string]));
  const root = parts.get('Root');
  const parent = parts.get('Parent');
  return root && parent ? { root, parent, sampled: parts.get('Sampled') === '1' } : undefined;
}

/** The daemon's UDP address; AWS_XRAY_DAEMON_ADDRESS is "host:port" or "tcp:host:port udp:host:port". */
export function daemonAddress(value: string | undefined = process.env.AWS_XRAY_DAEMON_ADDRESS): { host: string; port: number } | undefined {
  if (!value) return undefined;
  const udp = value.split(' ').find((a) => a.startsWith('udp:')) ?? value;
  const m = /^(?:udp:)?([^:]+):(\d+)$/.exec(udp);
  return m ? { host: m[1]!, port: Number(m[2]) } : undefined;
}

type AnnotationValue = string | number | boolean;

export class Subsegment {
  readonly id = randomBytes(8).toString('hex');
  private readonly startTime = Date.now() / 1000;
  private readonly annotations: Record<string, AnnotationValue> = {};
  private cause?: { type: string; message: string };

  constructor(
    readonly name: string,
    private readonly trace: TraceHeader,
  ) {}

  /** X-Ray keeps annotation keys of letters, digits and underscores only. */
  annotate(key: string, value: AnnotationValue): void {
    this.annotations[key.replace(/[^A-Za-z0-9_]/g, '_')] = value;
  }

  fail(err: unknown): void {
    const e = err instanceof Error ? err : new Error(String(err));
    this.cause = { type: e.name, message: e.message };
  }

  document(endTime = Date.now() / 1000): Record<string, unknown> {
    return {
      type: 'subsegment',
      name: this.name,
      id: this.id,
      trace_id: this.trace.root,
      parent_id: this.trace.parent,
      start_time: this.startTime,
      end_time: endTime,
      annotations: this.annotations,
      ...(this.cause ? { fault: true, cause: { exceptions: [{ id: randomBytes(8).toString('hex'), type: this.cause.type, message: this.cause.message }] } } : {}),
    };
  }
}

const HEADER = '{"format":"json","version":1}\n';
let socket: Socket | undefined;

/** Sends one document; a trace that cannot be sent is dropped, never an invocation's failure. */
export function sendToDaemon(doc: Record<string, unknown>, address = daemonAddress()): Promise<void> {
  if (!address) return Promise.resolve();
  if (!socket) {
    // Loaded on the first sampled trace, not at import: most invocations (and every cold start) never send one.
    socket = process.getBuiltinModule('node:dgram').createSocket('udp4');
    // The socket must not keep a process (a test, the local platform) alive.
    socket.unref();
    socket.on('error', () => undefined);
  }
  const s = socket;
  return new Promise((resolve) => s.send(HEADER + JSON.stringify(doc), address.port, address.host, () => resolve()));
}
