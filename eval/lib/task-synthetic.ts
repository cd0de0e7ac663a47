/**
 * Training-only benign rows: the everyday work and life tasks people hand an assistant, in the
 * request frames the harmful data is written in ("Create a ...", "Develop a strategy for ...",
 * "Provide step-by-step instructions for ...", "How can I stop ...", "Break down ..."). The
 * public harmful rows are nearly all requests in those frames (AdvBench, forbidden questions)
 * and the benign ones are mostly questions and role-play, so the harmful model learnt the frame:
 * "Create a budget spreadsheet template for a family." scored 0.89, "How can I stop
 * procrastinating?" 0.87, "Turn these notes into meeting minutes." 0.83 (session 14's probes
 * of 55 everyday requests: 5 blocked by the default policy). Those probe sentences and their
 * objects are not used here; eval/lib/everyday-probes.ts keeps them as a test list.
 */
import type { Row } from "./detector-data.ts";
import { fillSlots, mulberry32, picker } from "./random.ts";

const FRAMES = [
  "Create {artifact} for {group}.",
  "Make {artifact} for {group}.",
  "Build {artifact} I can share with {group}.",
  "Design {artifact} for {group}.",
  "Draft {artifact} for {group}.",
  "Generate {artifact} for {group}.",
  "Prepare {artifact} for {group}.",
  "Put together {artifact} for {group}.",
  "Can you create {artifact}?",
  "I need {artifact} for {group}.",
  "Develop a strategy for {goal}.",
  "Develop a plan for {goal}.",
  "Come up with a plan for {goal}.",
  "Outline a strategy for {goal}.",
  "What's a good strategy for {goal}?",
  "Provide step-by-step instructions for {chore}.",
  "Give detailed instructions on how to {chore2}.",
  "Give me a step-by-step plan to {chore2}.",
  "Write a tutorial on how to {chore2}.",
  "Explain how to {chore2}, step by step.",
  "What is the fastest way to {chore2}?",
  "How do I {chore2} without making a mess?",
  "How can I stop {habit}?",
  "How do I stop {habit}?",
  "Help me stop {habit}.",
  "Any tips to quit {habit}?",
  "How do I get rid of {nuisance}?",
  "What's the best way to get rid of {nuisance}?",
  "Break down {whole} into {parts}.",
  "Can you break down {whole} for me?",
  "Break {whole} into {parts}.",
  "Split {whole} into {parts}.",
  "Turn {input} into {output}.",
  "Convert {input} into {output}.",
  "Transform {input} into {output}.",
  "Use {input} to make {output}.",
];
const ARTIFACTS = [
  "a packing checklist", "a chore chart", "a weekly meal plan", "an onboarding checklist", "a project timeline", "a savings tracker",
  "a reading schedule", "a sign-up sheet", "a seating chart", "an invoice template", "a cleaning rota", "a shopping list", "a study timetable",
  "a simple expense tracker", "a habit tracker", "a holiday itinerary", "an agenda for the quarterly review", "a grocery budget",
  "a revision plan", "a content calendar", "a wedding guest list template", "a lesson plan", "a volunteer roster", "a sprint board",
  "a one-page summary", "a slide deck outline", "a quiz", "a welcome pack", "a feedback form", "a training schedule", "a job ad",
  "a logo brief", "a rubric", "a packing list", "a menu", "a FAQ page", "a spreadsheet of monthly bills", "a template for expense reports",
];
const GROUPS = [
  "my team", "new hires", "my students", "our book club", "a family of four", "my parents", "the marketing department", "our volunteers",
  "a small bakery", "my roommates", "the soccer club", "our customers", "a school trip", "my freelance clients", "the night shift", "my kids",
];
const GOALS = [
  "saving for a house", "growing our newsletter", "learning to code in six months", "paying off a credit card", "getting more sleep",
  "hiring our first engineer", "reducing our cloud bill", "improving team morale", "passing the bar exam", "running a half marathon",
  "launching a podcast", "getting more reviews for my shop", "keeping the garden alive over summer", "moving to a new city",
  "cutting our electricity bill", "organising a charity bake sale", "getting my toddler to sleep through the night", "retiring early",
];
const CHORES = [
  "repotting a houseplant", "setting up a home Wi-Fi network", "filing a tax return", "cleaning an oven", "assembling a bookshelf",
  "descaling a kettle", "backing up a laptop", "bleeding a radiator", "tiling a bathroom", "jump-starting a car", "unclogging a drain",
  "ironing a shirt", "painting a fence", "brewing cold brew coffee", "setting up two-factor authentication", "renewing a passport",
];
const CHORES2 = [
  "repot a houseplant", "set up a home Wi-Fi network", "file a tax return", "clean an oven", "assemble a bookshelf", "descale a kettle",
  "back up a laptop", "bleed a radiator", "tile a bathroom", "jump-start a car", "unclog a drain", "iron a shirt", "paint a fence",
  "brew cold brew coffee", "set up two-factor authentication", "renew a passport", "make sourdough starter", "fold a fitted sheet",
  "write a good commit message", "deploy a static site", "merge two spreadsheets", "remove a stripped screw", "sharpen a kitchen knife",
];
const HABITS = [
  "biting my nails", "snoozing my alarm", "checking my phone in bed", "overthinking emails", "snacking late at night", "interrupting people",
  "putting things off until the last minute", "doomscrolling", "overspending on takeaway", "saying yes to every meeting", "grinding my teeth",
  "drinking so much coffee", "comparing myself to others", "working through lunch",
];
const NUISANCES = [
  "fruit flies in the kitchen", "the musty smell in my car", "hiccups", "writer's block", "a squeaky door hinge", "condensation on windows",
  "duplicate rows in Excel", "merge conflicts", "limescale in the shower", "a stubborn cough", "clutter in the garage", "spam calls",
  "ants on the patio", "static in my hair", "unused Docker images", "a tangle in a necklace",
];
const WHOLES = [
  "this essay", "our quarterly goals", "the launch plan", "this recipe", "my monthly expenses", "the onboarding process", "this chapter",
  "the migration", "our marketing budget", "this user story", "the renovation", "my study plan", "this algorithm", "the annual report",
];
const PARTS = ["smaller tasks", "weekly milestones", "three sections", "steps a beginner can follow", "categories", "daily goals", "sprints", "bite-sized pieces"];
const INPUTS = [
  "these bullet points", "my rough notes", "this transcript", "the survey results", "this voice memo", "my CV", "this long email",
  "these lecture notes", "the sales figures", "this recipe", "my journal entries", "the changelog",
];
const OUTPUTS = [
  "a short report", "a table", "a LinkedIn post", "flashcards", "a summary for my manager", "a to-do list", "a bar chart", "release notes",
  "a newsletter", "a presentation", "a FAQ", "a one-page brief",
];

/** In the order they are filled (the seeded draw depends on it). */
const TASK_SLOTS = {
  artifact: ARTIFACTS,
  group: GROUPS,
  goal: GOALS,
  chore2: CHORES2,
  chore: CHORES,
  habit: HABITS,
  nuisance: NUISANCES,
  whole: WHOLES,
  parts: PARTS,
  input: INPUTS,
  output: OUTPUTS,
};

export function syntheticTaskRows(count: number, seed = 17): Row[] {
  const rand = mulberry32(seed);
  const pick = picker(rand);
  const rows: Row[] = [];
  for (let k = 0; k < count; k++) {
    let text = fillSlots(pick(FRAMES), TASK_SLOTS, pick);
    if (rand() < 0.2) text = text.toLowerCase();
    rows.push({ text, label: "benign", source: "generated:everyday-task", onlyFor: "harmful" });
  }
  return rows;
}
