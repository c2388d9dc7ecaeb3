import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../errors';
import { DateValue, DecimalValue, TimestampValue, type FieldValue } from '../values';
import { fromXmlName, itemName, toXmlName } from './names';

/**
 * The service's XML: a <freeagent> wrapper around the same root key as JSON, hyphenated element
 * names, and type attributes on everything that is not a plain string, so that a record reads back
 * the same from XML as from JSON.
 */
const ROOT = 'freeagent';

type XmlNode = Record<string, unknown>;

function element(value: FieldValue | undefined, key: string): unknown {
  if (value === null) return { '@_nil': 'true' };
  if (value instanceof DecimalValue) return { '#text': value.text, '@_type': 'decimal' };
  if (value instanceof DateValue) return { '#text': value.text, '@_type': 'date' };
  if (value instanceof TimestampValue) return { '#text': value.text, '@_type': 'datetime' };
  if (typeof value === 'number') return { '#text': String(value), '@_type': Number.isInteger(value) ? 'integer' : 'float' };
  if (typeof value === 'boolean') return { '#text': String(value), '@_type': 'boolean' };
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const item = toXmlName(itemName(key));
    return { '@_type': 'array', [item]: value.map((entry) => element(entry, itemName(key))) };
  }
  if (typeof value === 'object' && value !== undefined) return objectNode(value);
  return '';
}

function objectNode(record: { [key: string]: FieldValue | undefined }): XmlNode {
  const node: XmlNode = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    node[toXmlName(key)] = element(value, key);
  }
  return node;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});

export function encodeXml(body: { [key: string]: FieldValue | undefined }): string {
  const xml = builder.build({ [ROOT]: objectNode(body) }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Numbers stay text: a decimal amount must never pass through a float.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
});

const XML_ENTITY_TEXT: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** A character reference must name a character XML allows; &#99999999; would make fromCodePoint throw. */
function referencedChar(code: number): string {
  const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
  if (!allowed) throw badRequest('Malformed XML: a character reference names no valid character');
  return String.fromCodePoint(code);
}

function unescapeText(text: string): string {
  return text
    .replace(/&(lt|gt|quot|apos);/g, (match) => XML_ENTITY_TEXT[match] ?? match)
    .replace(/&#(\d+);/g, (_, code: string) => referencedChar(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => referencedChar(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

function attributes(node: XmlNode): { type?: string; nil: boolean } {
  const type = node['@_type'];
  return { type: typeof type === 'string' ? type : undefined, nil: node['@_nil'] === 'true' };
}

function childEntries(node: XmlNode): [string, unknown][] {
  return Object.entries(node).filter(([key]) => !key.startsWith('@_') && key !== '#text');
}

function typedText(text: string, type: string | undefined): unknown {
  switch (type) {
    case 'integer':
      return /^[+-]?\d+$/.test(text) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    default:
      // decimal, date, datetime and untyped text all stay strings, as in JSON.
      return text;
  }
}

function decodeNode(value: unknown): unknown {
  if (typeof value === 'string') return unescapeText(value);
  if (Array.isArray(value)) return value.map(decodeNode);
  if (typeof value !== 'object' || value === null) return value;
  const node = value as XmlNode;
  const { type, nil } = attributes(node);
  if (nil) return null;
  if (type === 'array') {
    const items: unknown[] = [];
    for (const [, child] of childEntries(node)) {
      if (Array.isArray(child)) items.push(...child.map(decodeNode));
      else items.push(decodeNode(child));
    }
    return items;
  }
  const children = childEntries(node);
  if (children.length === 0) {
    const text = node['#text'];
    return typedText(typeof text === 'string' ? unescapeText(text) : text === undefined ? '' : String(text), type);
  }
  const record: Record<string, unknown> = {};
  for (const [key, child] of children) record[fromXmlName(key)] = decodeNode(child);
  return record;
}

/**
 * The validator's sentence, except where it prints the elements left open as a JSON list
 * ("Invalid '[    "freeagent",    "user"]' found."): those are named as a person would read them.
 */
function validatorWords(message: string): string {
  const open = /^Invalid '(\[[\s\S]*\])' found\.$/.exec(message);
  if (!open) return message;
  try {
    const names = (JSON.parse(open[1]!) as unknown[]).map((name) => `<${String(name)}>`);
    if (names.length === 0) return message;
    return `${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : names[0]!} ${names.length > 1 ? 'are' : 'is'} never closed`;
  } catch {
    return message;
  }
}

/** Parses a request body. A DOCTYPE or entity declaration is refused before parsing: nothing expands. */
export function decodeXml(text: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw badRequest('XML with a DOCTYPE or entity declarations is not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw badRequest(`Malformed XML: ${validatorWords(valid.err.msg)} (line ${valid.err.line})`);
  let document: XmlNode;
  try {
    document = parser.parse(text) as XmlNode;
  } catch (error) {
    // Well-formed but refused by the parser: nesting over its limit, element names such as __proto__.
    throw badRequest(`Malformed XML: ${(error as Error).message}`);
  }
  const roots = childEntries(document);
  if (roots.length !== 1) throw badRequest('Malformed XML: expected one root element');
  const [rootName, rootValue] = roots[0]!;
  if (rootName === ROOT) {
    const decoded = decodeNode(rootValue);
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded)
      ? (decoded as Record<string, unknown>)
      : {};
  }
  return { [fromXmlName(rootName)]: decodeNode(rootValue) };
}
