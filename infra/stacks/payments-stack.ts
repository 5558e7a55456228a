/**
 * The platform for one stage: a single CloudFormation stack with one construct per concern
 * (Data, Api, Async, Observability).
 *
 * Why one stack: every function needs the API URL (PUBLIC_BASE_URL) and the API's functions need the queues,
 * while the queue consumers need the API URL too. As separate stacks that is a cross-stack cycle
 * (api ⇄ async); in one stack CloudFormation orders it by itself, and no exports get locked between stacks.
 */
import { CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
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
} from '../../shared/entry/routes/index.js';
import type { PlatformFunction, PlatformResources } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';
import { Api } from './api.js';
import { Async } from './async.js';
import { Data } from './data.js';
import { Observability } from './observability.js';
import { Console } from '../constructs/console.js';
import { ApiEdge } from '../constructs/api-edge.js';
import { EdgeWebAcl } from '../constructs/edge-web-acl.js';
import { domainCertificates, type CustomDomain } from '../custom-domain.js';
import { checkReservedConcurrency } from '../concurrency.js';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';

export interface PaymentsStackProps extends StackProps {
  settings: StageSettings;
  /** Route and event-source tables; default to the platform's (shared/entry/routes). Tests pass small ones. */
  routes?: readonly RouteDefinition[];
  consumers?: readonly QueueConsumerDefinition[];
  scheduled?: readonly ScheduledDefinition[];
  opsEvents?: readonly OpsEventDefinition[];
  streams?: readonly StreamConsumerDefinition[];
  /** `-c alarmEmail=a@x,b@y`: subscribed to the alarm topic. */
  alarmEmails?: readonly string[];
  /** `-c domainName=… -c certificateArn=…` (infra/custom-domain.ts). */
  domain?: CustomDomain;
  /**
   * The web ACL of the API's and the console's distributions: `-c webAclArn=`, or the one infra/app.ts creates in
   * us-east-1. Undefined: this stack creates it, which CloudFront accepts only in us-east-1.
   */
  webAclArn?: string;
  /** `-c wafRateLimit=N` for the web ACL this stack creates. */
  wafRateLimit?: number;
  /** `-c directApi=allow`: API Gateway's own address keeps answering, past the web ACL, while merchants move. */
  directApiCalls?: boolean;
}

export class PaymentsStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  /** The API's CloudFront distribution: its public entry (ApiUrl, PUBLIC_BASE_URL). */
  readonly apiEdge: ApiEdge;
  /** The web ACL, when this stack holds it (a stage in us-east-1 without -c webAclArn). */
  readonly webAcl?: EdgeWebAcl;
  /** The console's own HTTP API, reached only through the console's CloudFront (infra/constructs/console.ts). */
  readonly consoleApi: Api;
  readonly async: Async;
  readonly observability: Observability;
  readonly console: Console;
  readonly functions: readonly PlatformFunction[];

  constructor(scope: Construct, id: string, props: PaymentsStackProps) {
    super(scope, id, props);
    const { settings } = props;

    const domain = props.domain ? domainCertificates(this, props.domain) : undefined;
    this.data = new Data(this, 'Data', { settings });
    this.api = new Api(this, 'Api', { settings });
    if (!props.webAclArn) {
      if (this.region !== 'us-east-1')
        throw new Error(`A CloudFront web ACL must be in us-east-1, not ${this.region}: pass webAclArn (infra/app.ts creates one)`);
      this.webAcl = new EdgeWebAcl(this, 'Edge', { stage: settings.stage, rateLimit: props.wafRateLimit });
    }
    const webAclArn = props.webAclArn ?? this.webAcl!.webAcl.attrArn;
    this.apiEdge = new ApiEdge(this, 'ApiEdge', { settings, apiEndpoint: this.api.endpoint, webAclArn, domain: domain?.api });
    this.async = new Async(this, 'Async', { settings, key: this.data.key });
    // The console API has an HTTP API of its own, whose routes, integrations and permissions live with its functions
    // in a nested stack: in this one they would take it past CloudFormation's 500 resources. The API itself stays
    // here, where the console's distribution reaches it at its execute-api address (the functions read the
    // distribution's URL: the other way round would be a cycle).
    const consoleStack = new NestedStack(this, 'ConsoleApi', { description: `${settings.stage} console API routes and functions` });
    this.consoleApi = new Api(this, 'ConsoleHttpApi', { settings, apiName: `${settings.stage}-console` });
    this.console = new Console(this, 'Console', { settings, apiUrl: this.consoleApi.endpoint, webAclArn, domain: domain?.console });

    const platform: PlatformResources = {
      settings,
      table: this.data.table,
      key: this.data.key,
      purposeKeys: this.data.purposeKeys,
      queues: this.async.queues,
      deadLetterQueues: this.async.deadLetterQueues,
      bus: this.async.bus,
      publicBaseUrl: this.apiEdge.url,
      edge: { originVerify: this.apiEdge.originVerify, directCalls: props.directApiCalls },
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
    const routes = props.routes ?? ROUTES;
    const isConsole = (r: RouteDefinition) => r.path.startsWith('/console/api/');
    // Public routes reserve their concurrency; the console's (operators' pages) share the pool with the consumers.
    this.api.addRoutes(
      routes.filter((r) => !isConsole(r)),
      platform,
      this.api,
      settings.api.reservedConcurrencyPerRoute,
    );
    const consoleRoutes = routes.filter(isConsole);
    this.consoleApi.addRoutes(consoleRoutes, platform, consoleStack);
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
    this.functions = [...this.api.functions, ...this.consoleApi.functions, ...this.async.functions];
    const reservations = this.functions
      .map((f) => (f.function.node.defaultChild as CfnFunction).reservedConcurrentExecutions)
      .filter((n): n is number => n !== undefined);
    checkReservedConcurrency(settings.stage, reservations, settings.api.concurrencyQuota);

    // Alarms, topic and dashboard in a nested stack of their own: in this one they would pass the 500 resources.
    const monitoring = new NestedStack(this, 'Monitoring', { description: `${settings.stage} alarms and dashboard` });
    this.observability = new Observability(monitoring, 'Observability', {
      settings,
      deadLetterQueues: { ...this.async.deadLetterQueues, ...this.async.streamFailureQueues },
      functions: this.functions,
      streamConsumers: this.async.streamFunctions,
      table: this.data.table,
      httpApi: this.api.httpApi,
      alarmEmails: props.alarmEmails,
    });

    // What the operator needs after `cdk deploy` (docs/deploy.md); fixed logical ids, so scripts can read them.
    new CfnOutput(this, 'ApiUrl', {
      value: this.apiEdge.url,
      description: 'The payment API through its CloudFront and web ACL (PUBLIC_BASE_URL)',
    });
    new CfnOutput(this, 'ConsoleUrl', { value: this.console.url, description: 'The console' });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.observability.topic.topicArn,
      description: 'Alarms are sent here (-c alarmEmail=… subscribes)',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName, description: 'The payments table' });
    new CfnOutput(this, 'DashboardName', { value: this.observability.dashboard.dashboardName, description: 'CloudWatch dashboard' });
    if (domain) {
      // Descriptions must be plain strings (no tokens): the names as the operator gave them.
      new CfnOutput(this, 'ApiDomainTarget', {
        value: this.apiEdge.distribution.distributionDomainName,
        description: `CNAME ${domain.api.name} to this`,
      });
      new CfnOutput(this, 'ConsoleDomainTarget', {
        value: this.console.distribution.distributionDomainName,
        description: `CNAME ${domain.console.name} to this`,
      });
    }
  }
}
