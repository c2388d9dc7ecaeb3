import type { ApiResponse } from '../../shared/bridge';

/**
 * A multipart upload over HTTP in browser mode. XMLHttpRequest rather than fetch because only it
 * reports upload progress, which drives the import's progress bar on large files. Used by api.ts only.
 */

/** Called with the share of the file sent so far (0 to 1), or null once it is all sent and the engine is working. */
export type UploadProgress = (sent: number | null) => void;

export function uploadOverHttp(url: URL, form: FormData, token: string | null, onProgress?: UploadProgress): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.withCredentials = false;
    if (onProgress) {
      request.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : 0);
      request.upload.onload = () => onProgress(null);
    }
    request.onerror = () => reject(new Error('the request failed'));
    request.onabort = () => reject(new Error('the request was stopped'));
    request.onload = () => {
      const text = request.responseText;
      const isJson = (request.getResponseHeader('content-type') ?? '').includes('json');
      let body: unknown = text;
      if (isJson && text) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
      resolve({ status: request.status, headers: parseHeaders(request.getAllResponseHeaders()), body });
    };
    request.send(form);
  });
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
