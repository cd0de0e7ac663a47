/** Every recogniser, by region, in one list. */
import type { Recognizer } from "./recognizer.ts";
import { globalRecognizers } from "./regions/global.ts";
import { usRecognizers } from "./regions/us.ts";

export const ALL_RECOGNIZERS: readonly Recognizer[] = [...globalRecognizers, ...usRecognizers];
