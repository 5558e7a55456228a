/**
 * MID health on DynamoDB (docs/routing.md "MID health"): one `MIDHEALTH#<mid_id>` item per MID in the merchant's
 * partition, so the Query that loads the merchant and its MIDs reads it too (no round trip of its own). Written only on
 * a failure, when a payment claims a half-open MID's trial, or when an open MID answers; every write is an UpdateItem
 * with a condition:
 *   - a failure is counted with ADD while its window lasts, or starts a new window at 1 (concurrent failures count
 *     once each: ADD is atomic, and the two conditions exclude one another);
 *   - opening is conditional on the MID not being open (or on the half-open state the failure saw): one opener;
 *   - a trial is claimed on the opening routing saw, past its cool-down, with no claim younger than the stale age: one
 *     trial payment at a time, across containers;
 *   - closing is conditional on the opening it saw: one closer, and never a close of a MID that opened again since.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  midCircuitState,
  opensAfterFailure,
  plusSeconds,
  trialStaleAt,
  type MidHealth,
  type MidHealthPolicy,
} from '../../domain/mid-health.js';
import type { MidFailureRecorded, MidTrialClaim } from '../../ports/mid-health.js';
import { ddbClient } from './aws-clients.js';
import { keys } from './table-keys.js';

const PREFIX = 'MIDHEALTH#';

const keyOf = (clientKey: string, midId: string) => ({ pk: keys.merchant(clientKey).pk, sk: `${PREFIX}${midId}` });

/** The MIDs' health items among the merchant partition's items, by MID id. */
export function midHealthOf(items: Record<string, unknown>[]): Record<string, MidHealth> {
  const out: Record<string, MidHealth> = {};
  for (const i of items) if (String(i.sk).startsWith(PREFIX)) out[String(i.sk).slice(PREFIX.length)] = toHealth(i);
  return out;
}

function toHealth(i: Record<string, unknown>): MidHealth {
  return {
    failures: Number(i.failures ?? 0),
    version: Number(i.version ?? 0),
    ...(typeof i.windowEndsAt === 'string' ? { windowEndsAt: i.windowEndsAt } : {}),
    ...(typeof i.openedAt === 'string' ? { openedAt: i.openedAt } : {}),
    ...(typeof i.reopensAt === 'string' ? { reopensAt: i.reopensAt } : {}),
    ...(typeof i.trialAt === 'string' ? { trialAt: i.trialAt } : {}),
  };
}

export class DynamoMidHealth {
  constructor(private readonly tableName: string) {}

  async recordFailure(clientKey: string, midId: string, now: Date, policy: MidHealthPolicy): Promise<MidFailureRecorded> {
    const counted = await this.count(clientKey, midId, now, policy);
    if (!opensAfterFailure(counted, now, policy)) return { health: counted, opened: false };
    const halfOpen = midCircuitState(counted, now) === 'half-open';
    const opened = await this.update(clientKey, midId, {
      // A new opening ends the trial: the next one is claimed after this cool-down.
      UpdateExpression: 'SET openedAt = :now, reopensAt = :until ADD version :one REMOVE trialAt',
      ConditionExpression: halfOpen ? 'openedAt = :seen' : 'attribute_not_exists(openedAt)',
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':until': plusSeconds(now, policy.cooldownSeconds),
        ':one': 1,
        ...(halfOpen ? { ':seen': counted.openedAt } : {}),
      },
    });
    // Another failure opened it first: the state it wrote (returned by the refusal) is the state.
    return opened.written ? { health: opened.health, opened: true } : { health: opened.health ?? counted, opened: false };
  }

  /** Closes the MID if it is still open since `openedAt`; the health written, or undefined when refused. */
  async close(clientKey: string, midId: string, openedAt: string, now: Date): Promise<MidHealth | undefined> {
    const res = await this.update(clientKey, midId, {
      // The window starts again: failures before the MID recovered do not count towards its next opening.
      UpdateExpression: 'SET failures = :zero, windowEndsAt = :now ADD version :one REMOVE openedAt, reopensAt, trialAt',
      ConditionExpression: 'openedAt = :seen',
      ExpressionAttributeValues: { ':zero': 0, ':now': now.toISOString(), ':one': 1, ':seen': openedAt },
    });
    return res.written ? res.health : undefined;
  }

  /** Claims the trial of the MID half-open since `openedAt`; refused while a younger claim holds it, or once it changed. */
  async claimTrial(clientKey: string, midId: string, openedAt: string, now: Date): Promise<MidTrialClaim> {
    const res = await this.update(clientKey, midId, {
      UpdateExpression: 'SET trialAt = :now ADD version :one',
      ConditionExpression: 'openedAt = :seen AND reopensAt <= :now AND (attribute_not_exists(trialAt) OR trialAt <= :stale)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':one': 1, ':seen': openedAt, ':stale': trialStaleAt(now) },
    });
    return { claimed: res.written, ...(res.health ? { health: res.health } : {}) };
  }

  /** One more failure in the current window, or the first of a new one; retried when the window turned meanwhile. */
  private async count(clientKey: string, midId: string, now: Date, policy: MidHealthPolicy): Promise<MidHealth> {
    const at = now.toISOString();
    for (let tries = 0; ; tries++) {
      const more = await this.update(clientKey, midId, {
        UpdateExpression: 'SET kind = :kind ADD failures :one, version :one',
        ConditionExpression: 'windowEndsAt > :now',
        ExpressionAttributeValues: { ':kind': 'mid-health', ':one': 1, ':now': at },
      });
      if (more.written) return more.health;
      const first = await this.update(clientKey, midId, {
        UpdateExpression: 'SET kind = :kind, failures = :one, windowEndsAt = :end ADD version :one',
        ConditionExpression: 'attribute_not_exists(windowEndsAt) OR windowEndsAt <= :now',
        ExpressionAttributeValues: { ':kind': 'mid-health', ':one': 1, ':now': at, ':end': plusSeconds(now, policy.windowSeconds) },
      });
      if (first.written || tries >= 3) return first.health ?? more.health ?? { failures: 0, version: 0 };
    }
  }

  private async update(
    clientKey: string,
    midId: string,
    expr: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> },
  ): Promise<{ written: true; health: MidHealth } | { written: false; health?: MidHealth }> {
    try {
      const res = await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keyOf(clientKey, midId),
          ...expr,
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { written: true, health: toHealth(res.Attributes ?? {}) };
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException)
        return { written: false, ...(err.Item ? { health: toHealth(unmarshall(err.Item)) } : {}) };
      throw err;
    }
  }
}
