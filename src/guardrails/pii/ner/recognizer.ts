/**
 * PERSON, LOCATION and NRP from one tagging pass: tokens, gazetteer flags, a linear model over
 * context and shape. Lexicon and model load on first use. Tier 1: a checksummed or named value
 * wins any overlap with a guessed name or place.
 */
import type { Recognizer } from "../recognizer.ts";
import { nerModel } from "./model.ts";
import { spansFromTags } from "./spans.ts";
import { tag } from "./tagger.ts";

export const nerRecognizer: Recognizer = {
  entity: "PERSON",
  entities: ["PERSON", "LOCATION", "NRP"],
  tier: 1,
  priority: 30,
  readsTokens: true,
  find(ctx, emit) {
    const tokens = ctx.tokens();
    const tags = tag(nerModel(), tokens);
    for (const span of spansFromTags(tokens, tags)) emit(span.start, span.end, span.entity);
  },
};
