/** Answers in the platform's own error shape, so an app sees the backend's refusals exactly like the platform's. */

export interface BackendResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const json = (status: number, payload: unknown, headers: Record<string, string> = {}): BackendResponse => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(payload),
});

/** 400 "Request data is invalid." listing each "<field>: <message>", as the platform's validation errors do. */
export const invalid = (problems: Array<{ field: string; message: string }>): BackendResponse =>
  json(400, {
    http_code: 400,
    error_code: 100000,
    error_message: 'Request data is invalid.',
    errors: problems.map((p) => ({ error_code: 100000, error_message: `${p.field}: ${p.message}` })),
  });

export const failure = (status: number, message: string): BackendResponse =>
  json(status, { http_code: status, error_code: status, error_message: message, errors: [{ error_code: status, error_message: message }] });

/** No signed-in app user: nothing was signed or sent. */
export const unauthorized = (): BackendResponse => ({
  ...failure(401, 'Sign-in required.'),
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'www-authenticate': 'Bearer' },
});

/**
 * Another user's payment or order answers as an unknown one (the platform's own 101000 texts), so an app user
 * cannot even learn that an id exists.
 */
export const notFound = (message: 'Payment does not exist.' | 'Order does not exist.'): BackendResponse =>
  json(400, { http_code: 400, error_code: 101000, error_message: message, errors: [{ error_code: 101000, error_message: message }] });
