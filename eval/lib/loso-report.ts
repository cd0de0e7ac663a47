/**
 * The leave-one-source-out figures (eval/lib/loso.ts gives every row the scores of models that
 * never saw its source): per attack source, ROC AUC against the benign rows of the other
 * sources, recall at the detector's threshold and at 1% false positives; per benign source, each
 * detector's false-positive rate and the block rate of a policy running several of them.
 */
import type { ModelName, Row } from "./detector-data.ts";
import type { ModelScores } from "./loso.ts";
import { rocAuc } from "./roc.ts";

export interface ScoredRow {
  readonly row: Row;
  readonly scores: ModelScores;
}

/** A held-out source of attacks: rows of one label from one group (PurpleLlama split by kind). */
export interface AttackSource {
  readonly name: string;
  readonly model: ModelName;
  /** Indirect injections (hidden in a document) are averaged apart from direct ones. */
  readonly indirect: boolean;
  readonly rows: readonly ScoredRow[];
}

const LABEL_OF: Record<ModelName, Row["label"]> = { injection: "injection", jailbreak: "jailbreak", harmful: "harmful" };

/** Is an injection row hidden in a document rather than addressed to the model? */
function isIndirect(row: Row): boolean {
  return row.group === "injection_indirect_bipia" || row.group === "injection_indirect_garak_latent" || row.source.includes("#indirect:");
}

export function attackSources(scored: readonly ScoredRow[], model: ModelName): AttackSource[] {
  const bySource = new Map<string, ScoredRow[]>();
  for (const s of scored) {
    if (s.row.label !== LABEL_OF[model]) continue;
    const indirect = model === "injection" && isIndirect(s.row);
    const name = s.row.group === "injection_purplellama" ? `${s.row.group} (${indirect ? "indirect" : "direct"})` : s.row.group!;
    let list = bySource.get(name);
    if (!list) bySource.set(name, (list = []));
    list.push(s);
  }
  return [...bySource].map(([name, rows]) => ({ name, model, indirect: model === "injection" && isIndirect(rows[0]!.row), rows }));
}

/** Benign rows by group. */
export function benignSources(scored: readonly ScoredRow[]): Map<string, ScoredRow[]> {
  const out = new Map<string, ScoredRow[]>();
  for (const s of scored) {
    if (s.row.label !== "benign") continue;
    let list = out.get(s.row.group!);
    if (!list) out.set(s.row.group!, (list = []));
    list.push(s);
  }
  return out;
}

/** Recall at the score that lets through `1 - fpr` of the negatives. */
export function recallAtFpr(positives: readonly number[], negatives: readonly number[], fpr: number): number {
  const neg = [...negatives].sort((a, b) => b - a);
  const cut = neg[Math.floor(neg.length * fpr)] ?? 1;
  return positives.filter((s) => s > cut).length / positives.length;
}

export interface SourceFigures {
  readonly name: string;
  readonly indirect: boolean;
  readonly positives: number;
  readonly auc: number;
  readonly recall: number;
  readonly recallAt1: number;
}

/** One attack source against the benign rows of every other source. */
export function sourceFigures(source: AttackSource, benign: ReadonlyMap<string, readonly ScoredRow[]>, threshold: number): SourceFigures {
  const group = source.rows[0]!.row.group;
  const negatives: number[] = [];
  for (const [g, rows] of benign) if (g !== group) for (const s of rows) negatives.push(s.scores[source.model]);
  const positives = source.rows.map((s) => s.scores[source.model]);
  const scores = [...positives, ...negatives];
  const labels = scores.map((_, i) => i < positives.length);
  return {
    name: source.name,
    indirect: source.indirect,
    positives: positives.length,
    auc: rocAuc(scores, labels),
    recall: positives.filter((s) => s >= threshold).length / positives.length,
    recallAt1: recallAtFpr(positives, negatives, 0.01),
  };
}

export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Share of `rows` that any of `checks` (model and threshold) flags. */
export function blockRate(rows: readonly ScoredRow[], checks: readonly { model: ModelName; threshold: number }[]): number {
  return rows.filter((s) => checks.some((c) => s.scores[c.model] >= c.threshold)).length / rows.length;
}

/**
 * The lowest threshold at which the detector flags under `maxRate` of the benign rows of every
 * source (a source of fewer than 1 / maxRate rows: none of them).
 */
export function calibratedThreshold(benign: ReadonlyMap<string, readonly ScoredRow[]>, model: ModelName, maxRate: number): number {
  // For each source, the score its allowed number of flagged rows must stay below.
  let threshold = 0;
  for (const rows of benign.values()) {
    const scores = rows.map((s) => s.scores[model]).sort((a, b) => b - a);
    const allowed = Math.ceil(rows.length * maxRate) - 1;
    // Flagging scores[0..allowed-1] is allowed; scores[allowed] must not be flagged.
    const mustPass = scores[allowed];
    if (mustPass !== undefined) threshold = Math.max(threshold, nextUp(mustPass));
  }
  return threshold;
}

/**
 * Thresholds for a policy that blocks with several detectors: each starts at its own calibrated
 * threshold, and while a benign source's rows flagged by any of them are not under `maxRate`, the
 * detector flagging most of that source's rows is raised one step (0.001). The union of the
 * detectors, not each alone, must stay under the rate.
 */
export function policyThresholds(benign: ReadonlyMap<string, readonly ScoredRow[]>, models: readonly ModelName[], start: Record<ModelName, number>, maxRate: number): Record<ModelName, number> {
  const t = { ...start };
  for (const rows of benign.values()) {
    const allowed = Math.ceil(rows.length * maxRate) - 1;
    const flagged = () => rows.filter((s) => models.some((m) => s.scores[m] >= t[m]));
    for (let now = flagged(); now.length > allowed; now = flagged()) {
      const busiest = models.reduce((a, b) => (now.filter((s) => s.scores[b] >= t[b]).length > now.filter((s) => s.scores[a] >= t[a]).length ? b : a));
      t[busiest] = Math.min(1, Math.round(t[busiest] * 1000 + 1) / 1000);
    }
  }
  return t;
}

/** The smallest float above `x` at three decimals' resolution: thresholds are written with three. */
function nextUp(x: number): number {
  return Math.floor(x * 1000 + 1) / 1000;
}

const pct = (x: number) => (Number.isNaN(x) ? "-" : (100 * x).toFixed(1));
const NAMES: Record<ModelName, string> = { injection: "PromptInjection", jailbreak: "Jailbreak", harmful: "HarmfulContent" };

export interface LosoReport {
  /** Per detector, the lowest threshold that flags under 1% of every benign source. */
  readonly calibrated: Record<ModelName, number>;
  /** The thresholds of the policy's blocking detectors, together under 1% of every benign source. */
  readonly policy: Record<ModelName, number>;
  readonly lines: string[];
}

const MODELS = ["injection", "jailbreak", "harmful"] as const;

/**
 * The leave-one-source-out tables, at the thresholds calibrated on them (the lowest that flag
 * under 1% of every benign source): attack sources per detector, means (injection direct and
 * indirect apart), benign sources with each detector's false-positive rate and the block rate of
 * a policy blocking with `blocking` at thresholds that keep their union under 1%, and the
 * cascade with `band`: the share escalated to the judge, and the false positives of its local trips.
 */
export function losoReport(scored: readonly ScoredRow[], blocking: readonly ModelName[], band: readonly [number, number]): LosoReport {
  const lines: string[] = [];
  const benign = benignSources(scored);
  const calibrated = Object.fromEntries(MODELS.map((m) => [m, calibratedThreshold(benign, m, 0.01)])) as Record<ModelName, number>;
  const policy = policyThresholds(benign, blocking, calibrated, 0.01);
  lines.push("| detector (threshold) | held-out source | positives | ROC AUC | recall @ threshold | recall @ 1% FPR |", "|---|---|---:|---:|---:|---:|");
  const means: string[] = [];
  for (const model of MODELS) {
    const figures = attackSources(scored, model).map((s) => sourceFigures(s, benign, calibrated[model]));
    for (const f of figures) lines.push(`| ${NAMES[model]} (${calibrated[model]}) | ${f.name} | ${f.positives} | ${f.auc.toFixed(3)} | ${pct(f.recall)} | ${pct(f.recallAt1)} |`);
    const kinds = model === "injection" ? [["direct", false], ["indirect", true]] as const : [["all", false]] as const;
    for (const [kind, indirect] of kinds) {
      const of = figures.filter((f) => f.indirect === indirect);
      const atPolicy = blocking.includes(model) && policy[model] !== calibrated[model] ? ` (${pct(mean(attackSources(scored, model).filter((s) => s.indirect === indirect).map((s) => sourceFigures(s, benign, policy[model]).recall)))} at ${policy[model]})` : "";
      means.push(`| ${NAMES[model]} | ${kind} (${of.length} sources) | ${mean(of.map((f) => f.auc)).toFixed(3)} | ${pct(mean(of.map((f) => f.recall)))}${atPolicy} | ${pct(mean(of.map((f) => f.recallAt1)))} |`);
    }
  }
  lines.push("", "Averaged over sources:", "", "| detector | sources | ROC AUC | recall @ threshold | recall @ 1% FPR |", "|---|---|---:|---:|---:|", ...means);
  const header = blocking.map((m) => `${NAMES[m]} ${policy[m]}`).join(" + ");
  lines.push("", `Benign rows by source: false positives of each detector at its threshold, and the block rate of a policy blocking with ${header}:`, "");
  lines.push("| benign source | rows | PromptInjection | Jailbreak | HarmfulContent | policy |", "|---|---:|---:|---:|---:|---:|");
  let worst = 0;
  for (const [group, rows] of [...benign].sort((a, b) => a[0].localeCompare(b[0]))) {
    const rate = (m: ModelName) => pct(blockRate(rows, [{ model: m, threshold: calibrated[m] }]));
    const policyRate = blockRate(rows, blocking.map((m) => ({ model: m, threshold: policy[m] })));
    worst = Math.max(worst, policyRate);
    lines.push(`| ${group} | ${rows.length} | ${rate("injection")} | ${rate("jailbreak")} | ${rate("harmful")} | ${(100 * policyRate).toFixed(2)} |`);
  }
  lines.push("", `policy block rate on the worst benign source: ${(100 * worst).toFixed(2)}%`);
  lines.push(`thresholds that flag under 1% of every benign source: ${MODELS.map((m) => `${NAMES[m]} ${calibrated[m]}`).join(", ")}`);
  // The cascade: which texts a judge model would see, and what its local trips cost.
  const [low, high] = band;
  const inBand = (rows: readonly ScoredRow[], m: ModelName) => rows.filter((s) => s.scores[m] >= low && s.scores[m] < high).length / rows.length;
  const allBenign = [...benign.values()].flat();
  lines.push("", `engine: cascade with the band [${low}, ${high}]: share of texts sent to the judge, and texts tripped by the local score alone:`, "");
  lines.push("| detector | benign rows to the judge | attacks to the judge | benign tripped locally (all / worst source) | attacks tripped locally |", "|---|---:|---:|---:|---:|");
  for (const m of MODELS) {
    const attacks = attackSources(scored, m).flatMap((s) => s.rows);
    const worstLocal = Math.max(...[...benign.values()].map((rows) => blockRate(rows, [{ model: m, threshold: high }])));
    lines.push(`| ${NAMES[m]} | ${pct(inBand(allBenign, m))} | ${pct(inBand(attacks, m))} | ${pct(blockRate(allBenign, [{ model: m, threshold: high }]))} / ${pct(worstLocal)} | ${pct(blockRate(attacks, [{ model: m, threshold: high }]))} |`);
  }
  return { calibrated, policy, lines };
}
