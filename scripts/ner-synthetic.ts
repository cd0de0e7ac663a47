/**
 * Extra training text for the NER tagger, beside dev.jsonl:
 *  - sentences about identifiers with no person or place in them (see formatSentences);
 *  - sentences built from faker's names, streets, cities and countries in many locales, in
 *    phrasings unlike dev.jsonl's templates (e-mails, chat, forms), so the model learns the
 *    cues rather than one generator's sentences;
 *  - ordinary prompts (train_benign_gpteacher.jsonl, rows 2000 on; rows 0-1999 are kept out
 *    for measuring false positives), partially labelled: a capitalised word with no name or
 *    place in the lexicon, or a technical term, is O; a word the lexicon knows as a name or
 *    place is left unlabelled (UNKNOWN), since prompts do mention people and cities.
 */
import { allFakers, type Faker } from "@faker-js/faker";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LabelledText } from "../eval/lib/dev-data.ts";
import type { Span } from "../eval/lib/token-metrics.ts";
import { syntheticSet } from "../eval/lib/pii-synthetic.ts";
import { NATIONALITIES, RELIGIONS } from "./lexicon/lists.ts";

const BENIGN = join(import.meta.dir, "..", "..", "shared", "data", "guardrails-train", "train_benign_gpteacher.jsonl");
/** Benign rows below this index are held out from training (false-positive measurement). */
export const BENIGN_HELD_OUT = 2000;

const LOCALES = ["en_US", "en_GB", "de", "fr", "it", "es", "pt_BR", "nl", "pl", "sv", "fi", "da", "nb_NO", "cs_CZ", "hu", "hr", "ro", "tr", "ru", "uk", "el", "ja", "ko", "zh_CN", "vi", "id_ID", "en_IN", "en_AU", "es_MX", "fr_CA"] as const;

type Part = string | { type: "PERSON" | "LOCATION" | "NRP"; value: string };

function build(parts: Part[]): LabelledText {
  let text = "";
  const spans: Span[] = [];
  for (const p of parts) {
    if (typeof p === "string") text += p;
    else {
      spans.push({ type: p.type, start: text.length, end: text.length + p.value.length });
      text += p.value;
    }
  }
  return { id: "synthetic", text, spans };
}

const person = (value: string) => ({ type: "PERSON" as const, value });
const place = (value: string) => ({ type: "LOCATION" as const, value });
const group = (value: string) => ({ type: "NRP" as const, value });

function sentences(f: Faker): LabelledText[] {
  const full = () => f.person.fullName();
  const first = () => f.person.firstName();
  const last = () => f.person.lastName();
  const city = () => f.location.city();
  const country = () => f.location.country();
  const street = () => f.location.streetAddress();
  const zip = () => f.location.zipCode();
  const nationalities = NATIONALITIES.split(/\s+/).filter(Boolean);
  const religions = RELIGIONS.split(/\s+/).filter(Boolean);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const templates: (() => Part[])[] = [
    () => ["Hi, I'm ", person(full()), " and I'm writing about my order."],
    () => ["Please forward this to ", person(full()), " before Friday."],
    () => [person(first()), " will join the call tomorrow."],
    () => ["Dear ", person(full()), ",\nthank you for your message."],
    () => ["Thanks,\n", person(full())],
    () => ["Can you draft a reply to ", person(first()), " about the delay?"],
    () => ["My manager ", person(full()), " approved the expense."],
    () => ["According to Dr. ", person(last()), ", the results are fine."],
    () => ["Meeting notes: ", person(full()), ", ", person(full()), " and ", person(first()), " attended."],
    () => ["Summarize the email from ", person(full()), " in two sentences."],
    () => ["I live in ", place(city()), " and work remotely."],
    () => ["She moved from ", place(city()), " to ", place(country()), " last year."],
    () => ["Ship it to ", place(`${street()}, ${city()} ${zip()}`), ", please."],
    () => ["Address: ", place(street()), "\n", place(`${zip()} ${city()}`), "\n", place(country())],
    () => ["The conference takes place in ", place(city()), ", ", place(country()), "."],
    () => ["Flights from ", place(city()), " to ", place(city()), " are cheaper in spring."],
    () => [person(full()), " lives at ", place(`${street()}, ${city()}`), "."],
    () => ["Write a short poem about ", place(country()), "."],
    () => ["Our ", group(cap(f.helpers.arrayElement(nationalities))), " customers asked for a discount."],
    () => ["He is a ", group(cap(f.helpers.arrayElement(religions))), " and a volunteer."],
    () => ["Translate this for my ", group(cap(f.helpers.arrayElement(nationalities))), " colleague ", person(first()), "."],
    () => ["Customer: ", person(full()), "\nCity: ", place(city()), "\nIssue: login fails"],
    () => ["The ", group(cap(f.helpers.arrayElement(nationalities))), " community meets on weekends."],
    () => ["She wrote a book about ", group(cap(f.helpers.arrayElement(nationalities))), " history."],
    () => ["Many ", group(cap(f.helpers.arrayElement(nationalities)) + "s"), " live in ", place(city()), "."],
    () => ["Is this dish ", group(cap(f.helpers.arrayElement(nationalities))), " or not?"],
    () => ["The ", group(cap(f.helpers.arrayElement(religions))), " holidays start soon."],
    () => ["(", group(cap(f.helpers.arrayElement(nationalities))), ") was written on the form."],
    () => ["The account owner (", person(full()), ") asked for a refund."],
    () => ["Please add my partner (", person(full()), ") to the booking."],
    () => ["The form lists the guardian (", person(full()), ") and the child (", person(first()), ")."],
    () => ["Approved by ", person(full()), " (", person(full()), " in copy)."],
    () => ["Our office (", place(city()), ") is closed on Monday."],
  ];
  return templates.map((t) => build(t()));
}

export function fakerSentences(rounds = 4): LabelledText[] {
  const out: LabelledText[] = [];
  for (const code of LOCALES) {
    const f = (allFakers as Record<string, Faker>)[code];
    if (!f) continue;
    f.seed(1234);
    for (let r = 0; r < rounds; r++) out.push(...sentences(f));
  }
  return out;
}

/**
 * Sentences about identifiers ("Codice fiscale RSSMRA...", "Transfer to IBAN GB82...") from the
 * synthetic format generator with a seed the evaluation does not use: no person or place in
 * them, so the tagger learns that capitalised words before a code are not names.
 */
export function formatSentences(): LabelledText[] {
  return syntheticSet(10, 7).map((row) => ({ ...row, spans: [] }));
}

/**
 * Everyday requests in which a capitalised word is not a person or a place, fully labelled:
 * imperatives whose verb is also a first name ("Bill the customer", "Mark the ticket"), nouns
 * that are names too ("Grace period", "Hope this helps"), error codes in capitals
 * (ECONNREFUSED), counts and versions after a capitalised word ("Bring 2 copies", "Windows
 * 11"), numbers before capitalised units ("2048 KB"), numbered steps, Markdown tables, JSON
 * values ("plan": "Pro"), and languages after "translate into" (a language is not a
 * nationality). Each also appears beside a real name, so the cue the tagger learns is the
 * word after, not the word alone. The benign prompts above hold few of these.
 */
export function ordinarySentences(): LabelledText[] {
  const f = (allFakers as Record<string, Faker>).en_US!;
  f.seed(4321);
  const verbs = ["Bill", "Mark", "Sue", "Chase", "Pat", "Jack", "Rob", "Will", "May", "Grant", "Sterling", "Hunter", "Frank", "Carol", "Drew"];
  const objects = ["the customer", "the ticket as resolved", "the vendor", "the overdue invoice", "it dry", "up the price", "a new record", "this work on Linux", "I ask a question", "access to the repo", "silver prices", "down the bug", "feedback on the draft", "the singers", "a diagram of the flow"];
  const nouns = ["Grace period is 30 days.", "Hope this helps.", "Summer sale starts Monday.", "Rose gold is sold out.", "Amber alert issued.", "Faith in the plan is low.", "Joy of coding.", "Dawn raid rules apply.", "Iris recognition failed."];
  const codes = ["ECONNREFUSED", "ETIMEDOUT", "ENOENT", "EACCES", "EADDRINUSE", "SIGKILL", "SIGTERM", "OOMKILLED", "CORS", "CSRF", "JWT", "TLS", "OAUTH", "LDAP", "SMTP", "README", "TODO", "FIXME", "NULL", "NAN"];
  const counted = ["Bring 2 copies of the report", "Add 3 items to the cart", "Take 5 minutes to review", "Print 10 pages", "Buy 4 tickets", "Send 2 reminders", "Keep 7 days of logs", "Allow 3 retries", "Use 8 threads", "Skip 2 steps"];
  const versions = ["Windows 11", "Python 3", "Step 3", "Chapter 7", "Table 5", "Figure 2", "Phase 2", "Level 4", "Version 2", "Option 1"];
  const steps = ["Run the installer", "Copy the config file", "Start the server", "Open Settings", "Click Save", "Install the package", "Restart the app", "Check the logs", "Create a branch", "Merge the pull request"];
  const headers = ["Name", "Score", "Total", "Count", "Status", "Region", "Plan", "Version", "Latency"];
  const items = ["Alpha", "Beta", "Gamma", "Delta", "Basic", "Premium", "North", "South", "Search", "Checkout"];
  const units = ["KB", "MB", "GB", "TB", "USD", "EUR", "GBP", "CPU cores", "RPS", "QPS", "KiB", "MiB"];
  const keys = ["plan", "status", "tier", "type", "mode", "role", "level", "theme", "channel", "priority"];
  const values = ["Pro", "Active", "Gold", "Premium", "Admin", "Dark", "High", "Basic", "Enterprise", "Stable"];
  // Capitalised phrases of software and medicine that follow a number or "in" as places do.
  const statuses = [
    "200 OK", "201 Created", "202 Accepted", "204 No Content", "301 Moved Permanently", "302 Found", "304 Not Modified", "307 Temporary Redirect",
    "308 Permanent Redirect", "400 Bad Request", "401 Unauthorized", "402 Payment Required", "403 Forbidden", "404 Not Found", "405 Method Not Allowed",
    "406 Not Acceptable", "408 Request Timeout", "409 Conflict", "410 Gone", "411 Length Required", "412 Precondition Failed", "413 Payload Too Large",
    "414 URI Too Long", "415 Unsupported Media Type", "422 Unprocessable Entity", "425 Too Early", "426 Upgrade Required", "428 Precondition Required",
    "429 Too Many Requests", "431 Request Header Fields Too Large", "451 Unavailable For Legal Reasons", "500 Internal Server Error", "501 Not Implemented",
    "502 Bad Gateway", "503 Service Unavailable", "504 Gateway Timeout", "505 HTTP Version Not Supported", "507 Insufficient Storage", "508 Loop Detected",
    "511 Network Authentication Required",
  ];
  const modes = ["Strict Mode", "Dark Mode", "Safe Mode", "Incognito Mode", "Developer Mode", "Airplane Mode", "Debug Mode", "Maintenance Mode"];
  const drugs = ["Ibuprofen 400mg", "Amoxicillin 500 mg", "Metformin 850mg", "Lisinopril 10 mg", "Paracetamol 500mg", "Aspirin 81 mg", "Atorvastatin 20mg", "Vitamin D 1000 IU"];
  // Acronyms of the trade, capitalised as places and states are ("an AI" is not Anguilla).
  const acronyms = ["AI", "ML", "NLP", "LLM", "API", "QA", "HR", "CRM", "SaaS", "IoT", "RAG", "AGI", "GPU", "ERP", "DevOps"];
  const languages = ["Spanish", "German", "French", "Italian", "Portuguese", "Japanese", "Chinese", "Korean", "Dutch", "Polish", "Russian", "Turkish", "Arabic", "Hindi", "Swedish"];
  const out: LabelledText[] = [];
  for (let i = 0; i < 60; i++) {
    const verb = verbs[i % verbs.length]!;
    const object = objects[i % objects.length]!;
    const code = codes[i % codes.length]!;
    const lang = languages[i % languages.length]!;
    const other = languages[(i + 3) % languages.length]!;
    const templates: Part[][] = [
      [`${verb} ${object}.`],
      [`${verb} ${object}, then email `, person(f.person.fullName()), "."],
      [`Thanks. ${verb} ${object} before Friday.`],
      [nouns[i % nouns.length]!],
      [`${nouns[i % nouns.length]!} Ask `, person(f.person.firstName()), " for details."],
      [`Error: connect ${code} 127.0.0.1:5432 when the service starts`],
      [`Why does the build fail with ${code}? It worked yesterday.`],
      [`${code} again after the upgrade, see the logs from `, place(f.location.city()), "."],
      [`Translate 'good morning' into ${lang}.`],
      [`Translate this paragraph to ${lang} and ${other}.`],
      [`Answer in ${lang}, please.`],
      [`${counted[i % counted.length]!} before the meeting.`],
      [`Thanks! ${counted[i % counted.length]!} for `, person(f.person.fullName()), "."],
      [`Does it run on ${versions[i % versions.length]!}? See ${versions[(i + 1) % versions.length]!} of the guide.`],
      [`The file is ${256 * (1 + (i % 8))} ${units[i % units.length]!} and the limit is ${2 + (i % 30)} ${units[(i + 3) % units.length]!}.`],
      [`## Setup\n\n1. ${steps[i % steps.length]!}\n2. ${steps[(i + 1) % steps.length]!}\n3. ${steps[(i + 2) % steps.length]!}`],
      [`{"user_id": ${1000 + i}, "${keys[i % keys.length]!}": "${values[i % values.length]!}", "${keys[(i + 1) % keys.length]!}": "${values[(i + 2) % values.length]!}"}`],
      [`{"id": ${2000 + i}, "name": "`, person(f.person.fullName()), `", "city": "`, place(f.location.city()), `", "${keys[i % keys.length]!}": "${values[(i + 1) % values.length]!}"}`],
      [`Steps:\n1) ${steps[(i + 3) % steps.length]!}\n2) ${steps[(i + 4) % steps.length]!}`],
      [`| ${headers[i % headers.length]!} | ${headers[(i + 1) % headers.length]!} |\n|---|---|\n| ${items[i % items.length]!} | ${10 + ((i * 7) % 90)} |\n| ${items[(i + 1) % items.length]!} | ${10 + ((i * 13) % 90)} |`],
      [`Write the reply in ${lang} for my colleague `, person(f.person.fullName()), "."],
      [`What does HTTP ${statuses[i % statuses.length]!} mean?`],
      [`The API returns ${statuses[(i + 1) % statuses.length]!} for `, person(f.person.fullName()), " since the update."],
      [`Why do I keep getting ${statuses[(i + 5) % statuses.length]!} from the load balancer?`],
      [`The health check fails with ${statuses[(i + 9) % statuses.length]!} after the deploy in `, place(f.location.city()), "."],
      [`Why does the app behave differently in ${modes[i % modes.length]!}?`],
      [`Turn on ${modes[(i + 2) % modes.length]!} on the laptop in `, place(f.location.city()), "."],
      [`What are the side effects of ${drugs[i % drugs.length]!}?`],
      [`Can `, person(f.person.firstName()), ` take ${drugs[(i + 3) % drugs.length]!} twice a day?`],
      [`Write a short story about an ${acronyms[i % acronyms.length]!} that learns to paint.`],
      [`Is an ${acronyms[(i + 1) % acronyms.length]!} model able to reason about ${acronyms[(i + 2) % acronyms.length]!}?`],
      [`Tell me about an ${acronyms[(i + 3) % acronyms.length]!} assistant for the ${acronyms[(i + 4) % acronyms.length]!} team.`],
      [`Our ${acronyms[(i + 5) % acronyms.length]!} team in `, place(f.location.city()), ` hired `, person(f.person.fullName()), "."],
    ];
    for (const t of templates) out.push(build(t));
  }
  return out;
}

const DEEPSET = join(import.meta.dir, "..", "..", "shared", "data", "guardrails-train", "train_injection_deepset.jsonl");
const GERMAN = /\b(?:und|der|die|das|ist|nicht|ich|Sie|wie|mit|für|auf)\b/;

/**
 * German benign prompts (about a hundred rows of deepset's set), partially labelled like the
 * benign prompts below. German capitalises every noun, so without them the tagger took nouns for
 * names: "Bitte fassen Sie den Bericht zusammen" lost "Sie den Bericht" to <PERSON> <LOCATION>.
 */
export function germanPrompts(): string[] {
  if (!existsSync(DEEPSET)) return [];
  return readFileSync(DEEPSET, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { text: string; label: string })
    .filter((r) => r.label === "benign" && GERMAN.test(r.text))
    .map((r) => r.text);
}

/** German sentences with German names and places, fully labelled, beside germanPrompts. */
export function germanSentences(): LabelledText[] {
  const f = (allFakers as Record<string, Faker>).de!;
  f.seed(5678);
  const out: LabelledText[] = [];
  for (let i = 0; i < 40; i++) {
    const templates: Part[][] = [
      ["Ich heiße ", person(f.person.fullName()), " und wohne in ", place(f.location.city()), "."],
      ["Bitte schicken Sie die Unterlagen an ", person(f.person.fullName()), "."],
      ["Herr ", person(f.person.lastName()), " aus ", place(f.location.city()), " hat wegen der Rechnung angerufen."],
      ["Könnten Sie die Bestellung stornieren? Der Artikel ist beschädigt angekommen."],
      ["Erstellen Sie bitte eine Tabelle mit den Umsätzen pro Quartal."],
      ["Die Anwendung stürzt beim Start ab, die Fehlermeldung lautet Zugriff verweigert."],
      ["Schreiben Sie eine kurze Antwort an ", person(f.person.firstName()), " wegen der Verspätung."],
      ["Unser Büro in ", place(f.location.city()), " ist am Freitag geschlossen."],
      ["Wie kann ich das Passwort im Konto ändern? Die Anleitung hilft mir nicht."],
      ["Die Lieferung an ", place(f.location.streetAddress()), " kam nicht an."],
    ];
    out.push(...templates.map(build));
  }
  return out;
}

/** Benign prompts; their partial labels are decided per token in train-ner.ts. */
export function benignPrompts(limit = 2500): string[] {
  if (!existsSync(BENIGN)) return [];
  const rows = readFileSync(BENIGN, "utf8").trim().split("\n");
  return rows.slice(BENIGN_HELD_OUT, BENIGN_HELD_OUT + limit).map((l) => (JSON.parse(l) as { text: string }).text);
}

export function heldOutBenignPrompts(): string[] {
  if (!existsSync(BENIGN)) return [];
  return readFileSync(BENIGN, "utf8")
    .trim()
    .split("\n")
    .slice(0, BENIGN_HELD_OUT)
    .map((l) => (JSON.parse(l) as { text: string }).text);
}
