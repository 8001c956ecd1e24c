// One site identity for every room and whoever reads their results: "www.initech.example",
// "www2.initech.example" and "initech.example" are one site (issue 26: the `www.` strip was written
// ten times, in five slightly different ways).

/** A host name as a site is named and compared: lower case, without a leading `www.` (or `www2.`…). */
export function siteName(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\d*\./, '');
}
