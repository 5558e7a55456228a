/**
 * API: one HttpApi, its $default stage (access logs, throttling) and one Lambda per ROUTES entry.
 * The HttpApi is created before the other concerns so every function can receive its URL (PUBLIC_BASE_URL);
 * routes are added once the queues exist.
 */
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Stack, Validations } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';
import { routesForStage } from '../../shared/entry/routes/stage-routes.js';
import { PlatformFunction, type PlatformResources } from '../constructs/platform-function.js';
import type { StageSettings } from '../stages.js';
import { routeThrottles } from '../api-throttle.js';

export interface ApiProps {
  settings: StageSettings;
  /** The HTTP API's name; `<stage>-payments` by default. */
  apiName?: string;
}

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions: PlatformFunction[] = [];
  private readonly stage: apigw.HttpStage;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { settings } = props;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: props.apiName ?? `${settings.stage}-payments`,
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.api.throttleRateLimit, burstLimit: settings.api.throttleBurstLimit },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
  }

  /** The $default stage's own URL (execute-api): the origin of the stage's CloudFront (infra/constructs/api-edge.ts). */
  get endpoint(): string {
    return this.httpApi.apiEndpoint;
  }

  /**
   * `scope`: where the functions live (a nested stack keeps the stack under CloudFormation's 500 resources).
   * `reservedConcurrency`: each function's reservation (undefined: the account's shared pool).
   */
  addRoutes(routes: readonly RouteDefinition[], platform: PlatformResources, scope: Construct = this, reservedConcurrency?: number): void {
    const here: Array<{ key: string; route: apigw.HttpRoute }> = [];
    // Sandbox-only routes (the hosted-fields demo page) are not deployed in live stages.
    for (const route of routesForStage(routes, platform.settings)) {
      const fn = new PlatformFunction(scope, route.id, { definition: route, platform, reservedConcurrency });
      this.functions.push(fn);
      const integration = new HttpLambdaIntegration(`${route.id}Integration`, fn.function);
      // In another stack (the console's nested stack) the route, its integration and its permission go with the function.
      const httpRoute =
        Stack.of(scope) === Stack.of(this)
          ? this.httpApi.addRoutes({ path: route.path, methods: [apigw.HttpMethod[route.method]], integration })[0]
          : new apigw.HttpRoute(scope, `${route.id}Route`, {
              httpApi: this.httpApi,
              routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
              integration,
            });
      if (httpRoute && Stack.of(scope) === Stack.of(this)) here.push({ key: `${route.method} ${route.path}`, route: httpRoute });
      if (httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'Callers authenticate in the protocol itself (merchant key + request hash checked by the handler); API Gateway authorizers cannot verify it.',
        });
      }
    }
    if (here.length) this.throttleRoutes(here, platform.settings);
  }

  /** Each route's own rate and burst (infra/api-throttle.ts), on top of the stage's default for every route. */
  private throttleRoutes(routes: ReadonlyArray<{ key: string; route: apigw.HttpRoute }>, settings: StageSettings): void {
    const keys = routes.map((r) => r.key);
    const stageDefault = { rate: settings.api.throttleRateLimit, burst: settings.api.throttleBurstLimit };
    const throttles = routeThrottles(keys, stageDefault, settings.api.routeThrottles);
    const stage = this.stage.node.defaultChild as apigw.CfnStage;
    // A JSON property: CloudFormation's own names, keyed by route key.
    stage.routeSettings = Object.fromEntries(
      Object.entries(throttles).map(([key, t]) => [key, { ThrottlingRateLimit: t.rate, ThrottlingBurstLimit: t.burst }]),
    );
    // API Gateway refuses settings for a route it does not have yet.
    for (const { route } of routes) this.stage.node.addDependency(route);
  }
}
