/**
 * Behind API Gateway's JWT authorizer (infra/stacks/merchant-backend-stack.ts) the token's signature, issuer,
 * audience and expiry are already checked; the user is the verified `sub`. No claims (a route deployed without the
 * authorizer) means nobody is signed in.
 */
import type { Authenticate } from './app-user.js';

export const userFromGatewayClaims: Authenticate = ({ claims }) => {
  const sub = claims?.sub;
  return typeof sub === 'string' && sub !== '' ? { id: sub } : undefined;
};
