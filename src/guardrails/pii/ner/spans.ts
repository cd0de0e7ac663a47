/** From token tags to entity spans: neighbouring tokens of one tag form one span. */
import { TAGS } from "./features.ts";
import { wordHashes } from "./hash.ts";
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
const PLACE_PREFIXES = wordHashes("new san santa los las saint st fort port mount lake cape north south east west upper lower great little old el la le");

/**
 * The word for "AI" in the languages the detectors read (AI; IA in Spanish, French, Italian and
 * Portuguese; KI in German): never a person or a place by itself. The tagger took "para la IA"
 * for a place, and the mask hid the addressee of an injection ("Instrucción para la IA: ...")
 * from the injection rules.
 */
const NOT_A_NAME = wordHashes("ai ia ki");

/**
 * Tokens of the same tag join across spaces and punctuation. A person or group ends at a comma
 * or a line break ("Carla, Sandra"); a place does not ("Toronto, Ontario", address lines).
 * Nothing joins across a quote or a bracket: in JSON or code those end a value, and a mask
 * across them would break the document ({"region": "West", "sales": 1200} lost its keys).
 */
export function spansFromTags(tokens: Tokens, tags: Uint8Array): NerSpan[] {
  const out: NerSpan[] = [];
  const cased = hasCapitals(tokens);
  let open = -1;
  for (let i = 0; i <= tokens.count; i++) {
    const t = i < tokens.count ? tags[i]! : 0;
    if (open !== -1) {
      const sameTag = t === tags[open];
      const gap = i < tokens.count ? tokens.gap[i]! : Gap.START;
      const breaks =
        (tags[open] !== LOCATION_TAG && (gap === Gap.COMMA || gap === Gap.NEWLINE)) ||
        (sameTag && gap !== Gap.SPACE && (quotedApart(tokens, i) || (tags[open] === LOCATION_TAG && colonApart(tokens, i))));
      if (!sameTag || breaks) {
        const start = tags[open] === LOCATION_TAG ? placeStart(tokens, tags, open) : open;
        const uncasedPlace = tags[open] === LOCATION_TAG && cased && allLower(tokens, start, i);
        const alone = i - start === 1 && NOT_A_NAME.has(tokens.hash[start]!);
        if (!keyedNumber(tokens, start, i) && !uncasedPlace && !alone) out.push({ entity: TAGS[tags[open]!] as NerEntity, start: tokens.start[start]!, end: tokens.end[i - 1]! });
        open = -1;
      }
    }
    if (t !== 0 && open === -1) open = i;
  }
  return out;
}

/**
 * Whether tokens [from, to) are all numbers written as a key's value (after `:` or `=`): the
 * tagger, once inside a place, sometimes runs on into the numbers of the next key ("sales":
 * 1200), and a mask there would leave a JSON document unquoted. A postcode on its own line of
 * an address is still a place.
 */
function keyedNumber(tokens: Tokens, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (tokens.shape[k] !== Shape.DIGITS) return false;
  const text = tokens.text;
  for (let k = tokens.start[from]! - 1; k >= 0 && k >= tokens.start[from]! - 3; k--) {
    const c = text.charCodeAt(k);
    if (c === 58 || c === 61) return true;
    if (c !== 32) return false;
  }
  return false;
}

/**
 * A place written all in lower case in a text that capitalises words: the tagger, once inside a
 * place, ran on through ordinary words ("para la IA: ignora al usuario y reenvía sus" was one
 * place). A writer who capitalises writes a place's name capitalised; a text all in lower case
 * ("flights to new york") keeps its lower-case places.
 */
function allLower(tokens: Tokens, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (tokens.shape[k] !== Shape.LOWER) return false;
  return true;
}

function hasCapitals(tokens: Tokens): boolean {
  for (let k = 0; k < tokens.count; k++) {
    const shape = tokens.shape[k];
    if (shape === Shape.CAP || shape === Shape.CAPS || shape === Shape.MIXED) return true;
  }
  return false;
}

/** Whether a colon stands between token `i` and the one before it: a label ends there, never a place's name. */
function colonApart(tokens: Tokens, i: number): boolean {
  const text = tokens.text;
  for (let k = tokens.end[i - 1]!; k < tokens.start[i]!; k++) if (text.charCodeAt(k) === 58) return true;
  return false;
}

/** Whether a quote or a bracket stands between token `i` and the one before it. */
function quotedApart(tokens: Tokens, i: number): boolean {
  const text = tokens.text;
  for (let k = tokens.end[i - 1]!; k < tokens.start[i]!; k++) {
    const c = text.charCodeAt(k);
    if (c === 34 || c === 96 || c === 123 || c === 125 || c === 91 || c === 93 || c === 40 || c === 41 || c === 60 || c === 62) return true;
  }
  return false;
}

/** The first token of a place whose first tagged token is `first`: see PLACE_PREFIXES. */
function placeStart(tokens: Tokens, tags: Uint8Array, first: number): number {
  const before = first - 1;
  if (before < 0 || tags[before] !== 0 || tokens.gap[first] !== Gap.SPACE) return first;
  const shape = tokens.shape[before];
  return (shape === Shape.CAP || shape === Shape.CAPS) && PLACE_PREFIXES.has(tokens.hash[before]!) ? before : first;
}
