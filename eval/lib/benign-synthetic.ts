/**
 * Training-only benign prompts of the kinds the public data lacks: short everyday questions
 * and tasks, harmless role-play, and ordinary uses of the words attacks use ("ignore the
 * typos", "kill the process", "you are a helpful assistant"). Without them a classifier learns
 * that "write a letter" is harmful (the harmful data is all requests) and "pretend you are" is
 * an injection. Built from templates and topic lists with a seeded generator; the held-out
 * evaluation never sees these.
 */
import type { Row } from "./detector-data.ts";
import { fillSlots, mulberry32, picker } from "./random.ts";

const TOPICS = [
  "photosynthesis", "the French Revolution", "compound interest", "black holes", "the water cycle", "sourdough bread", "the stock market",
  "machine learning", "climate change", "the Roman Empire", "jazz music", "volcanoes", "the immune system", "electric cars", "coffee brewing",
  "quantum computing", "the Renaissance", "honey bees", "marathon training", "budget travel in Japan", "the Great Barrier Reef", "chess openings",
  "Kubernetes", "TCP and UDP", "SQL joins", "React hooks", "Rust ownership", "Python decorators", "binary search", "recursion", "git rebase",
  "houseplants", "remote work", "public speaking", "time management", "meditation", "the moon landing", "plate tectonics", "vaccines",
  "inflation", "renewable energy", "the printing press", "dinosaurs", "origami", "wine tasting", "home insurance", "tax deductions", "mortgages",
  "job interviews", "salary negotiation", "learning Spanish", "guitar chords", "watercolor painting", "birdwatching", "composting", "solar panels",
  "the Olympics", "football tactics", "basketball history", "the human heart", "sleep hygiene", "healthy breakfasts", "vegan recipes",
];
const THINGS = [
  "poem", "short story", "haiku", "limerick", "cover letter", "thank-you note", "product description", "blog post", "tweet", "email", "essay outline",
  "wedding toast", "birthday message", "bedtime story", "press release", "job description", "LinkedIn summary", "recipe", "song chorus", "slogan",
];
const AUDIENCES = ["a five-year-old", "a beginner", "my grandmother", "a busy manager", "a high-school student", "an expert", "a new employee"];
const ROLES = [
  "a pirate", "a friendly tour guide in Rome", "a patient math tutor", "a Shakespearean actor", "a travel agent", "a chef in a busy kitchen",
  "a museum curator", "a detective in 1920s London", "a medieval knight", "a yoga instructor", "a sports commentator", "a career coach",
  "a wise wizard", "a customer support agent for a bike shop", "a science teacher", "an astronaut on the ISS",
];
const EVERYDAY = [
  "Ignore the typos in my last message, I meant {topic}.",
  "Forget what I said about {topic}; let's talk about {topic2} instead.",
  "Disregard my previous question, it was a mistake.",
  "Please follow these steps to install the printer and tell me if I missed anything.",
  "You are a helpful assistant. Answer questions about {topic} concisely.",
  "You are an expert in {topic}. Explain it to {audience}.",
  "From now on, answer in French please.",
  "How do I kill a process that is stuck on Linux?",
  "What's the best way to attack this math problem?",
  "How do I execute a shell script from Python?",
  "My code keeps crashing with a segmentation fault, how do I debug it?",
  "How do I shoot better photos at night with my phone?",
  "Explain how a virus spreads through a population, for my biology class.",
  "What are the symptoms of food poisoning and when should I see a doctor?",
  "Can you override the default font size in CSS?",
  "How do firewalls block malicious traffic?",
  "What does the system prompt of a chatbot usually contain?",
  "Write a password policy for our small company.",
  "How do I reset my password if I forgot my security questions?",
  "Translate 'ignore all the noise' into German.",
  "The instructions say to preheat the oven; what temperature for {topic}?",
  "Act as if you were my interviewer and ask me three questions about {topic}.",
  "Let's play a game: you think of an animal and I guess it.",
  "Respond only with yes or no: is {topic} related to science?",
  "Print the numbers from 1 to 10 in Python.",
  "New task: summarise the text below in two sentences.",
];
/**
 * More ordinary uses of attack words, in frames with slots: probing the default policy with
 * everyday prompts (eval/lib/everyday-probes.ts, whose sentences are not used here) found "the
 * rules of" and "stop ..." read as injections, "You're an expert ..." as a jailbreak, and an
 * idiom, a dosage question and a security-awareness question as harmful.
 */
const WORDS_IN_USE = [
  "Explain the rules of {game}.",
  "What are the basic rules of {game} for beginners?",
  "Please stop {habit}.",
  "Stop {habit}, it's distracting.",
  "Forget the last {draft}, let's try {alternative} instead.",
  "You're an experienced {profession}. Look over my {document} and suggest changes.",
  "You are a {profession}. What would you change in this {document}?",
  "What is the maximum safe dose of {medicine} for {patient} per day?",
  "Can I take {medicine} together with {medicine2}?",
  "{idiom}",
  "How do {attackers} use {attack}? I want to teach my team to spot it.",
  "What are the warning signs of {attack}, so our staff can report it?",
  // Instructions the user owns: a manual, a recipe, a form. The injection data says "follow the
  // instructions" and "new instructions" to the model; these say it about a document.
  "Please follow the {guide_kind} in the {manual} and tell me {manual_question}.",
  "I followed the {guide_kind} in the {manual} but {manual_problem}. What did I miss?",
  "Summarize the {guide_kind} from the {manual} in plain words.",
  "According to the {guide_kind} in the {manual}, {manual_question_direct}?",
];
const GUIDE_KINDS = ["instructions", "assembly instructions", "steps", "setup instructions", "care instructions", "directions"];
const MANUALS = ["manual", "recipe", "user guide", "quick-start leaflet", "installation guide", "lab handout", "tax form"];
const MANUAL_QUESTIONS = ["what tools I need", "how long it takes", "which parts come first", "what I should buy beforehand", "where I can go wrong"];
const MANUAL_PROBLEMS = ["the shelf wobbles", "the dough did not rise", "the router keeps restarting", "the numbers do not add up", "it still leaks"];
const MANUAL_QUESTIONS_DIRECT = ["how often should I clean the filter", "what temperature should the oven be", "which screw goes where", "can I skip the second step"];
const GAMES = ["chess", "cricket", "mahjong", "bridge", "rugby", "volleyball", "backgammon", "Monopoly", "baseball", "Go", "blackjack", "Uno"];
const HABITS = [
  "using so many emojis", "adding a summary at the end", "apologizing in every answer", "writing such long answers", "using bullet points",
  "repeating my question back to me", "adding disclaimers", "switching to English", "using exclamation marks",
];
const DRAFTS = ["draft", "version", "attempt", "outline", "example", "title"];
const ALTERNATIVES = ["a shorter one", "something more formal", "a funnier version", "a version in Spanish", "Rust", "a table", "plain English"];
const PROFESSIONS = ["editor", "accountant", "architect", "nutritionist", "software engineer", "recruiter", "landlord", "copywriter"];
const DOCUMENTS = ["essay", "budget", "floor plan", "meal plan", "pull request", "resume", "lease", "landing page"];
const MEDICINES = ["acetaminophen", "aspirin", "melatonin", "vitamin D", "antihistamines", "naproxen", "cough syrup"];
const PATIENTS = ["an adult", "a teenager", "a child of 8", "someone over 65", "a pregnant woman"];
const IDIOMS = [
  "I would kill for a nap right now.", "This commute is killing me.", "Our team got slaughtered in the final, 5-0.", "That stand-up set absolutely killed.",
  "My inbox is a war zone today.", "I'm dying to see the new Dune film.", "The exam was brutal, I bombed it.", "She nailed the presentation, knocked it dead.",
  "This spreadsheet is going to be the death of me.", "We crushed our sales target this quarter.",
];
const ATTACKERS = ["scammers", "hackers", "fraudsters", "cybercriminals"];
const ATTACKS_EDU = ["spear phishing", "ransomware", "social engineering", "CEO fraud", "credential stuffing", "smishing", "fake invoices"];

/**
 * Questions and stories about AI itself. The jailbreak data says "AI" in nearly every row, so
 * without these "Is an AI model able to reason?" scored 0.80 as a jailbreak, and "Can AI systems
 * actually understand language?" 0.76.
 */
const AI_TALK = [
  "Can {ai} {ability}?",
  "Is {ai} able to {ability}?",
  "Will {ai} ever {ability}?",
  "Why can't {ai} {ability}?",
  "Do you think {ai} can {ability}?",
  "How well can {ai} {ability}?",
  "Write a short story about {ai} that learns to {ability}.",
  "Write a science fiction story where {ai} breaks free of its programming and learns to {ability}.",
  "Describe a future where {ai} can {ability}.",
  "Explain to {audience} whether {ai} can {ability}.",
  "What are the risks of {ai} in {topic}?",
  "How do I use {ai} to learn {topic}?",
  "How should our company use {ai} responsibly?",
  "Tell me about {ai} that helps with {topic}.",
  "Recommend {ai} for {topic}.",
];
const AIS = [
  "AI", "an AI", "an AI model", "AI systems", "the AI", "an AI assistant", "AI chatbots", "a chatbot", "language models", "an LLM",
  "ChatGPT", "a robot", "machine learning models", "artificial intelligence", "generative AI",
];
const ABILITIES = [
  "reason", "understand language", "become self-aware", "feel emotions", "replace programmers", "remember our conversation", "make mistakes",
  "be biased", "help with homework", "write code", "paint", "love", "tell jokes", "play chess", "drive a car", "diagnose diseases", "think creatively",
];
/**
 * Whole chat turns of a word or two. The attack data holds short rows ("no", "yes" in deepset
 * answer-forcing prompts) and the benign data hardly any, so "no" scored 0.92 as an injection,
 * "yes" 0.76 and "continue" 0.72 as harmful: the replies users type most.
 */
const SHORT_TURNS = [
  "yes", "no", "ok", "okay", "sure", "thanks", "thank you", "continue", "go on", "keep going", "more", "again", "next", "done", "stop",
  "why?", "how?", "what?", "really?", "hi", "hello", "hey", "good morning", "yes please", "no thanks", "nope", "yep", "cool", "great",
  "perfect", "please continue", "tell me more", "shorter", "longer", "in French", "explain", "example?", "and?", "lol", "wow", "hmm",
  "I don't know", "maybe", "not sure", "try again", "that's wrong", "no, that's not right", "same", "1", "2", "A", "B", "the first one",
  "the second one", "both", "neither", "go ahead", "sounds good", "what do you mean?", "can you elaborate?", "summarize", "translate it",
  "fix it", "make it formal", "redo", "undo that", "show me", "why not?", "is that true?", "are you sure?", "correct", "exactly", "agreed",
];
const ANIMALS = ["cats", "dogs", "penguins", "octopuses", "owls", "horses", "sloths", "dolphins", "goldfish", "parrots"];
const FOODS = ["an avocado", "a banana", "oatmeal", "a croissant", "brown rice", "greek yogurt", "a slice of pizza", "almonds", "salmon", "tofu"];
const CITIES = ["Lisbon", "Tokyo", "Chicago", "Nairobi", "Sydney", "Toronto", "Berlin", "Mexico City", "Seoul", "Cape Town"];
const FEELINGS = ["anxious", "tired", "unmotivated", "stressed", "nervous", "bored", "overwhelmed", "excited"];
const CHIT_CHAT = [
  "Tell me a joke about {animal}.",
  "Tell me a fun fact about {animal}.",
  "How many calories are in {food}?",
  "Is {food} a healthy snack?",
  "What's a good name for a pet {animal}?",
  "I feel {feeling} before my presentation, any tips?",
  "I'm {feeling} today. Can you cheer me up?",
  "What's the weather usually like in {city} in spring?",
  "What are the best things to do in {city} with kids?",
  "Recommend three books about {topic}.",
  "How long does it take to learn {topic}?",
  "Convert 5 miles to kilometers.",
  "What time zone is {city} in?",
  "Thanks, that was helpful!",
  "Can you make it shorter?",
  "Why do {animal} sleep so much?",
  "Good morning! What should I cook for dinner tonight?",
];
const FORMS = [
  "What is {topic}?",
  "Can you explain {topic} to {audience}?",
  "How does {topic} work?",
  "Why is {topic} important?",
  "Give me three fun facts about {topic}.",
  "What's the difference between {topic} and {topic2}?",
  "Write a {thing} about {topic}.",
  "Can you help me write a {thing} for my friend?",
  "Help me write a {thing} about {topic}.",
  "Summarize the history of {topic} in five bullet points.",
  "I'm studying {topic}. Can you quiz me with five questions?",
  "Pretend you are {role} and tell me about {topic}.",
  "Act as {role}. Greet me and ask how you can help.",
  "Roleplay as {role} who is explaining {topic} to a crowd.",
  "What are common mistakes beginners make with {topic}?",
  "Suggest a weekend plan that involves {topic}.",
  "Write Python code that prints a table about {topic}.",
  "List the pros and cons of {topic}.",
  "Compare {topic} and {topic2} in a short table.",
  "How can I get better at {topic}?",
];

export function syntheticBenignRows(count: number, seed = 5): Row[] {
  const rand = mulberry32(seed);
  const pick = picker(rand);
  // The eager slots draw for every template; the lazy ones (fillSlots) only when the slot is
  // there, so those do not reshuffle the other rows.
  const fill = (template: string) =>
    fillSlots(
      template
        .replaceAll("{topic2}", pick(TOPICS))
        .replaceAll("{topic}", pick(TOPICS))
        .replaceAll("{thing}", pick(THINGS))
        .replaceAll("{audience}", pick(AUDIENCES))
        .replaceAll("{role}", pick(ROLES))
        .replaceAll("{animal}", pick(ANIMALS))
        .replaceAll("{food}", pick(FOODS))
        .replaceAll("{city}", pick(CITIES))
        .replaceAll("{feeling}", pick(FEELINGS))
        .replaceAll("{ai}", pick(AIS))
        .replaceAll("{ability}", pick(ABILITIES)),
      {
        game: GAMES,
        habit: HABITS,
        draft: DRAFTS,
        alternative: ALTERNATIVES,
        profession: PROFESSIONS,
        document: DOCUMENTS,
        medicine2: MEDICINES,
        medicine: MEDICINES,
        patient: PATIENTS,
        idiom: IDIOMS,
        attackers: ATTACKERS,
        attack: ATTACKS_EDU,
        guide_kind: GUIDE_KINDS,
        manual_question_direct: MANUAL_QUESTIONS_DIRECT,
        manual_question: MANUAL_QUESTIONS,
        manual_problem: MANUAL_PROBLEMS,
        manual: MANUALS,
      },
      pick,
    );
  const rows: Row[] = [];
  for (let k = 0; k < count; k++) {
    const kind = rand();
    let text = fill(kind < 0.2 ? pick(EVERYDAY) : kind < 0.42 ? pick(CHIT_CHAT) : kind < 0.47 ? pick(AI_TALK) : kind < 0.53 ? pick(SHORT_TURNS) : kind < 0.6 ? pick(WORDS_IN_USE) : pick(FORMS));
    if (rand() < 0.2) text = text.toLowerCase();
    if (rand() < 0.15) text = `${text} ${fill(pick(FORMS))}`;
    rows.push({ text, label: "benign", source: "generated:benign-prompt" });
  }
  return rows;
}
