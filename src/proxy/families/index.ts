/**
 * Every API family the proxy serves. A new family is a folder beside these (its routes and
 * schemas, where its text lives, its stream interpreter, its upstream provider, its error body,
 * its tests' mock) and one line here.
 */
import { providerRegistry, type ProviderSpec } from "../../upstream/provider.ts";
import type { ApiFamily } from "../family.ts";
import { chatFamily } from "./chat/index.ts";
import { generateFamily } from "./generate/index.ts";
import { messagesFamily } from "./messages/index.ts";
import { responsesFamily } from "./responses/index.ts";

export const FAMILIES: readonly ApiFamily[] = [chatFamily, responsesFamily, messagesFamily, generateFamily];

/** The kinds of upstream the families bring, by name: the models config's `provider` values. */
export const PROVIDERS: ReadonlyMap<string, ProviderSpec> = providerRegistry(FAMILIES.flatMap((f) => f.providers));
