/** Every format recogniser, by SPEC region. (PERSON, LOCATION and NRP come from ./ner.) */
import type { Recognizer } from "./recognizer.ts";
import { auRecognizers } from "./regions/au.ts";
import { cnRecognizers } from "./regions/cn.ts";
import { customRecognizers } from "./regions/custom.ts";
import { dateTimeRecognizers } from "./regions/date-time.ts";
import { esRecognizers } from "./regions/es.ts";
import { fiRecognizers } from "./regions/fi.ts";
import { globalRecognizers } from "./regions/global.ts";
import { hkRecognizers } from "./regions/hk.ts";
import { inRecognizers } from "./regions/india.ts";
import { itRecognizers } from "./regions/it.ts";
import { krRecognizers } from "./regions/kr.ts";
import { plRecognizers } from "./regions/pl.ts";
import { sgRecognizers } from "./regions/sg.ts";
import { twRecognizers } from "./regions/tw.ts";
import { ukRecognizers } from "./regions/uk.ts";
import { usRecognizers } from "./regions/us.ts";

export const FORMAT_RECOGNIZERS: readonly Recognizer[] = [
  ...globalRecognizers,
  ...dateTimeRecognizers,
  ...customRecognizers,
  ...usRecognizers,
  ...ukRecognizers,
  ...esRecognizers,
  ...itRecognizers,
  ...plRecognizers,
  ...sgRecognizers,
  ...auRecognizers,
  ...inRecognizers,
  ...fiRecognizers,
  ...krRecognizers,
  ...cnRecognizers,
  ...twRecognizers,
  ...hkRecognizers,
];
