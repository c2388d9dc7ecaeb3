import { describe, expect, it } from 'vitest';
import { descendant, parseMarkup, textAt, type MarkupNode } from '../../main/importers/markup';

const names = (node: MarkupNode | undefined): unknown => node && (node.children.length ? { [node.name]: node.children.map(names) } : `${node.name}=${node.text}`);

describe('parseMarkup', () => {
  it('ends an SGML leaf at the next tag and swallows its optional closing tag', () => {
    const root = parseMarkup('<A><B>1<C>2</C><D></D><E/></A>');
    expect(names(root.children[0])).toEqual({ A: ['B=1', 'C=2', 'D=', 'E='] });
  });

  it('ignores closing tags for nothing open and closes what an outer closing tag ends', () => {
    const root = parseMarkup('<A><B>1\n  <C>2\n  </C>\n </B>\n <D><E>3</A><F>4');
    expect(names(root)).toEqual({ '#document': [{ A: ['B=1', 'C=2', { D: ['E=3'] }] }, 'F=4'] });
  });

  it('reads CDATA, entities, attributes and namespace prefixes, and skips comments and processing instructions', () => {
    const root = parseMarkup('<?xml version="1.0"?><ns:Doc xmlns:ns="urn:x"><!-- <Skip>1</Skip> --><Nm><![CDATA[A & B ]]></Nm><Amt Ccy="EUR">1.00</Amt><T>&lt;&#233;&amp;&#x41;&gt;</T></ns:Doc>');
    const doc = root.children[0];
    expect(doc.name).toBe('Doc');
    expect(doc.attributes).toEqual({ 'xmlns:ns': 'urn:x' });
    expect(textAt(doc, 'Nm')).toBe('A & B');
    expect(descendant(doc, 'Amt')).toMatchObject({ text: '1.00', attributes: { Ccy: 'EUR' } });
    expect(textAt(doc, 'T')).toBe('<é&A>');
    expect(descendant(doc, 'Skip')).toBeUndefined();
  });

  it('hands over detached elements as they end, with their ancestors, including ones a cut-short file leaves open', () => {
    const seen: string[] = [];
    const root = parseMarkup('<L><S><T><V>1</T><T><V>2</S><S><T><V>3', 0, {
      detach: { names: new Set(['T']), handle: (node, stack, depth) => seen.push(`${stack[depth - 1].name}:${textAt(node, 'V')}`) },
    });
    expect(seen).toEqual(['S:1', 'S:2', 'S:3']);
    expect(root.children[0].children.map((s) => [s.name, s.children.length])).toEqual([
      ['S', 0],
      ['S', 0],
    ]);
  });

  it('folds OFX tag names to upper case when asked', () => {
    expect(textAt(parseMarkup('<ofx><trnamt>-1.00</ofx>', 0, { upperCase: true }), 'TRNAMT')).toBe('-1.00');
  });
});
