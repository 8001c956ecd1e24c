// XML from third parties (EDGAR's Atom feeds, Form D's primary_doc.xml) read like their HTML is
// (text.ts): htmlparser2's tokenizer in one linear pass, never its Parser (whose element stack makes
// deeply nested input quadratic) nor backtracking patterns. A hostile document must not stall us.
import { Tokenizer } from 'htmlparser2';
import { decodeEntities } from './text.ts';

export type XmlVisitor = {
  /** `depth` is the number of open ancestors (0 for the root); names lose any namespace prefix. */
  open?(name: string, attrs: Record<string, string>, depth: number): void;
  close?(name: string, depth: number): void;
  /** Text and CDATA, entities decoded. */
  text?(text: string, depth: number): void;
};

/**
 * How far up a close tag looks for its element. Well-formed XML closes the innermost one; a stray
 * or missing close tag is tolerated this far, and an unmatched one ignored, so each tag costs O(1).
 */
const CLOSE_SEARCH = 8;

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** Walks the XML once, calling `visit` for each element's start and end and each text run. */
export function walkXml(xml: string, visit: XmlVisitor) {
  const stack: string[] = [];
  let tag = '';
  let attrs: Record<string, string> = {};
  let attrName = '';
  let attrValue = '';
  const opened = (selfClosing: boolean) => {
    visit.open?.(tag, attrs, stack.length);
    if (selfClosing) visit.close?.(tag, stack.length);
    else stack.push(tag);
  };
  const tokenizer = new Tokenizer(
    { xmlMode: true, decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = localName(xml.slice(start, end));
        attrs = {};
      },
      onattribname(start, end) {
        attrName = localName(xml.slice(start, end));
        attrValue = '';
      },
      onattribdata(start, end) {
        attrValue += xml.slice(start, end);
      },
      onattribentity() {},
      onattribend() {
        attrs[attrName] ??= decodeEntities(attrValue);
      },
      onopentagend: () => opened(false),
      onselfclosingtag: () => opened(true),
      onclosetag(start, end) {
        const name = localName(xml.slice(start, end));
        const from = stack.length - 1;
        for (let i = from; i >= Math.max(0, from - CLOSE_SEARCH); i--) {
          if (stack[i] !== name) continue;
          // The elements left open inside it end with it.
          while (stack.length > i) visit.close?.(stack.pop()!, stack.length);
          return;
        }
      },
      ontext(start, end) {
        visit.text?.(decodeEntities(xml.slice(start, end)), stack.length);
      },
      ontextentity() {},
      oncdata(start, end, offset) {
        visit.text?.(xml.slice(start, end - offset), stack.length);
      },
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(xml);
  tokenizer.end();
}
