/**
 * `-c domainName=pay.example.com -c certificateArn=…`: the API on the operator's own host name and the console on
 * `console.<domainName>` (or `-c consoleDomainName=`). Both are CloudFront distributions (the API's carries the web
 * ACL: infra/constructs/api-edge.ts), and CloudFront takes certificates of us-east-1 only, whatever the stack's
 * region: `certificateArn` names the API's host, `-c consoleCertificateArn=` the console's (by default the same
 * certificate, naming both). The DNS records are the operator's (docs/deploy.md).
 */
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

export function domainCertificates(scope: Construct, domain: CustomDomain): DomainCertificates {
  const apiRegion = certificateRegion(domain.certificateArn);
  if (!apiRegion) throw new Error(`-c certificateArn is not an ACM certificate ARN: "${domain.certificateArn}"`);
  if (apiRegion !== 'us-east-1') {
    throw new Error(`-c certificateArn is in ${apiRegion}; the API is served by CloudFront, which needs a certificate in us-east-1`);
  }
  const consoleArn = domain.consoleCertificateArn ?? domain.certificateArn;
  if (certificateRegion(consoleArn) !== 'us-east-1')
    throw new Error(`-c consoleCertificateArn must be an ACM certificate in us-east-1: "${consoleArn}"`);
  return {
    api: { name: domain.name, certificate: acm.Certificate.fromCertificateArn(scope, 'ApiCertificate', domain.certificateArn) },
    console: {
      name: domain.consoleName ?? `console.${domain.name}`,
      certificate: acm.Certificate.fromCertificateArn(scope, 'ConsoleCertificate', consoleArn),
    },
  };
}
