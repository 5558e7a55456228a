/**
 * The two calls Lambda's SQS event-source mapping makes on AWS, ReceiveMessage and DeleteMessageBatch, as plain
 * requests in SQS's JSON protocol. They are the local stand-in's work, not a function's, and through the SDK (signing,
 * schema decoding) each cost the platform's process ~1 ms more than the request itself. moto does not check
 * signatures; it reads the region from the credential scope, as the SDK's requests give it.
 */
import type { Message, SQSClient } from '@aws-sdk/client-sqs';
import { awsJsonCall } from './aws-json-call.js';

export interface MappingCalls {
  receive(input: { QueueUrl: string; MaxNumberOfMessages: number; WaitTimeSeconds: number }, signal?: AbortSignal): Promise<Message[]>;
  deleteBatch(queueUrl: string, receiptHandles: string[]): Promise<void>;
}

/** Requests go to the client's endpoint (moto), or to the queue URL's host when the client names none. */
export function sqsMappingCalls(sqs: SQSClient, queueUrl: string): MappingCalls {
  const target = (async () => {
    const endpoint = await sqs.config.endpoint?.();
    const url = new URL(queueUrl);
    return { host: endpoint?.hostname ?? url.hostname, port: endpoint?.port ?? url.port, region: await sqs.config.region() };
  })();
  const call = async <T>(action: string, input: object, signal?: AbortSignal): Promise<T> => {
    const { host, port, region } = await target;
    return awsJsonCall<T>({ host, port, region, service: 'sqs', target: `AmazonSQS.${action}`, input, signal });
  };
  return {
    async receive(input, signal) {
      const res = await call<{ Messages?: Message[] }>('ReceiveMessage', { ...input, MessageSystemAttributeNames: ['All'] }, signal);
      return res.Messages ?? [];
    },
    async deleteBatch(queueUrl, receiptHandles) {
      const res = await call<{ Failed?: unknown[] }>('DeleteMessageBatch', {
        QueueUrl: queueUrl,
        Entries: receiptHandles.map((h, i) => ({ Id: String(i), ReceiptHandle: h })),
      });
      if (res.Failed?.length) throw new Error(`DeleteMessageBatch failed for ${res.Failed.length} message(s)`);
    },
  };
}
