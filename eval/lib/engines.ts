/** The two PII engines under evaluation, behind one function: text to typed spans. */
import { pii as openaiPii, PIIEntity } from "@openai/guardrails/dist/checks/pii.js";
import { ALL_ENTITY_TYPES, type EntityType } from "../../src/guardrails/pii/entities.ts";
import { PiiEngine } from "../../src/guardrails/pii/engine.ts";
import type { Span } from "./token-metrics.ts";

export type Engine = (text: string) => Promise<Span[]>;

/**
 * Our engine. `scope: "all"` masks every name, place, date, group and URL it recognises (what the
 * labelled sets mark); `"personal"` only those pointing at a person, as the PII guardrail does by
 * default (src/guardrails/pii/personal-context.ts).
 */
export function ourEngine(entities: readonly EntityType[] = ALL_ENTITY_TYPES, scope: "all" | "personal" = "all"): Engine {
  const engine = new PiiEngine({ entities, allowList: [], detectEncoded: false, quasiIdentifiers: scope, urlScope: scope });
  return async (text) => engine.scan(text).detections.map((d) => ({ type: d.entity, start: d.start, end: d.end }));
}

/** The entity types `@openai/guardrails` knows. */
export const OPENAI_TYPES: ReadonlySet<string> = new Set(Object.values(PIIEntity));

/**
 * `@openai/guardrails`'s `pii` check with every type it knows. It reports values, not offsets:
 * every occurrence of a reported value is taken as a detection.
 */
export function openaiEngine(): Engine {
  const config = { entities: Object.values(PIIEntity), block: false, detect_encoded_pii: false };
  const warn = console.warn;
  return async (text) => {
    console.warn = () => {}; // it warns about NRP and PERSON on every call
    let result;
    try {
      result = await openaiPii(null, text, config);
    } catch {
      return [];
    } finally {
      console.warn = warn;
    }
    const spans: Span[] = [];
    const detected = (result.info as { detected_entities?: Record<string, string[]> }).detected_entities ?? {};
    for (const [type, values] of Object.entries(detected)) {
      for (const value of values) {
        for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) spans.push({ type, start: at, end: at + value.length });
      }
    }
    return spans;
  };
}
