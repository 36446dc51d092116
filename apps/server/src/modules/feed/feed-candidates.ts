import { lowerBound, type TSearchMatch, type TSearchTitles } from '../search';

/** The typed words a candidate's title is checked for; more add nothing to the choice. */
const CANDIDATE_WORDS = 4;

/** The typed words (folded) a candidate's title is checked for. */
export function candidateWords(match: TSearchMatch): string[] {
  return [...new Set(match.folded.split(/\s+/u).filter(Boolean))].slice(0, CANDIDATE_WORDS);
}

/** Publication times (µs) newest first, a work without one last. */
function newerFirst(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
  return b - a;
}

/**
 * The first `count` of a search's matches (`all`, ascending ids, exactly its
 * matches) in the candidate order, from the kept titles (ADR 0039), as a
 * set: the statement orders them itself. The rule is `candidateOrder`'s (2
 * when the title holds the text as typed, 1 more for each typed word it
 * holds; then the newest, then the larger id) and must stay the same as the
 * statement's; strpos is a substring test, as `includes` is. Only the works
 * tied at the cut are sorted. Undefined when a match's title is not kept
 * and it would decide the choice.
 */
export function chooseCandidates(
  titles: TSearchTitles,
  all: Int32Array,
  match: TSearchMatch,
  count: number,
): Int32Array | undefined {
  // All fit: the titles decide nothing.
  if (all.length <= count) return all;
  const words = candidateWords(match);
  const holds = new Uint8Array(all.length);
  const atTitle = new Int32Array(all.length);
  const withHolds = new Uint32Array(2 + CANDIDATE_WORDS + 1);
  let from = 0;
  for (const [i, id] of all.entries()) {
    from = lowerBound(titles.ids, id, from);
    if (titles.ids[from] !== id) return undefined;
    const title = titles.titles[from] ?? '';
    let held = title.includes(match.folded) ? 2 : 0;
    for (const word of words) if (title.includes(word)) held += 1;
    holds[i] = held;
    atTitle[i] = from;
    withHolds[held] = (withHolds[held] ?? 0) + 1;
  }
  // The cut: every work holding more than `cut` is in, and the newest of those holding `cut`.
  let cut = withHolds.length - 1;
  let above = 0;
  while (cut > 0 && above + (withHolds[cut] ?? 0) < count) {
    above += withHolds[cut] ?? 0;
    cut -= 1;
  }
  const chosen: number[] = [];
  const tied: number[] = [];
  for (const [i, id] of all.entries()) {
    const held = holds[i] ?? 0;
    if (held > cut) chosen.push(id);
    else if (held === cut) tied.push(i);
  }
  const published = (i: number) => titles.published[atTitle[i] ?? 0] ?? Number.NaN;
  tied.sort((a, b) => newerFirst(published(a), published(b)) || (all[b] ?? 0) - (all[a] ?? 0));
  for (const i of tied.slice(0, count - above)) chosen.push(all[i] ?? 0);
  return Int32Array.from(chosen);
}
