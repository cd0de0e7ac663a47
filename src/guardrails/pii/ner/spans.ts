/** From token tags to entity spans: neighbouring tokens of one tag form one span. */
import { TAGS } from "./features.ts";
import { Gap, type Tokens } from "./tokens.ts";

export type NerEntity = "PERSON" | "LOCATION" | "NRP";

export interface NerSpan {
  readonly entity: NerEntity;
  readonly start: number;
  readonly end: number;
}

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
      const breaks = tags[open] !== 2 && (gap === Gap.COMMA || gap === Gap.NEWLINE);
      if (!sameTag || breaks) {
        out.push({ entity: TAGS[tags[open]!] as NerEntity, start: tokens.start[open]!, end: tokens.end[i - 1]! });
        open = -1;
      }
    }
    if (t !== 0 && open === -1) open = i;
  }
  return out;
}
