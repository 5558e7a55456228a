/**
 * The deploy's operator settings from `cdk … -c key=value` (docs/deploy.md): who hears the alarms and the custom
 * domain. Read by infra/bin/app.ts; refused at synth when malformed, not at the first alarm.
 */
import type { CustomDomain } from './custom-domain.js';

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export interface OperatorOptions {
  alarmEmails?: string[];
  domain?: CustomDomain;
}

/** `context(key)`: the `-c` value, undefined when absent or empty. */
export function operatorOptions(context: (key: string) => string | undefined): OperatorOptions {
  const options: OperatorOptions = {};
  const emails = context('alarmEmail');
  if (emails !== undefined) {
    const list = emails
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = list.filter((e) => !EMAIL.test(e));
    if (bad.length || !list.length) throw new Error(`-c alarmEmail must be one or more comma-separated email addresses, not "${emails}"`);
    options.alarmEmails = list;
  }
  const name = context('domainName');
  const certificateArn = context('certificateArn');
  if ((name === undefined) !== (certificateArn === undefined)) throw new Error('-c domainName and -c certificateArn go together');
  if (name !== undefined && certificateArn !== undefined) {
    if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(name))
      throw new Error(`-c domainName is not a host name: "${name}"`);
    const consoleName = context('consoleDomainName');
    const consoleCertificateArn = context('consoleCertificateArn');
    options.domain = {
      name,
      certificateArn,
      ...(consoleName ? { consoleName } : {}),
      ...(consoleCertificateArn ? { consoleCertificateArn } : {}),
    };
  }
  return options;
}
