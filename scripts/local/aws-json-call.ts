/**
 * One request in AWS's JSON 1.0 protocol to a local emulator, for the stand-ins that play AWS's own services
 * (the SQS mapping's calls, the stream reader): no SDK signing or schema decoding, which would be the stand-in's CPU
 * in the platform's process. The emulators do not check signatures; they read the region from the credential scope.
 * Errors carry the SDK's error names, so callers tell them apart as they would the SDK's.
 */
import { request, type Agent } from 'node:http';

export interface AwsJsonCall {
  host: string;
  port: string | number | undefined;
  region: string;
  /** The credential scope's service: sqs, dynamodb. */
  service: string;
  /** X-Amz-Target, e.g. AmazonSQS.ReceiveMessage. */
  target: string;
  input: object;
  agent?: Agent;
  signal?: AbortSignal;
}

export function awsJsonCall<T>(call: AwsJsonCall): Promise<T> {
  const body = JSON.stringify(call.input);
  return new Promise<T>((resolve, reject) => {
    const req = request(
      {
        host: call.host,
        port: call.port,
        method: 'POST',
        path: '/',
        agent: call.agent,
        signal: call.signal,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': call.target,
          authorization: `AWS4-HMAC-SHA256 Credential=local/20200101/${call.region}/${call.service}/aws4_request, SignedHeaders=host, Signature=local`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            const answer = (text ? JSON.parse(text) : {}) as T & { __type?: string; message?: string; Message?: string };
            if (res.statusCode === 200) return resolve(answer);
            const name = answer.__type?.split('#').pop() ?? `HTTP ${res.statusCode}`;
            reject(Object.assign(new Error(answer.message ?? answer.Message ?? name), { name }));
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
