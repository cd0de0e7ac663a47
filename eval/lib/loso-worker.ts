/** A worker thread of the leave-one-source-out evaluation: answers each group's fold scores. */
import { FeatureCache } from "../../scripts/lib/detector-training.ts";
import { loadRows } from "./detector-data.ts";
import { foldScores } from "./loso.ts";

declare const self: Worker;

const all = loadRows();
const cache = new FeatureCache();
self.onmessage = (e: MessageEvent<string>) => {
  self.postMessage(foldScores(all, e.data, cache));
};
