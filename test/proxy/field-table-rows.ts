/**
 * The families' tables of opaque fields (src/proxy/families/<family>/fields.ts) as the rows of
 * docs/coverage.md's "What each family skips": written by `npm run docs:coverage`
 * (scripts/write-coverage.ts), compared by test/proxy/coverage.test.ts.
 */
import { COMMON_OPAQUE } from "../../src/proxy/reading/fields.ts";
import { FAMILIES } from "../../src/proxy/families/index.ts";

export const FIELD_TABLE_HEADER = "| family | where | field | why |";

export function fieldTableRows(): string[] {
  const rows = COMMON_OPAQUE.map((f) => `| every family | anywhere | \`${f.field}\` | ${f.why} |`);
  for (const family of FAMILIES) {
    const t = family.fields.table;
    for (const f of t.opaque) rows.push(`| ${t.family} | anywhere | \`${f.field}\` | ${f.why} |`);
    for (const f of t.parameters) rows.push(`| ${t.family} | request, top level | \`${f.field}\` | ${f.why} |`);
    for (const name of t.definitions) rows.push(`| ${t.family} | request, top level | \`${name}\` | a definition: every string and key judged, never masked |`);
    for (const f of t.answer) rows.push(`| ${t.family} | answer, top level and per choice or candidate | \`${f.field}\` | ${f.why} |`);
    for (const name of t.toolData) rows.push(`| ${t.family} | anywhere | \`${name}\` | tool data: every key, value and number in it read, whatever it is called |`);
    rows.push(`| ${t.family} | request | signed parts | ${t.signedRequests === "keep" ? "read and judged, forwarded as signed (the signature covers the text)" : "read and masked like any other (the signature does not cover the text)"}; in an answer, a value output masking would change in one blocks the answer |`);
    for (const [alias, name] of Object.entries(t.aliases ?? {})) rows.push(`| ${t.family} | anywhere | \`${alias}\` | read as \`${name}\` (the provider's parser accepts both) |`);
  }
  return rows;
}
