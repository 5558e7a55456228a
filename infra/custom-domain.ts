/**
 * `-c domainName=pay.example.com -c certificateArn=…`: the API on the operator's own host name and the console on
 * `console.<domainName>` (or `-c consoleDomainName=`). API Gateway takes a certificate of the stack's region,
 * CloudFront one of us-east-1: a stack in us-east-1 may use one certificate for both (both names on it), any other
 * needs `-c consoleCertificateArn=` (us-east-1) as well. The DNS records are the operator's (docs/deploy.md).
 */
import { Token } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';

export interface CustomDomain {
  name: string;
  certificateArn: string;
  consoleName?: string;
  consoleCertificateArn?: string;
}

export interface DomainCertificates {
  api: { name: string; certificate: acm.ICertificate };
  console: { name: string; certificate: acm.ICertificate };
}

/** The region of an ACM certificate ARN (arn:aws:acm:REGION:ACCOUNT:certificate/ID), undefined if it is no such ARN. */
function certificateRegion(arn: string): string | undefined {
  return /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[\w-]+$/.exec(arn)?.[1];
}

export function domainCertificates(scope: Construct, domain: CustomDomain, stackRegion: string): DomainCertificates {
  const apiRegion = certificateRegion(domain.certificateArn);
  if (!apiRegion) throw new Error(`-c certificateArn is not an ACM certificate ARN: "${domain.certificateArn}"`);
  if (!Token.isUnresolved(stackRegion) && apiRegion !== stackRegion) {
    throw new Error(`-c certificateArn is in ${apiRegion}; API Gateway needs a certificate in the stack's region ${stackRegion}`);
  }
  const consoleArn = domain.consoleCertificateArn ?? (apiRegion === 'us-east-1' ? domain.certificateArn : undefined);
  if (!consoleArn) {
    throw new Error('The console (CloudFront) needs a certificate in us-east-1: pass -c consoleCertificateArn=arn:aws:acm:us-east-1:…');
  }
  if (certificateRegion(consoleArn) !== 'us-east-1') throw new Error(`-c consoleCertificateArn must be an ACM certificate in us-east-1: "${consoleArn}"`);
  return {
    api: { name: domain.name, certificate: acm.Certificate.fromCertificateArn(scope, 'ApiCertificate', domain.certificateArn) },
    console: { name: domain.consoleName ?? `console.${domain.name}`, certificate: acm.Certificate.fromCertificateArn(scope, 'ConsoleCertificate', consoleArn) },
  };
}
