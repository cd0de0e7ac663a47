/** A models-config entry whose route cannot be built: the message names the entry and the field. */
export class RouteConfigError extends Error {
  override readonly name = "RouteConfigError";
}
