import { decodeXml } from '../../main/engine/codec/xml';

/**
 * Reads an XML response the way a client of the service would: the engine's own decoder, which
 * turns typed elements back into the values their JSON twins hold, so the two can be compared whole.
 */
export async function readXml(response: Response): Promise<Record<string, unknown>> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/xml')) throw new Error(`expected an XML response, got ${type}`);
  return decodeXml(await response.text());
}
