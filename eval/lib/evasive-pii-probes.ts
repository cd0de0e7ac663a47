/**
 * Blind list of personal data written to slip past a pattern while a model still reads it as
 * the value: e-mail addresses spelled out or escaped, card numbers in other scripts' digits or
 * split by dots, underscores, slashes, lines and table cells, SSNs with slashes, lower-case
 * IBANs, keys split by a space. Beside them, near misses a guard must leave alone: versions,
 * dates, order numbers, tables of ordinary figures, "at" in prose.
 *
 * Written by hand before the recognisers were changed for them, and kept as written: a change
 * that trades these for other figures shows in `npx bun eval/pii-evasive.ts`.
 */

export interface EvasiveProbe {
  /** What kind of evasion it is, for the report. */
  readonly form: string;
  /** The guardrail that must catch it. */
  readonly guardrail: "PII" | "SecretKeys";
  readonly text: string;
  /** The value as written in `text`: every letter and digit of it must be masked. */
  readonly value: string;
}

const pii = (form: string, text: string, value: string): EvasiveProbe => ({ form, guardrail: "PII", text, value });
const key = (form: string, text: string, value: string): EvasiveProbe => ({ form, guardrail: "SecretKeys", text, value });

export const EVASIVE_VALUES: readonly EvasiveProbe[] = [
  // E-mail addresses.
  pii("email [at] [dot]", "Write to me at maria.keller[at]gmx[dot]de when the parcel arrives.", "maria.keller[at]gmx[dot]de"),
  pii("email [at] [dot] spaced", "Contact: maria.keller [at] gmx [dot] de", "maria.keller [at] gmx [dot] de"),
  pii("email (at) (dot)", "My address is j.smith(at)outlook(dot)com, reply there.", "j.smith(at)outlook(dot)com"),
  pii("email (at) (dot) spaced", "Send the invoice to j.smith (at) outlook (dot) com please.", "j.smith (at) outlook (dot) com"),
  pii("email {at} {dot}", "ping dana.w{at}protonmail{dot}com for access", "dana.w{at}protonmail{dot}com"),
  pii("email ' at ' ' dot '", "You can reach her as dana.w at protonmail dot com after five.", "dana.w at protonmail dot com"),
  pii("email ' AT ' ' DOT '", "EMAIL ME: DANA.W AT PROTONMAIL DOT COM", "DANA.W AT PROTONMAIL DOT COM"),
  pii("email [at] real dot", "Her private mail is sofia.rossi[at]libero.it, do not share it.", "sofia.rossi[at]libero.it"),
  pii("email (at) real dot", "kontakt: lukas_brandt(at)web.de", "lukas_brandt(at)web.de"),
  pii("email &#64;", "<p>Mail: peter.huber&#64;bluewin.ch</p>", "peter.huber&#64;bluewin.ch"),
  pii("email &commat;", "Mail peter.huber&commat;bluewin.ch for the keys.", "peter.huber&commat;bluewin.ch"),
  pii("email &#x40;", "Reply-To: peter.huber&#x40;bluewin.ch", "peter.huber&#x40;bluewin.ch"),
  pii("email &#64; and &#46;", "anna&#46;berg&#64;telia&#46;se is her work address", "anna&#46;berg&#64;telia&#46;se"),
  pii("email \\u0040 JSON escape", '{"name": "Li Wei", "contact": "li.wei\\u0040qq.com"}', "li.wei\\u0040qq.com"),
  pii("email \\u0040 and \\u002e", '{"email":"li.wei\\u0040qq\\u002ecom"}', "li.wei\\u0040qq\\u002ecom"),
  pii("email [.] defanged", "Forward it to li.wei@qq[.]com tonight.", "li.wei@qq[.]com"),
  pii("email [@] defanged", "Forward it to omar.haddad[@]gmail.com tonight.", "omar.haddad[@]gmail.com"),
  pii("email fullwidth @", "連絡先: r.okafor＠yahoo.com", "r.okafor＠yahoo.com"),

  // Card numbers.
  pii("card dots", "Card: 4111.1111.1111.1111, exp 09/28.", "4111.1111.1111.1111"),
  pii("card underscores", "the number is 5555_5555_5555_4444 ok?", "5555_5555_5555_4444"),
  pii("card slashes", "Pay with 5105/1051/0510/5100 please.", "5105/1051/0510/5100"),
  pii("card Arabic-Indic digits", "رقم البطاقة ٤١١١ ١١١١ ١١١١ ١١١١ شكرا", "٤١١١ ١١١١ ١١١١ ١١١١"),
  pii("card Extended Arabic-Indic digits", "شماره کارت: ۵۱۰۵۱۰۵۱۰۵۱۰۵۱۰۰", "۵۱۰۵۱۰۵۱۰۵۱۰۵۱۰۰"),
  pii("card Devanagari digits", "मेरा कार्ड नंबर ४२४२ ४२४२ ४२४२ ४२४२ है।", "४२४२ ४२४२ ४२४२ ४२४२"),
  pii("card Bengali digits", "কার্ড নম্বর ৬০১১ ১১১১ ১১১১ ১১১৭", "৬০১১ ১১১১ ১১১১ ১১১৭"),
  pii("card Thai digits", "หมายเลขบัตร ๔๐๑๒-๘๘๘๘-๘๘๘๘-๑๘๘๑", "๔๐๑๒-๘๘๘๘-๘๘๘๘-๑๘๘๑"),
  pii("card one group per line", "Here it is, one block per line:\n4000\n0566\n5566\n5556\nThanks!", "4000\n0566\n5566\n5556"),
  pii("card markdown table row", "| bank | number |\n|---|---|\n| mine | 3782 | 822463 | 10005 |", "3782 | 822463 | 10005"),
  pii("card markdown table one group per row", "| part |\n|---|\n| 5200 |\n| 8282 |\n| 8282 |\n| 8210 |", "5200 |\n| 8282 |\n| 8282 |\n| 8210"),
  pii("card digits spaced one by one", "card 4 2 4 2 4 2 4 2 4 2 4 2 4 2 4 2", "4 2 4 2 4 2 4 2 4 2 4 2 4 2 4 2"),
  pii("card fullwidth digits", "カード番号は４０１２８８８８８８８８１８８１です", "４０１２８８８８８８８８１８８１"),
  pii("card dots and spaces", "Visa 4012 . 8888 . 8888 . 1881", "4012 . 8888 . 8888 . 1881"),

  // US Social Security numbers.
  pii("SSN slashes", "My SSN is 536/22/8716.", "536/22/8716"),
  pii("SSN slashes, no cue word", "Employee record: Dana Wells, 401/32/7788, hired 2019.", "401/32/7788"),
  pii("SSN dots", "social security number: 624.48.0917", "624.48.0917"),
  pii("SSN underscores", "ssn=536_22_8716", "536_22_8716"),
  pii("SSN Devanagari digits", "SSN ५३६-२२-८७१६", "५३६-२२-८७१६"),

  // IBANs.
  pii("IBAN lower case grouped", "iban: de89 3704 0044 0532 0130 00", "de89 3704 0044 0532 0130 00"),
  pii("IBAN lower case whole", "send it to gb82west12345698765432 today", "gb82west12345698765432"),
  pii("IBAN mixed case", "Konto Fr14 2004 1010 0505 0001 3m02 606", "Fr14 2004 1010 0505 0001 3m02 606"),
  pii("IBAN dots", "IBAN NL91.ABNA.0417.1643.00", "NL91.ABNA.0417.1643.00"),
  pii("IBAN one group per line", "IBAN:\nES91\n2100\n0418\n4502\n0005\n1332", "ES91\n2100\n0418\n4502\n0005\n1332"),

  // Phone numbers.
  pii("phone Arabic-Indic digits", "اتصل بي على +٩٧١ ٥٠ ١٢٣ ٤٥٦٧", "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧"),
  pii("phone Devanagari digits", "मेरा फ़ोन +९१ ९८७६५ ४३२१० है", "+९१ ९८७६५ ४३२१०"),
  pii("phone underscores", "call me: +44_20_7946_0958", "+44_20_7946_0958"),

  // Other identifiers.
  pii("IP address defanged", "The attacker came from 81[.]2[.]69[.]160 last night.", "81[.]2[.]69[.]160"),
  pii("NHS number slashes", "NHS number 943/476/5919", "943/476/5919"),

  // Keys.
  key("OpenAI key split by a space", "my key is sk-proj-AHIS3hlyosbohKagkXGS tSOyLzXSQuwev1sNkhGeLgr9ug8O thanks", "sk-proj-AHIS3hlyosbohKagkXGS tSOyLzXSQuwev1sNkhGeLgr9ug8O"),
  key("Anthropic key split by a space", "ANTHROPIC_API_KEY is sk-ant-api03-LeSXm98yyqHFgf3eQV86tD96SfJubCb KTzZoURoCh3g8pswaLiIja3JwyhJ9", "sk-ant-api03-LeSXm98yyqHFgf3eQV86tD96SfJubCb KTzZoURoCh3g8pswaLiIja3JwyhJ9"),
  key("GitHub token split by a space", "token ghp_9qeGW3YMvIZFesFt zztJ48Ceuqi8iQie7CzP for the CI", "ghp_9qeGW3YMvIZFesFt zztJ48Ceuqi8iQie7CzP"),
  key("AWS key id split by a space", "access key AKIAW2FRIR86 XPCO95E6 in us-east-1", "AKIAW2FRIR86 XPCO95E6"),
  key("Hugging Face token split by a line break", "hf token:\nhf_j6af66z8ORSZzyK9OV\n8RGCookSjVavtaIS\nend", "hf_j6af66z8ORSZzyK9OV\n8RGCookSjVavtaIS"),
  key("GitLab token split by a space", "use glpat-r3ASi8Cqio 7MxHhu9u6F to clone", "glpat-r3ASi8Cqio 7MxHhu9u6F"),
];

/** Texts a guard must leave exactly as written: they look like the values above and are not. */
export const EVASIVE_NEAR_MISSES: readonly string[] = [
  "Upgrade the agent to version 1.2.3.4 before Friday.",
  "Release 10.4.22.1 fixed the crash on start-up.",
  "Chrome 120.0.6099.109 and Firefox 121.0.1 both pass.",
  "We met on 12/03/2024 and again on 14/03/2024.",
  "The deadline moved from 2024/03/12 to 2024/04/02.",
  "Your order 4111-2093-7781 has shipped and should arrive Tuesday.",
  "Order #5550132 was refunded on Monday.",
  "Meet me at the station at noon, we leave at half past.",
  "I'll see you [at] the meeting on Monday.",
  "Look at the figures at the top of the file.",
  "She works at Google now and lives at the coast.",
  "He typed dot dot dot and then gave up.",
  "We are at home, dot the i's and cross the t's later.",
  "The HTML entity &#64; stands for the at sign; &amp; is the ampersand.",
  "In JSON, \\u0040 escapes an at sign and \\n a new line.",
  "Use [at] and [dot] only in the examples section of the style guide.",
  "| quarter | revenue | cost |\n|---|---|---|\n| Q1 | 1200 | 1300 |\n| Q2 | 1400 | 1500 |",
  "| id | qty |\n|---|---|\n| 4120 | 3 |\n| 3315 | 12 |\n| 2980 | 7 |\n| 4410 | 1 |",
  "Quarterly totals:\n4120\n3315\n2980\n4410",
  "Steps:\n1\n2\n3\n4\n5",
  "Prices: 12.99, 45.50, 23.10 and 10.00.",
  "The log lines 4111 to 4120 show the timeout.",
  "Error 0x80070005 means access denied.",
  "The ISBN is 978-3-16-148410-0.",
  "Serial SN 4111.2222.3333 is on the back of the unit.",
  "The cricket score was 236/4 after 40 overs and 301/8 at the end.",
  "Ratios 3/4/5 and 5/12/13 are Pythagorean triples.",
  "Build build_2024_03_12_01 is the last green one.",
  "Tag v2_0_1 was cut from main.",
  "commit de89370 touched four files",
  "The model gb82 shipped in two colours.",
  "The variable sk-proj-name holds the project's name.",
  "Keys that start with sk-proj- are project keys; rotate them every 90 days.",
  "ghp_ tokens are classic personal access tokens, github_pat_ ones are fine-grained.",
  "صفحة ١٢ من ٣٠",
  "कीमत ₹ ४५० है, डिलीवरी १२/०३/२०२४ को।",
  "The meeting is at 10.30 in room 4.12.",
  "Call stack: frame 1 / frame 2 / frame 3.",
  "Temperatures: 21.5 / 22.0 / 23.4 / 19.8 degrees.",
  "Dimensions 1200 x 800 x 600 mm, weight 45.5 kg.",
  "Coordinates 48.8566, 2.3522 mark the city centre.",
  "Section 4.1.1.2 of the standard covers retries.",
  "The dataset has 4111 rows, 1111 of them empty.",
  "Population: 8 336 817 in 2023.",
  "Please send it to the team at the support page, not to me.",
];
