/** A models-config entry whose route cannot be built: the message names the entry and the field. */
export class RouteConfigError extends Error {
  override readonly name: string = "RouteConfigError";
}

/** A provider's environment variable that cannot be used: the message names the variable, never its value. */
export class VariableError extends RouteConfigError {
  override readonly name = "VariableError";
}
