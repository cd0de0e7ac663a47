/** Benchmark inputs. */

let sent = 0;

/**
 * About 1 KB of a realistic support message with a realistic PII density; each call's has
 * another order number, so no two requests of a benchmark carry the same text (the proxy
 * reuses the PII scans of texts it has seen: a benchmark must measure scanning).
 */
export function supportMessage1k(): string {
  const order = 10000 + (sent++ % 90000);
  const key = "sk-proj-" + "Qm9vZ1xKd3Rhc2tfaW5mb3JtYXRpb24";
  const base =
    `Hi support team, my name is Maria Lopez and I was charged twice for order ${order} on March 3rd. ` +
    "You can reach me at maria.lopez@example.net or on +1 (415) 555-0134 between 9am and 5pm. " +
    "The card I used is 4111 1111 1111 1111, if you need it to find the payment. " +
    "I already tried resetting my password from the dashboard and contacting my bank, but they told me " +
    "the merchant has to issue the refund. Our integration also started failing with a 401 error since " +
    `yesterday; we send the key ${key} in the Authorization header and nothing changed on our side. ` +
    "Could you please check both issues and refund the duplicate charge? I am available all week, and " +
    "my colleague can also help if I am travelling. ";
  let text = base;
  const filler = "We have been customers for three years and have always been happy with the service. ";
  while (text.length < 1024) text += filler;
  return text.slice(0, 1024);
}
