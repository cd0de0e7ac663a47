/**
 * Every recogniser. Most formats are regular expressions, one pass each, by SPEC region. Three
 * kinds share one pass over the scan's tokens instead: identifiers made of digit groups
 * (number specs), formats a cue word names (cue specs), and PERSON/LOCATION/NRP (the tagger).
 */
import { cueRecognizer } from "./cue-recognizer.ts";
import { nerRecognizer } from "./ner/recognizer.ts";
import { numberRecognizer } from "./number-recognizer.ts";
import type { Recognizer } from "./recognizer.ts";
import { ibanSplit, splitNumberRecognizer } from "./split-numbers.ts";
import { auNumbers } from "./regions/au.ts";
import { cnRecognizers } from "./regions/cn.ts";
import { customCues, customRecognizers } from "./regions/custom.ts";
import { dateTimeRecognizers } from "./regions/date-time.ts";
import { esRecognizers } from "./regions/es.ts";
import { fiRecognizers } from "./regions/fi.ts";
import { globalNumbers, globalRecognizers } from "./regions/global.ts";
import { hkRecognizers } from "./regions/hk.ts";
import { inCues, inNumbers, inRecognizers } from "./regions/india.ts";
import { itCues, itNumbers, itRecognizers } from "./regions/it.ts";
import { krNumbers } from "./regions/kr.ts";
import { plNumbers } from "./regions/pl.ts";
import { sgRecognizers } from "./regions/sg.ts";
import { twRecognizers } from "./regions/tw.ts";
import { ukNumbers, ukRecognizers } from "./regions/uk.ts";
import { usCues, usNumbers } from "./regions/us.ts";

const PATTERNS: readonly Recognizer[] = [
  ...globalRecognizers,
  ...dateTimeRecognizers,
  ...customRecognizers,
  ...ukRecognizers,
  ...esRecognizers,
  ...itRecognizers,
  ...sgRecognizers,
  ...inRecognizers,
  ...fiRecognizers,
  ...cnRecognizers,
  ...twRecognizers,
  ...hkRecognizers,
];

/** Digit-group identifiers of every region, in one pass over the digit tokens. */
const NUMBERS = numberRecognizer([...globalNumbers, ...usNumbers, ...ukNumbers, ...itNumbers, ...plNumbers, ...auNumbers, ...inNumbers, ...krNumbers]);

/** Formats named by a cue word, in one pass over the tokens. */
const CUES = cueRecognizer([...customCues, ...usCues, ...itCues, ...inCues]);

/** Checksummed identifiers split by dots, underscores, lines or table cells, and IBANs in any case. */
const SPLIT: readonly Recognizer[] = [splitNumberRecognizer, ibanSplit];

export const ALL_RECOGNIZERS: readonly Recognizer[] = [...PATTERNS, NUMBERS, CUES, ...SPLIT, nerRecognizer];
