/**
 * Every API family the proxy serves. A new family is a folder beside these (its routes and
 * schemas, where its text lives, its stream interpreter) and one line here.
 */
import type { ApiFamily } from "../family.ts";
import { chatFamily } from "./chat/index.ts";
import { messagesFamily } from "./messages/index.ts";
import { responsesFamily } from "./responses/index.ts";

export const FAMILIES: readonly ApiFamily[] = [chatFamily, responsesFamily, messagesFamily];
