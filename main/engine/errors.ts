/** An error that carries its HTTP status; anything thrown on a request path that is not one is a bug. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Authorization with a valid Bearer token is required') =>
  new ApiError(401, message, { 'WWW-Authenticate': 'Bearer realm="ledgerdesk"' });
export const forbidden = (message = 'Your access level does not allow this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const unprocessable = (message: string) => new ApiError(422, message);

/** The error body of DESIGN.md: {"errors":[{"message":"..."}]}. */
export function errorBody(messages: readonly string[]): { errors: { message: string }[] } {
  return { errors: messages.map((message) => ({ message })) };
}
