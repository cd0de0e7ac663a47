/** Files imported as text (`with { type: "text" }`): bundled into the binary by bun build. */
declare module "*.txt" {
  const text: string;
  export default text;
}

/** Files imported as paths (`with { type: "file" }`): embedded into the binary by bun build. */
declare module "*.bin" {
  const path: string;
  export default path;
}

/** Policy files imported as text (`with { type: "text" }`), for `init` (cli/shipped-policies.ts). */
declare module "*.yaml" {
  const text: string;
  export default text;
}
declare module "*.yml" {
  const text: string;
  export default text;
}

/** The playground page (`with { type: "text" }`), served from the binary (http/routes/playground.ts). */
declare module "*.html" {
  const text: string;
  export default text;
}
