/** The operator's `-c` settings as infra/bin/app.ts reads them: alarm emails and the custom domain, refused when malformed. */
import { describe, expect, it } from 'vitest';
import { operatorOptions } from '../../infra/operator-context.js';

const context = (values: Record<string, string>) => (key: string) => values[key];
const arn = 'arn:aws:acm:eu-west-1:111111111111:certificate/0a1b2c3d';

describe('operator context', () => {
  it('reads one or several comma-separated alarm emails', () => {
    expect(operatorOptions(context({ alarmEmail: 'ops@example.com' }))).toEqual({ alarmEmails: ['ops@example.com'] });
    expect(operatorOptions(context({ alarmEmail: 'ops@example.com, oncall@example.com' })).alarmEmails).toEqual([
      'ops@example.com',
      'oncall@example.com',
    ]);
    expect(operatorOptions(context({}))).toEqual({});
  });

  it('refuses what is not an email address', () => {
    expect(() => operatorOptions(context({ alarmEmail: 'ops@example.com,nobody' }))).toThrow(/-c alarmEmail must be/);
    expect(() => operatorOptions(context({ alarmEmail: ',' }))).toThrow(/-c alarmEmail must be/);
  });

  it('takes the domain and its certificate together', () => {
    expect(operatorOptions(context({ domainName: 'pay.example.com', certificateArn: arn })).domain).toEqual({
      name: 'pay.example.com',
      certificateArn: arn,
    });
    expect(() => operatorOptions(context({ domainName: 'pay.example.com' }))).toThrow(/go together/);
    expect(() => operatorOptions(context({ certificateArn: arn }))).toThrow(/go together/);
    expect(() => operatorOptions(context({ domainName: 'https://pay.example.com', certificateArn: arn }))).toThrow(/not a host name/);
  });
});
