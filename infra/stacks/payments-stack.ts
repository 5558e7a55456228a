/**
 * The platform for one stage: a single CloudFormation stack with one construct per concern
 * (Data, Api, Async, Observability).
 *
 * Why one stack: every function needs the API URL (PUBLIC_BASE_URL) and the API's functions need the queues,
 * while the queue consumers need the API URL too. As separate stacks that is a cross-stack cycle
 * (api ⇄ async); in one stack CloudFormation orders it by itself, and no exports get locked between stacks.
 */
import { NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  OPS_EVENTS,
  QUEUE_CONSUMERS,
  STREAM_CONSUMERS,
  ROUTES,
  SCHEDULED,
  type OpsEventDefinition,
  type StreamConsumerDefinition,
  type QueueConsumerDefinition,
  type RouteDefinition,
  type ScheduledDefinition,
} from '../../shared/routes/index.js';
import type { PlatformFunction, PlatformResources } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';
import { Api } from './api.js';
import { Async } from './async.js';
import { Data } from './data.js';
import { Observability } from './observability.js';
import { Console } from '../constructs/console.js';
import { checkReservedConcurrency } from '../concurrency.js';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';

export interface PaymentsStackProps extends StackProps {
  settings: StageSettings;
  /** Route and event-source tables; default to the platform's (shared/routes). Tests pass small ones. */
  routes?: readonly RouteDefinition[];
  consumers?: readonly QueueConsumerDefinition[];
  scheduled?: readonly ScheduledDefinition[];
  opsEvents?: readonly OpsEventDefinition[];
  streams?: readonly StreamConsumerDefinition[];
}

export class PaymentsStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly async: Async;
  readonly observability: Observability;
  readonly console: Console;
  readonly functions: readonly PlatformFunction[];

  constructor(scope: Construct, id: string, props: PaymentsStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.data = new Data(this, 'Data', { settings });
    this.api = new Api(this, 'Api', { settings });
    this.async = new Async(this, 'Async', { settings, key: this.data.key });
    this.console = new Console(this, 'Console', { settings, apiUrl: this.api.url });

    const platform: PlatformResources = {
      settings,
      table: this.data.table,
      key: this.data.key,
      purposeKeys: this.data.purposeKeys,
      queues: this.async.queues,
      deadLetterQueues: this.async.deadLetterQueues,
      bus: this.async.bus,
      publicBaseUrl: this.api.url,
      console: {
        userPoolArn: this.console.userPool.userPoolArn,
        userPoolId: this.console.userPool.userPoolId,
        clientId: this.console.client.userPoolClientId,
        url: this.console.url,
        originVerify: this.console.originVerify,
        idleMinutes: this.console.idleMinutes,
      },
      deadlineSchedules: this.async.deadlineSchedules,
    };
    // The console API's functions go to a nested stack: with them the stack would pass CloudFormation's 500 resources.
    const routes = props.routes ?? ROUTES;
    const isConsole = (r: RouteDefinition) => r.path.startsWith('/console/api/');
    // Public routes reserve their concurrency; the console's (operators' pages) share the pool with the consumers.
    this.api.addRoutes(routes.filter((r) => !isConsole(r)), platform, this.api, settings.api.reservedConcurrencyPerRoute);
    const consoleRoutes = routes.filter(isConsole);
    if (consoleRoutes.length) this.api.addRoutes(consoleRoutes, platform, new NestedStack(this, 'ConsoleApi', { description: `${settings.stage} console API functions` }));
    this.async.addFunctions(
      {
        consumers: props.consumers ?? QUEUE_CONSUMERS,
        scheduled: props.scheduled ?? SCHEDULED,
        opsEvents: props.opsEvents ?? OPS_EVENTS,
        // A stack built from explicit tables (fixtures) gets only the functions it lists.
        streams: props.streams ?? (props.consumers ? [] : STREAM_CONSUMERS),
      },
      platform,
    );
    this.functions = [...this.api.functions, ...this.async.functions];
    const reservations = this.functions.map((f) => (f.function.node.defaultChild as CfnFunction).reservedConcurrentExecutions).filter((n): n is number => n !== undefined);
    checkReservedConcurrency(settings.stage, reservations, settings.api.concurrencyQuota);

    this.observability = new Observability(this, 'Observability', {
      settings,
      deadLetterQueues: this.async.deadLetterQueues,
      functions: this.functions,
      table: this.data.table,
    });
  }
}
