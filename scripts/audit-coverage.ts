/**
 * How docs/coverage.md was checked against the SDKs (issue 21): walks the official SDKs' type
 * definitions in node_modules from the request and answer types of every route, and lists each
 * string-valued field reachable from them, with what the proxy's reading does with it
 * (src/proxy/reading/text-reading.ts, by the tables of src/proxy/reading/fields.ts): read as text,
 * skipped as opaque, or handled as media.
 * Every field the rules skip is printed, so a reviewer can confirm none of them carries text a
 * model reads; `--all` prints every field.
 *
 *   bun scripts/audit-coverage.ts [--all]
 */
import ts from "typescript";
import { join } from "node:path";
import { CHAT_FIELDS } from "../src/proxy/families/chat/fields.ts";
import { MESSAGES_FIELDS } from "../src/proxy/families/messages/fields.ts";
import { RESPONSES_FIELDS } from "../src/proxy/families/responses/fields.ts";
import type { Fields } from "../src/proxy/reading/fields.ts";

/** The table of the route being walked. */
let fields: Fields = CHAT_FIELDS;
const isStructureKey = (key: string): boolean => fields.opaque(fields.canonical(key), undefined);

const ROOT = join(import.meta.dir, "..");
const SHOW_ALL = process.argv.includes("--all");

/** Root types: where each route's request and answer begin (every field of them is walked). */
const ROOTS: { route: string; file: string; type: string; fields?: readonly string[] }[] = [
  { route: "chat request", file: "openai/resources/chat/completions/completions.d.ts", type: "ChatCompletionCreateParamsBase", fields: ["messages", "prediction", "tools", "functions"] },
  { route: "chat answer", file: "openai/resources/chat/completions/completions.d.ts", type: "ChatCompletion", fields: ["choices"] },
  { route: "chat stream", file: "openai/resources/chat/completions/completions.d.ts", type: "ChatCompletionChunk", fields: ["choices"] },
  { route: "responses request", file: "openai/resources/responses/responses.d.ts", type: "ResponseCreateParamsBase", fields: ["input", "instructions", "prompt", "tools"] },
  { route: "responses answer", file: "openai/resources/responses/responses.d.ts", type: "Response", fields: ["output", "output_text"] },
  { route: "messages request", file: "@anthropic-ai/sdk/resources/messages/messages.d.ts", type: "MessageCreateParamsBase", fields: ["messages", "system", "tools"] },
  { route: "messages answer", file: "@anthropic-ai/sdk/resources/messages/messages.d.ts", type: "Message", fields: ["content"] },
];

/**
 * Keys the reading treats as media or encoded data (read only when they decode to text: a data
 * URL or Base64 of a text type, an Anthropic text source).
 */
const MEDIA_KEYS = new Set(["image_url", "file_data", "file_url", "input_audio", "data"]);

const program = ts.createProgram(
  ROOTS.map((r) => join(ROOT, "node_modules", r.file)),
  { target: ts.ScriptTarget.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true },
);
const checker = program.getTypeChecker();

function findType(file: string, name: string): ts.Type {
  const source = program.getSourceFile(join(ROOT, "node_modules", file));
  if (!source) throw new Error(`no source ${file}`);
  for (const statement of source.statements) {
    if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === name) {
      return checker.getTypeAtLocation(statement.name);
    }
  }
  throw new Error(`no type ${name} in ${file}`);
}

interface Field {
  readonly path: string;
  readonly key: string;
  /** What the reading does with it. */
  readonly reading: "text" | "judged definition" | "media" | "structure";
}

/** How the reading treats a string at `key`, below `ancestors` (keys of the objects around it). */
function readingOf(key: string, ancestors: readonly string[], inTools: boolean): Field["reading"] {
  if (ancestors.some((a) => isStructureKey(a) || MEDIA_KEYS.has(a)) || isStructureKey(key)) return "structure";
  if (MEDIA_KEYS.has(key)) return "media";
  // Definitions: every string judged, never masked.
  if (inTools) return "judged definition";
  return "text";
}

/** Only free strings count: a union of string literals is an enum (a role, a type), not text. */
function isFreeString(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isFreeString);
  return (type.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) !== 0;
}

function walk(type: ts.Type, path: string, ancestors: readonly string[], inTools: boolean, out: Field[], seen: Set<ts.Type>, depth: number): void {
  if (depth > 14 || seen.has(type)) return;
  if (type.isUnion() || type.isIntersection()) {
    for (const t of type.types) walk(t, path, ancestors, inTools, out, seen, depth);
    return;
  }
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    if (element) walk(element, `${path}[]`, ancestors, inTools, out, seen, depth + 1);
    return;
  }
  if (!(type.flags & ts.TypeFlags.Object)) return;
  seen.add(type);
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration) continue;
    const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
    const childPath = `${path}.${property.name}`;
    if (isFreeString(propertyType)) out.push({ path: childPath, key: property.name, reading: readingOf(property.name, ancestors, inTools) });
    walk(propertyType, childPath, [...ancestors, property.name], inTools || fields.definitions.has(property.name), out, seen, depth + 1);
  }
  const index = type.getStringIndexType();
  if (index) {
    if (isFreeString(index)) out.push({ path: `${path}.*`, key: "*", reading: readingOf("*", ancestors, inTools) });
    walk(index, `${path}.*`, ancestors, inTools, out, seen, depth + 1);
  }
  seen.delete(type);
}

let skippedTotal = 0;
for (const root of ROOTS) {
  fields = root.route.startsWith("messages") ? MESSAGES_FIELDS : root.route.startsWith("responses") ? RESPONSES_FIELDS : CHAT_FIELDS;
  const type = findType(root.file, root.type);
  const found: Field[] = [];
  // Every top-level field but those the table skips (model parameters, an answer's own fields).
  const request = root.route.endsWith("request");
  const names = checker.getPropertiesOfType(type).map((p) => p.name).filter((n) => !(request ? fields.parameter(n) : fields.answerField(n)) && !isStructureKey(n));
  for (const name of names) {
    const property = checker.getPropertyOfType(type, name);
    const declaration = property?.valueDeclaration ?? property?.declarations?.[0];
    if (!property || !declaration) {
      console.log(`${root.route}: no field ${name} in ${root.type}`);
      continue;
    }
    const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
    const inTools = request && fields.definitions.has(name);
    if (isFreeString(propertyType)) found.push({ path: name, key: name, reading: inTools ? "judged definition" : readingOf(name, [], false) });
    walk(propertyType, name, [], inTools, found, new Set(), 0);
  }
  const unique = [...new Map(found.map((f) => [f.path, f])).values()];
  const by = (r: Field["reading"]) => unique.filter((f) => f.reading === r);
  const skipped = by("structure");
  skippedTotal += skipped.length;
  console.log(`\n## ${root.route} (${root.type}): ${unique.length} string fields: ${by("text").length} read as text, ${by("judged definition").length} judged definitions, ${by("media").length} media, ${skipped.length} structure`);
  console.log(`structure keys (not read as text): ${[...new Set(skipped.map((f) => f.key))].sort().join(", ")}`);
  if (SHOW_ALL) for (const f of unique) console.log(`  ${f.reading.padEnd(17)} ${f.path}`);
}
console.log(`\n${skippedTotal} string fields skipped as structure in all; review the key lists above.`);
