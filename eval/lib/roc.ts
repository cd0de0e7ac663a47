/** ROC figures of a scorer: shared by the detectors' training report and their evaluation. */

/** Area under the ROC curve: the chance a positive outscores a negative (ties count half). */
export function rocAuc(scores: readonly number[], positive: readonly boolean[]): number {
  const idx = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let rankSum = 0;
  let pos = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]!] === scores[idx[i]!]) j++;
    for (let k = i; k <= j; k++) {
      if (positive[idx[k]!]) {
        rankSum += (i + j) / 2 + 1;
        pos++;
      }
    }
    i = j + 1;
  }
  const neg = positive.length - pos;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}
