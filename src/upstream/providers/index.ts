/** Every kind of upstream, by the models config's `provider` name. A new one is a file here and a line below. */
import type { Provider } from "../models-config.ts";
import { compat } from "./compat.ts";
import { hosted } from "./hosted.ts";
import { messages } from "./messages.ts";
import type { ProviderSpec } from "./provider.ts";

export const PROVIDERS_BY_NAME: { readonly [P in Provider]: ProviderSpec<P> } = { compat, hosted, messages };
