// What a hostile site serves to stall a crawler that matches robots.txt rules naively: a robots.txt
// of megabytes of wildcard rules (`/*a*a*…*b17`), and links whose addresses are long runs of one
// letter, so that every `*` of every rule has hundreds of places to try in every address checked.
// None of the rules matches such an address (they all end in `b` and a number), so a matcher has to
// try them all.

/** The size of the hostile robots.txt: 3 MB, six times what RFC 9309 asks a crawler to read. */
export const HOSTILE_ROBOTS_BYTES = 3_000_000;
/** The length of each hostile link's path. */
export const HOSTILE_LINK_CHARS = 800;

let robots: string | null = null;

/** About HOSTILE_ROBOTS_BYTES of `Disallow: /*a*a*…*b<n>` lines for every user agent (built once). */
export function hostileRobotsTxt(): string {
  if (robots) return robots;
  const lines = ['User-agent: *'];
  let size = lines[0]!.length + 1;
  for (let n = 0; size < HOSTILE_ROBOTS_BYTES - 100; n++) {
    const line = `Disallow: /${'*a'.repeat(25)}*b${n}`;
    lines.push(line);
    size += line.length + 1;
  }
  robots = `${lines.join('\n')}\n`;
  return robots;
}

/** `prefix` followed by `a`s up to HOSTILE_LINK_CHARS characters. */
export function hostilePath(prefix: string): string {
  return prefix + 'a'.repeat(Math.max(0, HOSTILE_LINK_CHARS - prefix.length));
}
