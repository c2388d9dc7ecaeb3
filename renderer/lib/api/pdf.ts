/** A sales document's PDF (invoice, credit note, estimate): the engine sends the bytes base64 in JSON. */
import { z } from 'zod';
import { getOne, pathOf, type ApiResult } from '../api';

export async function documentPdf(url: string): Promise<ApiResult<Uint8Array>> {
  const read = await getOne('GET', `${pathOf(url)}/pdf`, 'pdf', z.object({ content: z.string() }));
  if (!read.ok) return read;
  const binary = atob(read.value.content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return { ok: true, value: bytes };
}
