/**
 * Benchmark corpus: deterministic ~1 KB English texts with a realistic density of personal data
 * (two to six values per KB, as in support tickets, HR notes, medical notes, chats and code
 * reviews), built from templates, faker names and places, and valid identifiers.
 */
import { en, Faker } from "@faker-js/faker";
import { luhnCheck } from "../../eval/lib/pii-synthetic.ts";

const f = new Faker({ locale: [en] });

function luhnComplete(prefix: string, length: number): string {
  let body = prefix;
  while (body.length < length - 1) body += f.number.int({ min: 0, max: 9 });
  return body + luhnCheck(body);
}

const FILLER = [
  "We have been customers for several years and the service has usually been reliable.",
  "The dashboard shows the same error after every retry, and the logs do not say much more.",
  "I tried clearing the cache, switching browsers and waiting a day, but nothing changed.",
  "Could you also confirm whether the new pricing applies to our existing contract?",
  "The team agreed to revisit the migration plan once the current release is stable.",
  "Please keep this ticket open until we have verified the fix in production.",
  "The report should summarise the main risks and the steps we take to reduce them.",
  "Our integration calls the API every few minutes and handles retries with backoff.",
];

const TEMPLATES: (() => string)[] = [
  () =>
    `Hi support, my name is ${f.person.fullName()} and I was charged twice for order ${f.number.int({ min: 10000, max: 99999 })}. ` +
    `You can reach me at ${f.internet.email()} or on ${f.phone.number({ style: "national" })}. The card I used is ${luhnComplete("4", 16).replace(/(\d{4})(?=\d)/g, "$1 ")}.`,
  () =>
    `Employee record: ${f.person.fullName()}, born ${f.date.birthdate().toISOString().slice(0, 10)}, lives at ${f.location.streetAddress()}, ` +
    `${f.location.city()}, ${f.location.state({ abbreviated: true })} ${f.location.zipCode()}. SSN on file: ${f.number.int({ min: 100, max: 665 })}-${f.number.int({ min: 10, max: 99 })}-${f.number.int({ min: 1000, max: 9999 })}.`,
  () =>
    `Patient ${f.person.fullName()} (DOB ${f.date.birthdate().toLocaleDateString("en-US")}) was seen by Dr. ${f.person.lastName()} on ${f.date.weekday()}. ` +
    `Emergency contact: ${f.person.firstName()} at ${f.phone.number({ style: "international" })}.`,
  () =>
    `[chat] ${f.person.firstName()}: can you send the invoice to ${f.internet.email()}? We moved to ${f.location.city()} last month. ` +
    `Our IBAN is GB82 WEST 1234 5698 7654 32 and the VAT number hasn't changed.`,
  () =>
    `Code review: the config in deploy.yaml still has OPENAI_API_KEY=sk-proj-${f.string.alphanumeric(32)} and the webhook posts to https://hooks.example.com/${f.string.alphanumeric(8)}. ` +
    `The server at ${f.internet.ipv4()} logs requests from ${f.internet.email()}.`,
  () =>
    `Travel plan for ${f.person.fullName()}: fly from ${f.location.city()} to ${f.location.city()} on ${f.date.month()} ${f.number.int({ min: 1, max: 28 })}, ` +
    `passport number ${f.string.numeric(9)}, hotel booked under the ${f.person.lastName()} family.`,
];

/** `count` texts of about `size` characters each. */
export function piiTexts(count = 60, size = 1024, seed = 42): string[] {
  f.seed(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = TEMPLATES[i % TEMPLATES.length]!();
    while (text.length < size) text += ` ${FILLER[f.number.int({ min: 0, max: FILLER.length - 1 })]}`;
    out.push(text.slice(0, size));
  }
  return out;
}
