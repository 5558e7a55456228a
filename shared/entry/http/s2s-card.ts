/**
 * The S2S CARD request (/post and /v2/post, which differ only in the shape of redirect_params): the decoded form with
 * the request's headers and the caller's address, which some actions read.
 */
import type { HttpEvent } from './http.js';
import type { S2sBaseDeps, S2sBaseRequest } from './s2s.js';

export function s2sCardRequest(redirectParamsStyle: 'object' | 'list') {
  return <D extends S2sBaseDeps>(base: S2sBaseRequest<D>, event: HttpEvent) => ({
    ...base,
    redirectParamsStyle,
    headers: event.headers ?? {},
    sourceIp: event.requestContext?.http?.sourceIp,
  });
}
