/**
 * Addresses in an issue's text (links, images, hashes), reduced to the words in them that can be the project's.
 */

const URL_RE = /\bhttps?:\/\/[^\s<>()[\]"'`]+/g;
/** A UUID, or a hex run of 7+ characters with letters and digits (a commit, a hash, an upload's name). */
const HASH_RE = /\b(?:[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,})\b/gi;

/**
 * The text without the parts of its addresses that are nobody's code. A URL's host, path and values give way
 * to its query parameter names (a web service's options), a documented name in its fragment and, for a link
 * into a repository's files, that file's path. Hashes, UUIDs and the tags of rendered HTML
 * (`<img align="center" src=…>`) go. Those words are the rarest in an issue, so they led its vocabulary and
 * its names: the reporter's user name, their repository's name, `githubusercontent`, an uploaded image's hash.
 */
export function withoutAddresses(text: string): string {
  // A tag goes first, keeping the words of the addresses in it (an <img src=…> of a web service's output).
  const unmarked = text.replace(MARKUP_RE, (tag) => ` ${(tag.match(URL_RE) ?? []).map(addressWords).join(' ')} `);
  return unmarked.replace(URL_RE, (url) => ` ${addressWords(url)} `).replace(HASH_RE, ' ');
}

/** HTML that GitHub renders in an issue (an image, a link, a collapsed section): its tags are layout, not words. */
const MARKUP_RE = /<\/?(?:img|a|br|p|details|summary|picture|source|video|sub|sup|kbd)\b[^<>]*>/gi;

function addressWords(url: string): string {
  try {
    const parsed = new URL(url);
    const file = parsed.pathname.match(/\/(?:blob|tree)\/[^/]+\/(.+)$/)?.[1] ?? '';
    // A fragment that is a dotted name is the documented API (`#django.db.models.Field.db_default`); `#L10` is not.
    const fragment = decodeURIComponent(parsed.hash.slice(1));
    const name = /^[A-Za-z_][\w.]*$/.test(fragment) && !/^L\d/.test(fragment) ? fragment : '';
    return [file, ...parsed.searchParams.keys(), name].join(' ');
  } catch {
    return '';
  }
}
