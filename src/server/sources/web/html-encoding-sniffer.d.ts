// html-encoding-sniffer 7 ships no types (@types/html-encoding-sniffer describes version 3, without
// the xml and maxPrescanBytes options): its one function, as its README documents it.
declare module 'html-encoding-sniffer' {
  export default function htmlEncodingSniffer(
    bytes: Uint8Array,
    options?: { xml?: boolean; transportLayerEncodingLabel?: string; defaultEncoding?: string; maxPrescanBytes?: number },
  ): string;
}
