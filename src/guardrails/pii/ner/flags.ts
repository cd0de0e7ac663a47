/**
 * Gazetteer flags of a word, one bit per list. Shared by the lexicon builder (scripts/) and
 * the tagger, so the letters in lexicon.txt and the bits at run time cannot drift apart.
 */
export const FLAGS = {
  FIRST_NAME: 1 << 0,
  LAST_NAME: 1 << 1,
  CITY: 1 << 2,
  CITY_PART: 1 << 3,
  COUNTRY: 1 << 4,
  COUNTRY_PART: 1 << 5,
  STATE: 1 << 6,
  STREET_SUFFIX: 1 << 7,
  STREET_PART: 1 << 8,
  NRP: 1 << 9,
  COMMON: 1 << 10,
  UNIT: 1 << 11,
  TITLE: 1 << 12,
  ORG: 1 << 13,
  CONNECTOR: 1 << 14,
  CALENDAR: 1 << 15,
  TECH: 1 << 16,
} as const;

export type FlagName = keyof typeof FLAGS;

/** One letter per flag in lexicon.txt. */
export const FLAG_LETTERS: Record<FlagName, string> = {
  FIRST_NAME: "F",
  LAST_NAME: "L",
  CITY: "C",
  CITY_PART: "c",
  COUNTRY: "K",
  COUNTRY_PART: "k",
  STATE: "S",
  STREET_SUFFIX: "T",
  STREET_PART: "t",
  NRP: "N",
  COMMON: "M",
  UNIT: "U",
  TITLE: "P",
  ORG: "O",
  CONNECTOR: "D",
  CALENDAR: "Y",
  TECH: "H",
};

export const LETTER_BITS: ReadonlyMap<string, number> = new Map(Object.entries(FLAG_LETTERS).map(([name, letter]) => [letter, FLAGS[name as FlagName]]));

export const FLAG_COUNT = Object.keys(FLAGS).length;
