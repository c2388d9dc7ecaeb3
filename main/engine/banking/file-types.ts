/** Attachment types the engine accepts, each with how to recognise its bytes. */
const SIGNATURES: readonly { type: string; matches(bytes: Uint8Array): boolean }[] = [
  { type: 'application/pdf', matches: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
  { type: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) },
  { type: 'image/tiff', matches: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
  { type: 'image/webp', matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
];

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);
const ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export const ACCEPTED_CONTENT_TYPES = [...SIGNATURES.map((signature) => signature.type), ...TEXT_TYPES];

/**
 * Checks a declared content type against the bytes. Returns the normalised type, or a reason the file
 * is refused: a receipt that claims to be a PDF but is not one is refused rather than stored.
 */
export function checkContentType(declared: string, bytes: Uint8Array): { type: string } | { problem: string } {
  const type = ALIASES[declared.trim().toLowerCase()] ?? declared.trim().toLowerCase();
  if (TEXT_TYPES.has(type)) return isText(bytes) ? { type } : { problem: `content_type is ${type} but the file is not text` };
  const signature = SIGNATURES.find((entry) => entry.type === type);
  if (!signature) return { problem: `content_type ${declared} is not accepted; use one of ${ACCEPTED_CONTENT_TYPES.join(', ')}` };
  if (!signature.matches(bytes)) {
    const actual = SIGNATURES.find((entry) => entry.matches(bytes))?.type;
    return { problem: `content_type is ${type} but the file is ${actual ?? 'not of that type'}` };
  }
  return { type };
}
