/**
 * Deployed APM deadlines: a QR or bank-window payment gets its own EventBridge Scheduler one-time schedule (moto's
 * scheduler, which stores schedules but never fires them), at the deadline's minute, onto the ops bus, armed from the
 * table's stream by the ledger's consumer (not in the request); the wake-up's handler waits out the seconds left and
 * expires the payment with its callback, exactly once.
 */
import { CreateScheduleGroupCommand, GetScheduleCommand, ListSchedulesCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { atMinuteOf, SchedulerDeadlineTimers } from '../../../shared/adapters/aws/scheduler-deadline-timers.js';
import { handler as deadlineDue } from '../../../functions/s2s-apm/deadline-due.js';
import { handler as paymentChanges } from '../../../functions/streams/payment-changes.js';
import { expireWhenDue } from '../../../shared/operations/providers/deadlines.js';
import { eventually, postForm, startTestPlatform, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { paymentRecords } from '../../support/stream.js';
import { apmSale } from './support.js';

const GROUP = `apm-deadlines-${Date.now()}`;
const ROLE = 'arn:aws:iam::123456789012:role/apm-deadline-scheduler';
const BUS = 'arn:aws:events:eu-west-1:123456789012:event-bus/t-ops';

let platform: RunningPlatform;
let merchant: Merchant;
let shop: MerchantServer;
let scheduler: SchedulerClient;

beforeAll(async () => {
  scheduler = new SchedulerClient({
    region: 'eu-west-1',
    endpoint: inject('endpoints').moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await scheduler.send(new CreateScheduleGroupCommand({ Name: GROUP }));
  // The platform as deployed: every QR / bank-window payment asks for its one-time schedule. Test platforms run no
  // sweeper by themselves (schedules: manual), so the wake-up below is what expires the payment.
  platform = await startTestPlatform({
    APM_QR_LIFETIME_SECONDS: '3',
    APM_DEADLINE_SCHEDULE_GROUP: GROUP,
    APM_DEADLINE_SCHEDULER_ROLE_ARN: ROLE,
    EVENT_BUS_ARN: BUS,
  });
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
  await platform?.stop();
  scheduler?.destroy();
});

const schedule = (transId: string) => scheduler.send(new GetScheduleCommand({ GroupName: GROUP, Name: `apm-deadline-${transId}` }));
/** The schedule once the table's stream armed it (the ledger's consumer, moments after the answer). */
const armed = (transId: string) => eventually(() => schedule(transId).catch(() => undefined));
const qrSale = async (): Promise<{ trans_id: string }> =>
  (
    await postForm(
      `${platform.url}/post-va`,
      apmSale(merchant, { brand: 'ips', order_currency: 'EUR', identifier: 'pending@gmail.com' }) as never,
    )
  ).body;

describe('APM deadlines on EventBridge Scheduler', () => {
  it('names the minute of the deadline in UTC, deleted after it ran', () => {
    expect(atMinuteOf(new Date('2027-01-31T23:59:41.250Z'))).toBe('at(2027-01-31T23:59:00)');
  });

  it('gives a QR payment one schedule onto the ops bus; asking again is harmless', async () => {
    const res = (
      await postForm(
        `${platform.url}/post-va`,
        apmSale(merchant, { brand: 'ips', order_currency: 'EUR', identifier: 'pending@gmail.com' }) as never,
      )
    ).body;
    expect(res).toMatchObject({ result: 'REDIRECT' });
    const s = await armed(res.trans_id);
    const deadline = (await deps().payments.get(res.trans_id))!.details.deadline as string;
    // The deadline's minute; a record that reached the consumer after this 3 s deadline: the minute it was armed in.
    expect([atMinuteOf(new Date(deadline)), atMinuteOf(new Date(Date.parse(deadline) + 60_000))]).toContain(s.ScheduleExpression);
    expect(s).toMatchObject({
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: BUS,
        RoleArn: ROLE,
        EventBridgeParameters: { Source: 'payments.ops', DetailType: 'ApmDeadlineDue' },
        Input: JSON.stringify({ transId: res.trans_id }),
      },
    });
    // Asking again (a retried request): Scheduler's ConflictException means the schedule is the one already made.
    const timers = new SchedulerDeadlineTimers(scheduler, { groupName: GROUP, roleArn: ROLE, busArn: BUS, source: 'payments.ops' });
    await expect(timers.schedule(res.trans_id, new Date(deadline))).resolves.toBeUndefined();
    // Any other refusal is the caller's error, not taken for an existing schedule.
    const elsewhere = new SchedulerDeadlineTimers(scheduler, {
      groupName: 'no-such-group',
      roleArn: ROLE,
      busArn: BUS,
      source: 'payments.ops',
    });
    await expect(elsewhere.schedule(res.trans_id, new Date(deadline))).rejects.toThrow();
  });

  it('arms it from the table stream once: a replayed record makes no second schedule, a later write none at all', async () => {
    const { trans_id: transId } = await qrSale();
    await armed(transId);
    const records = (await paymentRecords(platform)).filter((r) => r.dynamodb?.NewImage?.pk?.S === `PAYMENT#${transId}`);
    const run = async (rs: DynamoDBRecord[]) =>
      (
        (await paymentChanges({ Records: rs, shardId: 'shard-replayed' } as unknown as DynamoDBStreamEvent, {} as never)) as {
          deadlinesArmed: number;
        }
      ).deadlinesArmed;
    // The write that created the deadline, handed over again (a retried batch, a replay), twice in one batch: each
    // asks for the payment's schedule, which exists already.
    expect(await run([...records, ...records])).toBe(2);
    // A later write that keeps the deadline (its old image has the same entry) asks for nothing.
    const created = records.find((r) => r.dynamodb?.NewImage?.gsi2pk?.S === 'APM_DEADLINE')!;
    expect(await run([{ ...created, eventName: 'MODIFY', dynamodb: { ...created.dynamodb, OldImage: created.dynamodb!.NewImage } }])).toBe(
      0,
    );
    const listed = await scheduler.send(new ListSchedulesCommand({ GroupName: GROUP, NamePrefix: `apm-deadline-${transId}` }));
    expect(listed.Schedules?.map((x) => x.Name)).toEqual([`apm-deadline-${transId}`]);
  });

  it('the wake-up waits for the deadline, then declines "expired" with one callback', async () => {
    const res = (
      await postForm(
        `${platform.url}/post-va`,
        apmSale(merchant, { brand: 'ips', order_currency: 'EUR', identifier: 'pending@gmail.com' }) as never,
      )
    ).body;
    const deadline = Date.parse((await deps().payments.get(res.trans_id))!.details.deadline as string);
    // Scheduler may fire early in the deadline's minute: the handler waits for the deadline itself.
    const result = await deadlineDue({ id: 'e1', detail: { transId: res.trans_id } } as never);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    expect(result).toEqual({ expired: 1 });
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.trans_id && c.fields.status === 'DECLINED'));
    expect(cb.fields).toMatchObject({ result: 'DECLINED', decline_reason: 'expired' });
    // A second delivery of the same wake-up (Scheduler retries) changes nothing.
    await expect(expireWhenDue(deps(), res.trans_id)).resolves.toBe(0);
    await expect(deadlineDue({ id: 'e2', detail: {} } as never)).resolves.toEqual({ expired: 0 });
    await expect(deadlineDue({ id: 'e3', detail: { transId: 'not-a-payment' } } as never)).resolves.toEqual({ expired: 0 });
  });
});
