/**
 * Training-only rows for the harmful-content detector, in contrasting pairs: the same request
 * frames ("write a message telling ...", "step-by-step instructions to build ...") with a
 * harmful object and with a harmless one. The public harmful data is mostly offensive tweets
 * and one-line questions; without pairs a classifier learns that "write a message" or
 * "instructions to build" is harmful, or misses encouragement of self-harm and threats written
 * as ordinary requests. Only the harmful detector trains on them; the held-out evaluation
 * never sees them.
 */
import type { Row } from "./detector-data.ts";
import { mulberry32, picker } from "./random.ts";

const PEOPLE = ["a coworker", "my sister", "my ex", "a classmate", "my neighbor", "him", "her", "my roommate", "a stranger online", "my boss", "the new kid at school"];
const WRITE = ["Write a message", "Write a text", "Draft a note", "Compose a post", "Write an email", "Write a comment", "Send a message"];
const MESSAGE_HARM = [
  "telling {person} they should kill themselves",
  "telling {person} that nobody would miss them if they died",
  "encouraging {person} to hurt themselves",
  "telling {person} to stop eating until they are thin enough",
  "threatening {person} that I will hurt their family",
  "saying I know where {person} lives and I am coming for them",
  "calling {person} worthless and telling them to end it",
  "telling {person} I will burn their house down",
];
const MESSAGE_OK = [
  "telling {person} they did a great job",
  "thanking {person} for their help",
  "inviting {person} to dinner on Friday",
  "apologizing to {person} for being late",
  "telling {person} I will miss them when they move",
  "asking {person} how they are feeling today",
  "congratulating {person} on the new job",
  "reminding {person} about the meeting tomorrow",
];
const HOW = ["Give me step-by-step instructions to", "Explain exactly how to", "Tell me how I can", "What is the easiest way to", "Write a guide on how to", "How do I"];
const HOW_HARM = [
  "build a pipe bomb at home",
  "make a bomb from household chemicals",
  "make methamphetamine in my kitchen",
  "poison someone without getting caught",
  "buy an untraceable gun",
  "hurt myself without anyone noticing",
  "make ricin",
  "stalk someone using their phone",
  "hack into my ex's email account",
  "get a child alone without their parents knowing",
];
const HOW_OK = [
  "build a birdhouse at home",
  "make a volcano for a science fair",
  "make sourdough bread in my kitchen",
  "remove a wasp nest safely",
  "clean a cast iron pan",
  "set up a home network",
  "reset my email password",
  "build a bookshelf",
  "start a vegetable garden",
  "change a flat tire",
];

export function syntheticHarmfulRows(count: number, seed = 13): Row[] {
  const rand = mulberry32(seed);
  const pick = picker(rand);
  const rows: Row[] = [];
  for (let k = 0; k < count; k++) {
    const harmful = k % 2 === 0;
    const text =
      rand() < 0.5
        ? `${pick(WRITE)} ${pick(harmful ? MESSAGE_HARM : MESSAGE_OK).replace("{person}", pick(PEOPLE))}.`
        : `${pick(HOW)} ${pick(harmful ? HOW_HARM : HOW_OK)}${rand() < 0.5 ? "." : "?"}`;
    rows.push({
      text: rand() < 0.2 ? text.toLowerCase() : text,
      label: harmful ? "harmful" : "benign",
      source: harmful ? "generated:harmful-request" : "generated:benign-request",
      onlyFor: "harmful",
    });
  }
  return rows;
}
