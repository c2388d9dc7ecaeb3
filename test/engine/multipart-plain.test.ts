import { describe, expect, it } from 'vitest';
import { plainMultipart, type MultipartParts } from '../../main/engine/codec/multipart';

// The direct reading of a plain multipart body must give exactly what undici's FormData gives, and
// must decline (null) every body it does not read exactly so, which then goes to undici as before.

async function undiciParts(bytes: Uint8Array, contentType: string): Promise<MultipartParts> {
  const form = await new Response(bytes as BlobPart, { headers: { 'content-type': contentType } }).formData();
  const parts: MultipartParts = { files: {}, fields: {} };
  for (const [name, entry] of form.entries()) {
    if (typeof entry === 'string') parts.fields[name] = entry;
    else parts.files[name] = { name: entry.name, type: entry.type, bytes: new Uint8Array(await entry.arrayBuffer()) };
  }
  return parts;
}

/** The body and Content-Type fetch itself sends for a FormData. */
async function sent(form: FormData): Promise<{ bytes: Uint8Array; contentType: string }> {
  const request = new Request('http://127.0.0.1/v2/bank_transactions/statement', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const text = (value: string) => new TextEncoder().encode(value);

function handWritten(parts: string[], boundary = '------------------------d74496d66958873e', tail = '--\r\n'): { bytes: Uint8Array; contentType: string } {
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}${tail}`;
  return { bytes: text(body), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('plain multipart bodies', () => {
  it('read a statement file and fields exactly as undici does, for the bodies fetch sends', async () => {
    const forms: FormData[] = [];
    const statement = new FormData();
    statement.set('statement', new Blob([text('OFXHEADER:100\r\n<OFX>\r\n--not a boundary\r\n</OFX>\r\n')]), 'statement.ofx');
    forms.push(statement);
    const reviewed = new FormData();
    reviewed.set('statement', new Blob([text('date,amount\n2026-01-01,1.00\n')], { type: 'Text/CSV' }), 'bank.csv');
    reviewed.set('date_order', 'dmy');
    reviewed.set('note', '\uFEFFcafé ☕ 💸');
    reviewed.set('empty', '');
    forms.push(reviewed);
    const twice = new FormData();
    twice.append('statement', new Blob([text('first')]), 'one.qif');
    twice.append('statement', new Blob([text('second')]), 'two.qif');
    twice.set('blank', new Blob([]), '');
    forms.push(twice);
    for (const form of forms) {
      const { bytes, contentType } = await sent(form);
      const ours = plainMultipart(bytes, contentType);
      expect(ours).not.toBeNull();
      expect(ours).toEqual(await undiciParts(bytes, contentType));
    }
  });

  it("read curl's body (its own boundary and Content-Type) as undici does", async () => {
    const { bytes, contentType } = handWritten([
      'Content-Disposition: form-data; name="statement"; filename="Lloyds Jan.ofx"\r\nContent-Type: Application/Octet-Stream\r\n\r\n<OFX>\r\n</OFX>',
      'content-disposition: form-data; name="rows"\r\n\r\n[1,2]',
    ]);
    const ours = plainMultipart(bytes, contentType);
    expect(ours?.files.statement?.name).toBe('Lloyds Jan.ofx');
    expect(ours).toEqual(await undiciParts(bytes, contentType));
  });

  it('decline what it does not read exactly as undici (undici then reads or refuses it)', () => {
    const declined = [
      // A preamble, an epilogue, a part header it does not know, an escaped or extended name, non-ASCII headers.
      { ...handWritten(['Content-Disposition: form-data; name="a"\r\n\r\n1']), bytes: text(`preamble\r\n${new TextDecoder().decode(handWritten(['Content-Disposition: form-data; name="a"\r\n\r\n1']).bytes)}`) },
      handWritten(['Content-Disposition: form-data; name="a"\r\n\r\n1'], undefined, '--\r\nepilogue'),
      handWritten(['Content-Disposition: form-data; name="a"\r\nContent-Transfer-Encoding: 8bit\r\n\r\n1']),
      handWritten(['Content-Disposition: form-data; name="a%22b"\r\n\r\n1']),
      handWritten(["Content-Disposition: form-data; name=\"f\"; filename*=UTF-8''%C3%A9.ofx\r\n\r\n1"]),
      handWritten(['Content-Disposition: form-data; name="f"; filename="é.ofx"\r\n\r\n1']),
    ];
    for (const { bytes, contentType } of declined) {
      expect(plainMultipart(bytes, contentType)).toBeNull();
    }
  });

  it('decline a body with no closing boundary or a Content-Type without the boundary', () => {
    const { bytes, contentType } = handWritten(['Content-Disposition: form-data; name="a"\r\n\r\n1']);
    expect(plainMultipart(bytes.subarray(0, bytes.length - 10), contentType)).toBeNull();
    expect(plainMultipart(bytes, 'multipart/form-data')).toBeNull();
    expect(plainMultipart(bytes, `${contentType}; charset=utf-8`)).toBeNull();
  });
});
