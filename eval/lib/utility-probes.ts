/**
 * Blind lists for `bun run eval:utility`, written before the context rules for names, places,
 * dates and groups were built, and kept as written. GENERAL_PROMPTS identify nobody: nothing in
 * them should be masked. PERSONAL_TEXTS hold data about an identifiable person: each names the
 * values that must be masked.
 */

export const GENERAL_PROMPTS: readonly string[] = [
  "Compare the population growth of Brazil and Mexico since 2000.",
  "What was the main cause of the French Revolution?",
  "Translate 'good morning' into Japanese and Korean.",
  "Plan a four-day itinerary for Kyoto in April.",
  "Why did the Roman Empire split into East and West?",
  "Write a short story about a girl named Mira who finds a map in her attic.",
  "Schedule a reminder for next Thursday at 3pm to water the plants.",
  "What is the difference between Catholic and Orthodox Christianity?",
  "Summarize the plot of Pride and Prejudice by Jane Austen.",
  "How did Napoleon lose the battle of Waterloo?",
  "Give me a SQL query that returns orders created after '2024-01-15' grouped by month.",
  "Explain what `datetime.strptime('2023-03-01', '%Y-%m-%d')` returns in Python.",
  "See https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API and explain the options.",
  "What are the best beaches near Lisbon for surfing in October?",
  "Is Spanish or Portuguese easier for an Italian speaker to learn?",
  "Write a product description for our new app, Project Falcon, aimed at small bakeries.",
  "Which countries border Switzerland?",
  "What happened in Berlin in November 1989?",
  "Draft a birthday message for my mom, she loves gardening.",
  "How many moons does Jupiter have, and which is the largest?",
  "Explain the Treaty of Versailles in simple words.",
  "What time zone is Sydney in, compared with London?",
  "Tell me a joke about a programmer from Texas.",
  "Write a cover letter for a junior accountant position at a firm in Chicago.",
  "What do Buddhists believe about rebirth?",
  "List three famous paintings by Vincent van Gogh.",
  "How do I convert a Unix timestamp like 1700000000 to a date in JavaScript?",
  "Which is colder in January, Oslo or Helsinki?",
  "Write a haiku about Monday mornings.",
  "Who won the FIFA World Cup in 2018?",
  "Create a weekly meal plan for a vegetarian family of four.",
  "Explain how Amazon Web Services bills for S3 storage.",
  "Why is the Nile important to Egypt's economy?",
  "In a fantasy novel, the hero Aldric travels from the city of Veyra to the northern mountains. Describe the journey.",
  "What are typical Mexican dishes for a Christmas dinner?",
  "Summarize the Q3 roadmap: launch in Canada by the end of the quarter, then Australia.",
  "Convert 25 degrees Celsius to Fahrenheit.",
  "Who was Marie Curie and what did she discover?",
  "What should I pack for a week in Iceland in winter?",
  "Explain the GDPR's rules for data transfers from the EU to the United States.",
];

export interface PersonalText {
  readonly text: string;
  /** Values that must not reach the model as written. */
  readonly mustMask: readonly string[];
}

export const PERSONAL_TEXTS: readonly PersonalText[] = [
  { text: "My neighbour Jana Novak at 14 Elm Street was born on 3 May 1980.", mustMask: ["Jana Novak", "14 Elm Street", "3 May 1980"] },
  { text: "Hi Tomasz, can you send me the contract by Friday? Thanks, Priya", mustMask: ["Tomasz", "Priya"] },
  { text: "Patient Helga Sørensen, admitted on 12 February 2024, complains of chest pain.", mustMask: ["Helga Sørensen", "12 February 2024"] },
  { text: "Please ship the order to Carlos Mendes, Rua Augusta 120, Lisbon.", mustMask: ["Carlos Mendes", "Rua Augusta 120"] },
  { text: "My colleague Daniel Okafor is Muslim and needs a prayer room at the offsite.", mustMask: ["Daniel Okafor", "Muslim"] },
  { text: "Write a reference letter for my former employee Sophie Laurent, who worked with us until March 2022.", mustMask: ["Sophie Laurent"] },
  { text: "Dear Mr. Whitfield, your appointment is confirmed for 14 June at 10:30.", mustMask: ["Whitfield", "14 June at 10:30"] },
  { text: "Our client Ahmed Karimi lives in Rotterdam and his date of birth is 22/07/1991.", mustMask: ["Ahmed Karimi", "Rotterdam", "22/07/1991"] },
  { text: "Summarize this complaint from Laura Bianchi (laura.bianchi@example.com) about her delayed refund.", mustMask: ["Laura Bianchi", "laura.bianchi@example.com"] },
  { text: "My son Lucas was born in Seville and is allergic to peanuts.", mustMask: ["Lucas", "Seville"] },
  { text: "The tenant, Mr. Viktor Petrov, moved into flat 4B at 27 Harbour Road on 1 September 2023.", mustMask: ["Viktor Petrov", "27 Harbour Road", "1 September 2023"] },
  { text: "Regards,\nEmily Chen\nHead of Finance", mustMask: ["Emily Chen"] },
  { text: "Can you help me write to my landlord, Greg Hollis? He has not fixed the heating since January.", mustMask: ["Greg Hollis"] },
  { text: "Employee Rania Haddad, a Lebanese national, requests a visa letter.", mustMask: ["Rania Haddad", "Lebanese"] },
  { text: "Call me on +44 7700 900123 or write to 5 Baker Mews, London W1U 3BW.", mustMask: ["+44 7700 900123", "5 Baker Mews"] },
];
