// What a reader skips in the article Readability finds. Readability picks the page's main content
// well but keeps what sits inside it: links to other stories between and under the paragraphs
// ("Related: …", "Read more:" lists, teasers of the next posts), the labels and notices of the page's
// furniture, a photo's credit, a promo or caption written several times over. The extractors that
// beat Readability on extraction benchmarks do so with rules like these on top of the main-content
// guess. Measured by `npm run measure:extraction`. And Readability drops an embedded social post
// when its wrapper's class says "social" or it sits in an <aside>: part of the story, so kept.

const EMBEDDED_POSTS = [
  'blockquote.twitter-tweet',
  'blockquote.twitter-video',
  'blockquote.instagram-media',
  'blockquote.tiktok-embed',
  'blockquote.reddit-embed-bq',
  'blockquote.bluesky-embed',
  'blockquote.mastodon-embed',
  'blockquote.text-post-media',
  'blockquote.fb-xfbml-parse-ignore',
].join(', ');
/** What an embed's wrapper holds beside the post: the script that renders it. */
const EMBED_EXTRAS = new Set(['script', 'noscript', 'style', 'iframe', 'template']);

/**
 * Before Readability runs: each embedded social post takes the place of the wrappers that hold
 * nothing else, whose classes ("social-embed") or elements (<aside>) Readability discards.
 */
export function unwrapEmbeddedPosts(document: Document): void {
  for (const post of document.querySelectorAll(EMBEDDED_POSTS)) {
    let wrapper: Element = post;
    for (let parent = wrapper.parentElement; parent && holdsOnly(parent, wrapper); parent = wrapper.parentElement) wrapper = parent;
    if (wrapper !== post) wrapper.replaceWith(post);
  }
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Whether `parent` holds `child` and nothing else a reader sees (each step looks at children only). */
function holdsOnly(parent: Element, child: Element): boolean {
  if (parent.localName === 'body' || parent.localName === 'html') return false;
  for (const node of parent.childNodes) {
    if (node === child) continue;
    if (node.nodeType === TEXT_NODE && !node.nodeValue?.trim()) continue;
    if (node.nodeType === ELEMENT_NODE && EMBED_EXTRAS.has((node as Element).localName)) continue;
    if (node.nodeType !== TEXT_NODE && node.nodeType !== ELEMENT_NODE) continue;
    return false;
  }
  return true;
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
/** Blocks that are a line of their own: a paragraph of links to elsewhere is one of these. */
const LINE_BLOCKS = `p, li, dt, dd, ${HEADINGS}`;
/** A block of links: at least this share of its letters is link text… */
const LINK_SHARE = 0.8;
/** …and it is short, as a headline or a "Related: …" line is, or it is several links (a menu, a tag list). */
const LINK_LINE_MAX_WORDS = 25;
const LINK_LIST_MIN_LINKS = 3;
/** A teaser (headline and excerpt) is short; a section of the story under a linked heading is not. */
const TEASER_MAX_WORDS = 80;

/**
 * After Readability, on its article: removes lists of teasers (two or more items, each under a
 * linked headline: the next posts, more stories), blocks of links between the story's paragraphs
 * (related stories, "Read more" lines, menus, tag lists) with the label that introduces them, a
 * caption already given under an earlier photo, and photo credits. Blockquotes, where embedded posts
 * and quoted statements are, are left whole. Links after the story's last paragraph are left: a
 * story may end on the documents it reports (a filing, a report, a transcript), and there they
 * cannot be told from a list of further reading.
 */
export function dropBoilerplate(article: Element): void {
  // Teaser lists first: without their headlines, their excerpts would pass for the story's paragraphs.
  for (const element of [...article.querySelectorAll('*')]) {
    if (article.contains(element) && !inQuote(element) && isTeaserList(element)) element.remove();
  }
  const blocks = [...article.querySelectorAll(LINE_BLOCKS)].filter((block) => !inQuote(block) && letters(block.textContent) > 0);
  const linked = blocks.map(isLinkBlock);
  const storyEnd = linked.lastIndexOf(false);
  for (let index = storyEnd - 1; index >= 0; index -= 1) {
    if (!linked[index]) continue;
    blocks[index]!.remove();
    const label = blocks[index - 1];
    if (label && !linked[index - 1] && LINK_LABEL.test(tidy(label.textContent))) blocks[index - 1]!.remove();
  }
  const captions = new Set<string>();
  for (const caption of [...article.querySelectorAll('figcaption')]) {
    const text = tidy(caption.textContent).toLowerCase();
    if (captions.has(text)) caption.remove();
    captions.add(text);
  }
  for (const credit of [...article.querySelectorAll('figure [class], figure [itemprop], figcaption [class], figcaption [itemprop]')]) {
    const names = `${credit.getAttribute('class') ?? ''} ${credit.getAttribute('itemprop') ?? ''}`;
    if (article.contains(credit) && /credit|copyright/i.test(names)) credit.remove();
  }
}

/** The line that introduces a list of links. */
const LINK_LABEL =
  /^(read more|related( (coverage|stories|articles|content|links|posts|reading))?|see also|more on this (story|topic)|you (may|might) also like|recommended( for you)?|most (read|popular)|further reading)\s*:?$/i;
const tidy = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const inQuote = (element: Element) => element.closest('blockquote') !== null;
const letters = (text: string | null | undefined) => (text ?? '').replace(/[^\p{L}\p{N}]+/gu, '').length;
const wordCount = (text: string | null | undefined) => (text ?? '').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

function isLinkBlock(block: Element): boolean {
  const total = letters(block.textContent);
  if (!total) return false;
  const links = [...block.querySelectorAll('a')];
  const linked = links.reduce((sum, link) => sum + letters(link.textContent), 0);
  if (linked < total * LINK_SHARE) return false;
  return wordCount(block.textContent) <= LINK_LINE_MAX_WORDS || links.length >= LINK_LIST_MIN_LINKS;
}

function isTeaserList(element: Element): boolean {
  const items = [...element.children].filter((child) => letters(child.textContent) > 0);
  return (
    items.length >= 2 &&
    items.every((item) => {
      const headline = item.matches(HEADINGS) ? null : item.querySelector(HEADINGS);
      return headline !== null && isLinkBlock(headline) && wordCount(item.textContent) <= TEASER_MAX_WORDS;
    })
  );
}

// Lines a reader skips whatever page they are on; each pattern matches a whole paragraph.
const FURNITURE = [
  // Labels of the page's furniture ("4 Min Read" and "Slideshow (15 images)" on Reuters, "Continue
  // reading the main story" on the NYT).
  /^(\d+\s*min(ute)?s?\s+read|slideshow\s*\(\s*\d+\s*images?\s*\)|advertisement|photo|video|continue reading the main story|read (the )?full (article|story)|share this (article|story))$/i,
  // Reuters' label for the links it lists between paragraphs.
  /^related coverage$/i,
  // Comment notices.
  /^(\d+\s+comments?|comments? (are|is) (closed|disabled)|(leave|post|add|write) a (comment|reply)|be the first to comment|join the (conversation|discussion)|(show|view|load|read) (all )?(\d+ )?comments?)\s*[.!]?$/i,
  // Newsletter sign-up prompts.
  /^(sign up|subscribe)( (to|for) (this|our|the) newsletters?)?( now)?\s*[.!]?$/i,
  // A widget's sponsor ("Powered by SmartAsset.com"): a name of one to three words, no sentence.
  /^(powered|sponsored|presented|brought to you) by\s+[^\s,;]+(\s+[^\s,;]+){0,2}\s*$/i,
];
/** "Tags: a, b, c": a line of topics, not a sentence of the story. */
const TAG_LINE = /^(tags|topics|related topics|filed under|categories)\s*:/i;
const TAG_LINE_MAX_WORDS = 30;
/**
 * A short line said again is furniture ("Story continues below", a credit under each photo). Shorter
 * lines may come back in a story (a list's "Yes"), and so may whole sentences (the tests' pages).
 */
const REPEATED_LINE_WORDS = { min: 3, max: 10 };

/**
 * The paragraphs a reader reads, in order: without the lines of page furniture, a paragraph that is
 * one phrase written over and over (a page's layouts for phone, tablet and desktop, all in the text),
 * and every repeat of an earlier short line.
 */
export function readerParagraphs(paragraphs: string[]): string[] {
  const seen = new Set<string>();
  return paragraphs.filter((paragraph) => {
    if (!paragraph || FURNITURE.some((pattern) => pattern.test(paragraph)) || repeatsItself(paragraph)) return false;
    if (TAG_LINE.test(paragraph) && wordCount(paragraph) <= TAG_LINE_MAX_WORDS) return false;
    const words = wordCount(paragraph);
    if (words < REPEATED_LINE_WORDS.min || words > REPEATED_LINE_WORDS.max) return true;
    const key = paragraph.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "The latest in global politicsThe latest in global politicsThe latest in global politics". */
function repeatsItself(paragraph: string): boolean {
  for (let times = 2; times <= 4; times += 1) {
    for (const joint of ['', ' ']) {
      const length = (paragraph.length - joint.length * (times - 1)) / times;
      if (!Number.isInteger(length) || length < 1) continue;
      const phrase = paragraph.slice(0, length);
      if (wordCount(phrase) >= 2 && Array(times).fill(phrase).join(joint) === paragraph) return true;
    }
  }
  return false;
}
