/**
 * The playground (DECISIONS §14) in a real headless browser (Debian's chromium through
 * playwright-core): pick a policy and a stage, type, check, see each guardrail's outcome and
 * confidence, the masked spans marked in the text, the sanitized text and the time; at laptop
 * and phone widths, by keyboard, with the same authentication as the API, nothing fetched from
 * anywhere else, and no violation of axe-core's accessibility rules. A screenshot is kept in
 * test-artifacts/ (and docs/images/ shows one).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { policy, tempPolicyDir, type TempDir } from "./helpers/policies.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = join(import.meta.dir, "..", "test-artifacts");
const TOKEN = "playground-caller-token";

let dir: TempDir;
let files: TempDir;
let open: TestServer;
let guarded: TestServer;
let off: TestServer;
let bound: TestServer;
let browser: Browser;

beforeAll(async () => {
  dir = tempPolicyDir({
    "mask.json": policy({ pre_flight: [{ name: "PII", config: { entities: ["EMAIL_ADDRESS", "PHONE_NUMBER"] } }], input: [{ name: "PromptInjection" }] }),
    "keywords.json": policy({ input: [{ name: "Keywords", config: { keywords: ["launch codes"] } }] }),
    "output-block.json": policy({ output: [{ name: "PII", suppress_enforcement: false, config: { block: true, entities: ["CREDIT_CARD"] } }] }),
  });
  open = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_DEFAULT_CONFIG_ID: "mask", SVC_GUARDRAILS_PLAYGROUND: "true" });
  guarded = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_PLAYGROUND: "true", SVC_GUARDRAILS_AUTH_TOKENS: TOKEN });
  off = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path });
  files = tempPolicyDir();
  const callers = files.write("callers.yaml", `- name: keywords-app\n  token_sha256: ${createHash("sha256").update("bound-token").digest("hex")}\n  policies: [keywords]\n`);
  bound = await startTestServer({ SVC_GUARDRAILS_POLICY_DIR: dir.path, SVC_GUARDRAILS_PLAYGROUND: "true", SVC_GUARDRAILS_CALLERS_FILE: callers });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([open?.stop(), guarded?.stop(), off?.stop(), bound?.stop()]);
  dir.remove();
  files?.remove();
});

/** axe-core's rules run in the page: what a screen reader or a keyboard user would trip on. */
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const found = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.any[0] ? n.any[0].message : '')).join(' | ')))")) as string[];
  return found;
}

async function newPage(server: TestServer, width = 1280, height = 900): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`${server.url}/playground`);
  return { page, requests };
}

describe("the playground page", () => {
  test("a check shows the verdict, each guardrail with its confidence, the masked spans marked, the sanitized text and the time", async () => {
    const { page, requests } = await newPage(open);
    await expect(page.getByLabel("Policy").inputValue()).resolves.toBe("mask");
    await page.getByLabel("Stage").selectOption("input");
    await page.getByLabel("Text").fill("Mail ann@corp.example or call +44 20 7946 0958 about the refund.");
    await page.getByRole("button", { name: "Check" }).click();
    const result = page.getByRole("status", { name: "Result" });
    await result.waitFor();
    expect(await page.locator("#verdict").textContent()).toBe("Allowed, masked");
    expect(await page.locator("#original mark").allTextContents()).toEqual(["ann@corp.exampleEMAIL_ADDRESS", "+44 20 7946 0958PHONE_NUMBER"]);
    expect(await page.locator("#sanitized").textContent()).toBe("Mail <EMAIL_ADDRESS> or call <PHONE_NUMBER> about the refund.");
    const rows = await page.locator("#runs tr").allTextContents();
    expect(rows[0]).toContain("PII");
    expect(rows[0]).toContain("masked");
    expect(rows[1]).toMatch(/PromptInjection\s*passed\s*0\.\d\d/);
    expect(await page.locator("#timing").textContent()).toMatch(/^Checked in [\d.]+ ms$/);
    await page.screenshot({ path: join(ARTIFACTS, "playground.png"), fullPage: true });
    // Nothing fetched from anywhere else.
    expect(requests.filter((u) => !u.startsWith(open.url))).toEqual([]);
    await page.close();
  }, 30_000);

  test("a block, by keyboard alone: Tab to the controls, Ctrl+Enter in the text", async () => {
    const { page } = await newPage(open);
    await page.getByLabel("Policy").focus();
    await page.keyboard.press("k"); // type-ahead: keywords
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("where are the launch codes?");
    await page.keyboard.press("Control+Enter");
    await page.getByRole("status", { name: "Result" }).waitFor();
    expect(await page.locator("#verdict").textContent()).toBe("Blocked by Keywords: Keywords guardrail triggered: blocked keyword found");
    expect(await page.locator("#sanitized").textContent()).toContain("nothing goes on");
    // The words that blocked it are marked in the text.
    expect(await page.locator("#original mark").allTextContents()).toEqual(["launch codesKeywords"]);
    await page.close();
  }, 30_000);

  test("a blocked output marks the value that blocked it", async () => {
    const { page } = await newPage(open);
    await page.getByLabel("Policy").selectOption("output-block");
    await page.getByLabel("Stage").selectOption("output");
    await page.getByLabel("Text").fill("Your card 4111 1111 1111 1111 is on file.");
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByRole("status", { name: "Result" }).waitFor();
    expect(await page.locator("#verdict").textContent()).toStartWith("Blocked by PII");
    expect(await page.locator("#original mark").allTextContents()).toEqual(["4111 1111 1111 1111CREDIT_CARD"]);
    expect(await page.locator("#original").textContent()).toBe("Your card 4111 1111 1111 1111CREDIT_CARD is on file.");
    await page.close();
  }, 30_000);

  test("readable at phone width: no horizontal scrolling, the controls one above the other", async () => {
    const { page } = await newPage(open, 390, 844);
    await page.getByLabel("Text").fill("Mail ann@corp.example");
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByRole("status", { name: "Result" }).waitFor();
    const overflow = (await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    const [policyBox, stageBox] = await Promise.all([page.getByLabel("Policy").boundingBox(), page.getByLabel("Stage").boundingBox()]);
    expect(stageBox!.y).toBeGreaterThan(policyBox!.y);
    await page.screenshot({ path: join(ARTIFACTS, "playground-phone.png"), fullPage: true });
    await page.close();
  }, 30_000);

  test("with authentication on, the page asks for the caller key; the API answers 401 without it", async () => {
    expect((await fetch(`${guarded.url}/playground`)).status).toBe(200);
    expect((await fetch(`${guarded.url}/playground/api/policies`)).status).toBe(401);
    const { page } = await newPage(guarded);
    await page.getByLabel("Caller key").waitFor();
    await page.getByLabel("Caller key").fill(TOKEN);
    await page.getByRole("button", { name: "Use this key" }).click();
    await expect(page.getByLabel("Policy").locator("option").allTextContents()).resolves.toEqual(["keywords", "mask", "output-block"]);
    await page.getByLabel("Policy").selectOption("keywords");
    await page.getByLabel("Text").fill("hello there");
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByRole("status", { name: "Result" }).waitFor();
    expect(await page.locator("#verdict").textContent()).toBe("Allowed");
    await page.close();
  }, 30_000);

  test("a caller bound to one policy sees only that policy and cannot check with another", async () => {
    const headers = { "x-guardrails-key": "bound-token", "content-type": "application/json" };
    const listed = await fetch(`${bound.url}/playground/api/policies`, { headers });
    expect(await listed.json()).toEqual({ policies: ["keywords"], default: null });
    const check = (config_id: string) =>
      fetch(`${bound.url}/playground/api/check`, { method: "POST", headers, body: JSON.stringify({ config_id, stage: "input", text: "hello" }) });
    expect((await check("keywords")).status).toBe(200);
    const other = await check("mask");
    expect(other.status).toBe(403);
  });

  test("markup in the text is shown as text, never run", async () => {
    const { page } = await newPage(open);
    const hostile = `<img src=x onerror="document.title='ran'"> mail ann@corp.example <script>document.title='ran'</script>`;
    await page.getByLabel("Text").fill(hostile);
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByRole("status", { name: "Result" }).waitFor();
    expect(await page.locator("#original").textContent()).toContain("<img src=x onerror=");
    expect(await page.locator("#original img, #original script, #sanitized img").count()).toBe(0);
    expect(await page.title()).toBe("guardrail-proxy playground");
    await page.close();
  }, 30_000);

  test("no accessibility violations (axe-core): before a check, with a result, with a block, and the key form", async () => {
    const { page } = await newPage(open);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Text").fill("Mail ann@corp.example or call +44 20 7946 0958.");
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByRole("status", { name: "Result" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Policy").selectOption("keywords");
    await page.getByLabel("Text").fill("where are the launch codes?");
    await page.getByRole("button", { name: "Check" }).click();
    await page.locator("#verdict", { hasText: "Blocked" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
    const keyed = await newPage(guarded);
    await keyed.page.getByLabel("Caller key").waitFor();
    expect(await accessibilityViolations(keyed.page)).toEqual([]);
    await keyed.page.close();
  }, 30_000);

  test("checks are counted in guardrail_proxy_playground_checks_total only, never in the traffic metrics", async () => {
    const checks = [
      { config_id: "mask", stage: "input", text: "mail ann@corp.example" },
      { config_id: "keywords", stage: "input", text: "the launch codes" },
      { config_id: "mask", stage: "output", text: "nothing here" },
      { config_id: "no-such-policy", stage: "input", text: "hi" },
    ];
    const before = await (await fetch(`${open.url}/metrics`)).text();
    const count = (scrape: string, series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, "\\$&")} (\\d+)$`, "m").exec(scrape)?.[1] ?? 0);
    for (const check of checks) await open.post("/playground/api/check", check);
    await open.waitForLog((l) => l.path === "/playground/api/check" && l.status === 422);
    const after = await (await fetch(`${open.url}/metrics`)).text();
    expect(count(after, 'guardrail_proxy_playground_checks_total{stage="input",outcome="masked"}') - count(before, 'guardrail_proxy_playground_checks_total{stage="input",outcome="masked"}')).toBe(1);
    expect(count(after, 'guardrail_proxy_playground_checks_total{stage="input",outcome="blocked"}') - count(before, 'guardrail_proxy_playground_checks_total{stage="input",outcome="blocked"}')).toBe(1);
    expect(count(after, 'guardrail_proxy_playground_checks_total{stage="output",outcome="passed"}') - count(before, 'guardrail_proxy_playground_checks_total{stage="output",outcome="passed"}')).toBe(1);
    expect(count(after, 'guardrail_proxy_playground_checks_total{stage="input",outcome="error"}') - count(before, 'guardrail_proxy_playground_checks_total{stage="input",outcome="error"}')).toBe(1);
    // Neither the requests, their latency, nor the guardrails' outcomes reach the traffic series.
    expect(after).not.toContain('route="/playground/api/check"');
    expect(after).not.toMatch(/^guardrail_proxy_guardrail_outcomes_total\{/m);
  });

  test("without --playground, the page and its API do not exist", async () => {
    expect((await fetch(`${off.url}/playground`)).status).toBe(404);
    expect((await fetch(`${off.url}/playground/api/policies`)).status).toBe(404);
  });
});
