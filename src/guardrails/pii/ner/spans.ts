/** From token tags to entity spans: neighbouring tokens of one tag form one span. */
import { TAGS } from "./features.ts";
import { hashWord } from "./hash.ts";
import { Gap, Shape, type Tokens } from "./tokens.ts";

export type NerEntity = "PERSON" | "LOCATION" | "NRP";

export interface NerSpan {
  readonly entity: NerEntity;
  readonly start: number;
  readonly end: number;
}

const LOCATION_TAG = 2;

/**
 * Everyday words that begin place names ("New York", "San Jose", "North Dakota"). The tagger,
 * which sees "new" in every other sentence, often leaves them out of the place ("Fly from New
 * York" became "from New <LOCATION>", telling half the name), so a place takes a capitalised
 * one right before it.
 */
const PLACE_PREFIXES = new Set(
  "new san santa los las saint st fort port mount lake cape north south east west upper lower great little old el la le"
    .split(" ")
    .map(hashWord),
);

/**
 * Tokens of the same tag join across spaces and punctuation. A person or group ends at a comma
 * or a line break ("Carla, Sandra"); a place does not ("Toronto, Ontario", address lines).
 */
export function spansFromTags(tokens: Tokens, tags: Uint8Array): NerSpan[] {
  const out: NerSpan[] = [];
  let open = -1;
  for (let i = 0; i <= tokens.count; i++) {
    const t = i < tokens.count ? tags[i]! : 0;
    if (open !== -1) {
      const sameTag = t === tags[open];
      const gap = i < tokens.count ? tokens.gap[i]! : Gap.START;
      const breaks = tags[open] !== LOCATION_TAG && (gap === Gap.COMMA || gap === Gap.NEWLINE);
      if (!sameTag || breaks) {
        const start = tags[open] === LOCATION_TAG ? placeStart(tokens, tags, open) : open;
        out.push({ entity: TAGS[tags[open]!] as NerEntity, start: tokens.start[start]!, end: tokens.end[i - 1]! });
        open = -1;
      }
    }
    if (t !== 0 && open === -1) open = i;
  }
  return out;
}

/** The first token of a place whose first tagged token is `first`: see PLACE_PREFIXES. */
function placeStart(tokens: Tokens, tags: Uint8Array, first: number): number {
  const before = first - 1;
  if (before < 0 || tags[before] !== 0 || tokens.gap[first] !== Gap.SPACE) return first;
  const shape = tokens.shape[before];
  return (shape === Shape.CAP || shape === Shape.CAPS) && PLACE_PREFIXES.has(tokens.hash[before]!) ? before : first;
}
