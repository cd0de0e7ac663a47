/**
 * Which names, places, dates, groups and URLs point at a person (`quasi_identifiers: personal`
 * and `url_scope: personal`, the defaults). Personal data is data about an identifiable person:
 * "Germany", "2023" and "next week" in a general question identify nobody, "my neighbour Jana
 * Novak at 14 Elm Street, born 3 May 1980" does. Identifiers (contact details, government and
 * financial numbers, keys) are masked everywhere; this only decides the other five types.
 *
 * A PERSON is personal beside a cue that it is a private person (a title, a greeting or a
 * signature, "my colleague", "patient", "my name is", "X's phone", "X was born") or near an
 * identifier; a LOCATION when it is an address, follows "lives in", "born in", "ship to", ..., or
 * shares its sentence with a personal name or an identifier; a DATE_TIME after "born",
 * "admitted", "appointment", ... or in such a sentence; an NRP said of oneself or in such a
 * sentence. A URL is personal when it carries user info, an e-mail, an ID, or names a profile.
 *
 * Every test reads a bounded window around its span, so a scan stays linear in the text.
 */

export interface TypedSpan {
  readonly start: number;
  readonly end: number;
  readonly entity: string;
}

const QUASI = new Set(["PERSON", "LOCATION", "DATE_TIME", "NRP"]);
/** How far an identifier makes a name personal, in characters either side. */
const NEAR = 120;
/** How far a sentence boundary is looked for. */
const SENTENCE_REACH = 300;

const PERSON_BEFORE = new RegExp(
  String.raw`(?:\b(?:mr|mrs|ms|miss|mx|dr|prof|sir|madam|dear|hi|hello|hey|thanks|thank you|regards|cheers|sincerely|best|yours|signed|attn|cc|my name is|name is|i am|i'm|this is|called me|spoke with|spoke to|met with)\b[.,:]?\s*` +
    String.raw`|\b(?:my|our|his|her|their|your)\s+(?:[a-z-]+\s+){0,2}(?:colleague|co-?worker|neighbou?r|friend|wife|husband|partner|spouse|son|daughter|child|kid|baby|mother|mom|mum|father|dad|brother|sister|cousin|uncle|aunt|nephew|niece|grand(?:ma|pa|mother|father|son|daughter)|boss|manager|supervisor|client|customer|patient|tenant|landlord|landlady|employee|employer|student|pupil|teacher|tutor|doctor|lawyer|nurse|assistant|fianc[eé]e?|boyfriend|girlfriend|roommate|flatmate|classmate|ex|teammate|contact|candidate|applicant|caregiver|therapist|dentist|accountant)\s*,?\s*` +
    String.raw`|\b(?:patient|client|customer|tenant|employee|applicant|candidate|resident|guest|passenger|claimant|policyholder|beneficiary|debtor|defendant|plaintiff|suspect|victim|witness|member|subscriber|user|student|owner|name|full_?name|contact|employee_?name|customer_?name)["']?\s*[,:=]?\s*["']?` +
    String.raw`|\b(?:first|last|full|middle|maiden|user|account)\s*name\b[^.!\n]{0,24}[?:]?\s*(?:user:\s*)?|\bname on the (?:account|card|booking|reservation)\??\s*(?:user:\s*)?|\byour name\b[^.!\n]{0,10}[?:]?\s*|\b(?:change|update|set) (?:it|the name) to\s*|\bit'?s under\s*|\bassistant to\s*|\bfollow up with\s*|\b(?:was|is|were) called\s*)$`,
  "i",
);
const PERSON_AFTER = new RegExp(
  String.raw`^(?:'s\s+(?:phone|mobile|number|address|email|e-mail|birthday|date of birth|dob|salary|account|ssn|passport|diagnosis|home|medical|record|file|wife|husband|son|daughter|mother|father)` +
    String.raw`|\s*\(\s*(?:born|b\.|age|aged|dob|\d)` +
    String.raw`|,?\s+(?:was born|born|aged?|lives|lived|living|resides|moved|is my|was my|is our|is a patient|is allergic|has been diagnosed|works (?:at|for) (?:my|our))` +
    String.raw`|\s+as (?:a |an |the |my |our )?(?:guardian|beneficiary|authori[sz]ed user|co-?signer|emergency contact|dependent|next of kin))`,
  "i",
);
/**
 * The same cues in German, French, Spanish, Italian, Portuguese and Dutch: titles, greetings and
 * closings, "my name is", and a possessive with a relation ("mein Kollege", "ma voisine", "mi
 * vecina", "il mio collega", "mijn buurvrouw"). Tested on the text before the name and on it with
 * the name's first word, since the tagger often takes a title or relation into the name.
 */
const PERSON_BEFORE_OTHER_LANGUAGES = new RegExp(
  String.raw`(?<![\p{L}])(?:herr|frau|fräulein|dr|prof|mme|mlle|monsieur|madame|sr|sra|srta|señor|señora|doña|sig|signor|signora|dhr|mevr|meneer|mevrouw|hallo|liebe|lieber|sehr geehrte|sehr geehrter|bonjour|salut|cher|chère|hola|querido|querida|estimado|estimada|ciao|caro|cara|gentile|olá|beste|grüße|gruß|cordialement|saludos|cordiali saluti|atenciosamente|groeten|ich heiße|mein name ist|je m'appelle|me llamo|mi nombre es|mi chiamo|meu nome é|ik heet|mijn naam is)\.?[,:]?\s+$` +
    String.raw`|(?<![\p{L}])(?:mein|meine|meinem|meinen|meiner|unser|unsere|mon|ma|notre|mi|nuestro|nuestra|il mio|la mia|mio|mia|meu|minha|mijn|onze)\s+(?:[\p{L}-]+\s+)?(?:kollege|kollegin|nachbar|nachbarin|freund|freundin|frau|mann|sohn|tochter|chef|chefin|patient|patientin|kunde|kundin|mieter|mieterin|vermieter|mitarbeiter|mitarbeiterin|collègue|voisin|voisine|ami|amie|femme|mari|fils|fille|patron|patronne|patiente|client|cliente|locataire|colega|vecino|vecina|amigo|amiga|esposa|esposo|marido|hijo|hija|jefe|jefa|paciente|inquilino|collega|vicino|vicina|amico|amica|moglie|marito|figlio|figlia|capo|paziente|vizinho|vizinha|filho|filha|chefe|buurman|buurvrouw|vriend|vriendin|vrouw|zoon|dochter|baas|klant|huurder)\s*,?\s*$`,
  "iu",
);
const LOCATION_BEFORE_OTHER_LANGUAGES =
  /(?<![\p{L}])(?:wohne|wohnt|wohnen|wohnhaft|lebe|lebt|geboren|habite|habites|habitons|né|née|vivo|vive|viven|nacido|nacida|abito|abita|nato|nata|moro|mora|woon|woont)(?![\p{L}])[^.!?\n]{0,12}$/iu;
const DATE_BEFORE_OTHER_LANGUAGES =
  /(?<![\p{L}])(?:geboren|geburtsdatum|né|née|naissance|nacido|nacida|nacimiento|nato|nata|nascita|nascido|nascimento|termin|rendez-vous|cita|appuntamento|consulta|afspraak|aufgenommen|admis|admise|ingresado|ingresada|ricoverato|ricoverata)(?![\p{L}])[^.!?\n]{0,30}$/iu;

/** A URL's own cue: someone's site, profile, post or shared file. */
const URL_BEFORE =
  /(?:\b(?:my|our|his|her|their|your)\s+(?:[a-z-]+\s+)?(?:website|site|blog|page|profile|portfolio|homepage|channel|account|photo|post|link|calendar)\b[^.!?\n]{0,20}|\b(?:website|homepage|web|profile|blog|portfolio)\s*:\s*|\bshared\b[^.!?\n]{0,30}|\bposted\b[^.!?\n]{0,30})$/i;
const LOCATION_BEFORE =
  /\b(?:live|(?<!\b(?:everyday|daily|our|their|your|my|his|her|whose|people's|private|personal)\s)lives|living|lived|reside|resides|residing|born|moved|moving|relocat\w*|ship|shipped|shipping|deliver|delivered|delivery|mail|address|home|house|staying|hometown|grew up|i'm from|i am from|is from|are from|comes from)\b[^.!?\n]{0,16}$/i;
/** A LOCATION written as an address: a house number first, or a number beside a street word. */
const HOUSE_NUMBER_FIRST = /^\d+[a-z]?\s+\p{L}/iu;
const STREET_WORD = /\b(?:street|st|road|rd|avenue|ave|lane|ln|boulevard|blvd|drive|way|mews|court|ct|place|pl|terrace|close|crescent|square|sq|rua|calle|strasse|straße|str|via|rue|avenida|plaza|highway|hwy|apt|apartment|suite|flat|floor|unit|po box)\b/i;
const DATE_BEFORE =
  /\b(?:born|birth|birthday|b\.|dob|d\.o\.b\.?|admitted|admission|discharged|appointment|appt|visit|surgery|operation|died|death|deceased|passed away|hired|married|divorced|moved in|moved into|checked in|interview|hearing|court date|expires|expiry|issued|start date|end date|employed)\b[^.!?\n]{0,30}$/i;
const NRP_BEFORE = /\b(?:i am|i'm|i was|we are|we're|as an?|my family is|my (?:wife|husband|partner|mother|father|parents) (?:is|are))\s*(?:an?\s+)?(?:[a-z-]+\s+)?$/i;

/** The cues before a place, a date or a group that tie it to a person, by entity. */
const CUES_BEFORE: Readonly<Record<string, readonly RegExp[]>> = {
  LOCATION: [LOCATION_BEFORE, LOCATION_BEFORE_OTHER_LANGUAGES],
  DATE_TIME: [DATE_BEFORE, DATE_BEFORE_OTHER_LANGUAGES],
  NRP: [NRP_BEFORE],
};

/** The first word of a span (a title or relation the tagger took into the name); searched within the span only. */
function firstWordOf(text: string, s: TypedSpan): string {
  let end = s.start;
  while (end < s.end && text.charCodeAt(end) !== 32) end++;
  return text.slice(s.start, end);
}

/** A name that opens a line and is followed by a colon: a speaker in a transcript of people. */
function isSpeaker(text: string, s: TypedSpan): boolean {
  return (s.start === 0 || text[s.start - 1] === "\n") && text[s.end] === ":";
}

function isAddress(place: string): boolean {
  return HOUSE_NUMBER_FIRST.test(place) || (/\d/.test(place) && STREET_WORD.test(place));
}

/** A URL that carries personal data: user info, an e-mail, a person's ID, or a profile page. */
export function isPersonalUrl(url: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/\s@]+@/i.test(url)) return true;
  if (/[^\s/@]+@[^\s/@]+\.[a-z]{2,}/i.test(url) || /%40/i.test(url)) return true;
  if (/[?&](?:user(?:_?id|name)?|uid|email|e-mail|mail|name|first_?name|last_?name|phone|account(?:_?id)?|customer(?:_?id)?|patient(?:_?id)?|member(?:_?id)?|ssn|dob|token|session(?:_?id)?)=/i.test(url)) return true;
  if (/(?:linkedin\.com\/in\/|facebook\.com\/(?!docs|help|business)|instagram\.com\/|twitter\.com\/|x\.com\/|tiktok\.com\/@|t\.me\/|wa\.me\/|venmo\.com\/|paypal\.me\/|calendly\.com\/)[^/\s?#]+/i.test(url)) return true;
  // An ID in the path: a long run of digits, or a UUID, right after a people-ish segment.
  return /\/(?:users?|people|person|profiles?|members?|customers?|patients?|employees?|accounts?|u)\/[^/\s?#]*\d[^/\s?#]*/i.test(url);
}

/** A sentence ends at ".", "!", "?" or a line break. */
function endsSentence(code: number): boolean {
  return code === 46 || code === 33 || code === 63 || code === 10;
}

function sentenceOf(text: string, start: number, end: number): [number, number] {
  let from = start;
  const floor = Math.max(0, start - SENTENCE_REACH);
  while (from > floor && !endsSentence(text.charCodeAt(from - 1))) from--;
  let to = end;
  const ceil = Math.min(text.length, end + SENTENCE_REACH);
  while (to < ceil && !endsSentence(text.charCodeAt(to))) to++;
  return [from, to];
}

const before = (text: string, start: number, reach: number) => text.slice(Math.max(0, start - reach), start);

/**
 * For each span (sorted, disjoint: the engine's kept detections, offsets in `text`), whether it is
 * masked: identifiers always; the five context types per the rules above.
 */
export function personalSpans(text: string, spans: readonly TypedSpan[], options: { readonly quasi: "personal" | "all"; readonly urls: "personal" | "all" }): boolean[] {
  const keep = spans.map((s) => (s.entity === "URL" ? options.urls === "all" || isPersonalUrl(text.slice(s.start, s.end)) || URL_BEFORE.test(before(text, s.start, 60)) : !QUASI.has(s.entity) || options.quasi === "all"));
  if (options.quasi === "all") return keep;
  // Identifiers: what is kept so far, plus addresses. Indexes in text order (spans are sorted).
  const anchors: number[] = [];
  spans.forEach((s, i) => {
    if (keep[i] || (s.entity === "LOCATION" && isAddress(text.slice(s.start, s.end)))) {
      keep[i] = true;
      anchors.push(i);
    }
  });
  // Names: a cue, or an identifier near.
  const people: number[] = [];
  spans.forEach((s, i) => {
    if (keep[i] || s.entity !== "PERSON") return;
    const lead = before(text, s.start, 60);
    keep[i] =
      PERSON_BEFORE.test(lead) ||
      PERSON_AFTER.test(text.slice(s.end, s.end + 40)) ||
      isSpeaker(text, s) ||
      PERSON_BEFORE_OTHER_LANGUAGES.test(lead) ||
      PERSON_BEFORE_OTHER_LANGUAGES.test(lead + firstWordOf(text, s) + " ") ||
      anyWithin(spans, anchors, s.start - NEAR, s.end + NEAR);
    if (keep[i]) people.push(i);
  });
  // Places, dates and groups: their own cue, or a sentence holding a personal name or an identifier.
  const personal = [...anchors, ...people].sort((a, b) => a - b);
  spans.forEach((s, i) => {
    if (keep[i]) return;
    const cues = CUES_BEFORE[s.entity];
    if (cues === undefined) return;
    const lead = before(text, s.start, 50);
    if (cues.some((cue) => cue.test(lead))) keep[i] = true;
    else {
      const [from, to] = sentenceOf(text, s.start, s.end);
      keep[i] = anyWithin(spans, personal, from, to);
    }
  });
  return keep;
}

/** Whether a span among `spans[indexes]` (in text order) overlaps [from, to): a binary search. */
function anyWithin(spans: readonly TypedSpan[], indexes: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = indexes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[indexes[mid]!]!.end <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < indexes.length && spans[indexes[lo]!]!.start < to;
}
