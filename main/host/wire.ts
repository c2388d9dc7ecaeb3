/**
 * A Request or Response as plain data that can cross a worker's message port. The body travels as
 * an ArrayBuffer listed in the transfer list, so a 50 MB statement is moved to the worker, not copied.
 */
export interface WireRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  origin?: string;
}

export interface WireResponse {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

const NO_BODY = new Set(['GET', 'HEAD']);

/** Reads the request's body once; the buffer is the caller's to transfer. */
export async function toWireRequest(request: Request, origin?: string): Promise<WireRequest> {
  const body = NO_BODY.has(request.method) || request.body === null ? null : await request.arrayBuffer();
  // The multipart boundary of a FormData body lives in the content type Request made for it.
  return { method: request.method, url: request.url, headers: [...request.headers.entries()], body, ...(origin === undefined ? {} : { origin }) };
}

export function fromWireRequest(wire: WireRequest): Request {
  return new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body });
}

export async function toWireResponse(response: Response): Promise<WireResponse> {
  const body = response.body === null ? null : await response.arrayBuffer();
  return { status: response.status, headers: [...response.headers.entries()], body };
}

export function fromWireResponse(wire: WireResponse): Response {
  // A 204/304 may not carry a body, not even an empty one.
  const body = wire.status === 204 || wire.status === 304 ? null : wire.body;
  return new Response(body, { status: wire.status, headers: wire.headers });
}

/** The buffers worth moving rather than copying. */
export function transferOf(wire: { body: ArrayBuffer | null }): ArrayBuffer[] {
  return wire.body && wire.body.byteLength > 0 ? [wire.body] : [];
}

/** A JSON error answer in the engine's own shape, for when the engine cannot answer at all. */
export function errorResponse(status: number, message: string): Response {
  return Response.json({ errors: [{ message }] }, { status });
}
