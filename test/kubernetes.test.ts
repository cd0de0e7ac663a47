/**
 * deploy/kubernetes: every object the kustomization names (and the ConfigMap it generates) is
 * valid against the Kubernetes schemas (kubernetes-models validates objects as the API server's
 * OpenAPI schema does: types, required fields, enumerations, formats; no cluster is needed).
 * Its validators let unknown fields pass, which `kubectl apply` refuses (strict field
 * validation): the objects are also type-checked as object literals against kubernetes-models'
 * interfaces, where TypeScript rejects every property the type does not have. And the objects
 * agree with each other and with what the image and the server expect.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseAllDocuments, parse as parseYaml } from "yaml";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { ConfigMap, Service } from "kubernetes-models/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { IMAGE_USER } from "../scripts/build-image.ts";
import { VERSION } from "../src/version.ts";
import { loadSettings } from "../src/settings.ts";
import { BrowserBoundary } from "../src/http/browser-boundary.ts";

const ROOT = join(import.meta.dir, "..");
const DIR = join(ROOT, "deploy", "kubernetes");

interface Kustomization {
  resources: string[];
  configMapGenerator: { name: string; files: string[] }[];
  images: { name: string; newTag: string }[];
}
const kustomization = parseYaml(readFileSync(join(DIR, "kustomization.yaml"), "utf8")) as Kustomization;

type KubeObject = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };
const objects: KubeObject[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), "utf8")).map((doc) => {
    expect(doc.errors).toEqual([]);
    return doc.toJS() as KubeObject;
  }),
);
const byKind = (kind: string) => objects.filter((o) => o.kind === kind);

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "apps/v1/Deployment": Deployment,
  "v1/Service": Service,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
};

describe("the manifests validate against the Kubernetes schemas", () => {
  test("a Deployment, a Service, a HorizontalPodAutoscaler and a PodDisruptionBudget, each valid", () => {
    expect(objects.map((o) => `${o.apiVersion}/${o.kind}`).sort()).toEqual(Object.keys(MODELS).filter((k) => !k.includes("NetworkPolicy")).sort());
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`]!;
      expect(() => new Model(object as never).validate()).not.toThrow();
    }
  });

  test("the validator does reject a wrong object (replicas that are not a number)", () => {
    const deployment = structuredClone(byKind("Deployment")[0]!) as unknown as { spec: { replicas: unknown } };
    deployment.spec.replicas = "two";
    expect(() => new Deployment(deployment as never).validate()).toThrow();
  });

  test("the generated ConfigMap is valid and holds the shipped default policy as it is", () => {
    const [generator] = kustomization.configMapGenerator;
    const data = Object.fromEntries(generator!.files.map((f) => [f.split("/").at(-1)!, readFileSync(join(DIR, f), "utf8")]));
    expect(() => new ConfigMap({ metadata: { name: generator!.name }, data }).validate()).not.toThrow();
    expect(data["default.yaml"]).toBe(readFileSync(join(ROOT, "policies", "default.yaml"), "utf8"));
  });
});

/** The interface of each kind, in kubernetes-models. */
const INTERFACES: Record<string, [module: string, name: string]> = {
  Deployment: ["kubernetes-models/apps/v1/Deployment", "IDeployment"],
  Service: ["kubernetes-models/v1/Service", "IService"],
  HorizontalPodAutoscaler: ["kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler", "IHorizontalPodAutoscaler"],
  PodDisruptionBudget: ["kubernetes-models/policy/v1/PodDisruptionBudget", "IPodDisruptionBudget"],
  NetworkPolicy: ["kubernetes-models/networking.k8s.io/v1/NetworkPolicy", "INetworkPolicy"],
};

// A directory inside the repository, so the module resolution finds node_modules.
const typeCheckDir = mkdtempSync(join(ROOT, ".k8s-typecheck-"));
afterAll(() => rmSync(typeCheckDir, { recursive: true, force: true }));

/** tsc's complaints about the objects written as typed literals; "" when there is none. */
function typeErrors(list: readonly KubeObject[], file: string): string {
  const imports = Object.entries(INTERFACES).map(([, [module, name]]) => `import type { ${name} } from "${module}";`);
  const literals = list.map((o, i) => `export const object${i}: ${INTERFACES[o.kind]![1]} = ${JSON.stringify(o, null, 2)};`);
  const path = join(typeCheckDir, file);
  writeFileSync(path, [...imports, ...literals].join("\n"));
  const tsc = Bun.spawnSync(
    [process.execPath, join(ROOT, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", path],
    { cwd: ROOT, stdout: "pipe", stderr: "pipe" },
  );
  return (tsc.stdout.toString() + tsc.stderr.toString()).trim();
}

describe("no field the API does not know", () => {
  test("every object type-checks as its kubernetes-models interface, unknown properties refused", () => {
    expect(typeErrors(objects, "manifests.ts")).toBe("");
  }, 60_000);

  test("a misspelt field is caught where the schema validator lets it through", () => {
    const deployment = structuredClone(byKind("Deployment")[0]!) as unknown as Deployment;
    (deployment.spec!.template.spec!.containers[0] as unknown as Record<string, unknown>).imagePullPolicyy = "Always";
    expect(() => new Deployment(deployment).validate()).not.toThrow();
    expect(typeErrors([deployment as unknown as KubeObject], "misspelt.ts")).toContain(`'"imagePullPolicyy"' does not exist in type 'IContainer'`);
  }, 60_000);
});

describe("the objects agree with each other, the image and the server", () => {
  const deployment = byKind("Deployment")[0] as unknown as Deployment;
  const pod = deployment.spec!.template.spec!;
  const container = pod.containers[0]!;
  const podLabels = deployment.spec!.template.metadata!.labels!;

  test("the container: the image's user, no privilege, a read-only root, probes on /health, requests and limits", () => {
    const [uid, gid] = IMAGE_USER.split(":").map(Number);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: uid, runAsGroup: gid });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ["ALL"] } });
    for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) expect(probe?.httpGet).toEqual({ path: "/health", port: "http" });
    expect(container.ports).toEqual([{ name: "http", containerPort: 8000, protocol: "TCP" }]);
    expect(container.resources?.requests).toEqual({ cpu: "1", memory: "192Mi" });
    expect(container.resources?.limits).toEqual({ cpu: "2", memory: "512Mi" });
    expect(kustomization.images).toEqual([{ name: container.image!, newTag: VERSION }]);
  });

  test("keys come from a Secret, policies from the generated ConfigMap, mounted read-only where the server reads them", () => {
    const env = Object.fromEntries(container.env!.map((e) => [e.name, e]));
    expect(env.SVC_KEY!.valueFrom?.secretKeyRef).toEqual({ name: "guardrail-proxy", key: "SVC_KEY" });
    for (const name of ["COMPAT_API_KEY", "MESSAGES_API_KEY", "SVC_GUARDRAILS_AUTH_TOKENS"]) expect(env[name]!.valueFrom?.secretKeyRef).toEqual({ name: "guardrail-proxy", key: name, optional: true });
    // No key is written in a manifest.
    expect(container.env!.filter((e) => /KEY|TOKEN/.test(e.name) && e.value !== undefined)).toEqual([]);
    const policyDir = env.SVC_GUARDRAILS_POLICY_DIR!.value;
    const mount = container.volumeMounts!.find((m) => m.mountPath === policyDir)!;
    expect(mount.readOnly).toBe(true);
    const volume = pod.volumes!.find((v) => v.name === mount.name)!;
    expect(volume.configMap?.name).toBe(kustomization.configMapGenerator[0]!.name);
    // A writable /tmp beside the read-only root.
    const tmp = container.volumeMounts!.find((m) => m.mountPath === "/tmp")!;
    expect(pod.volumes!.find((v) => v.name === tmp.name)!.emptyDir).toBeDefined();
    expect(container.args).toEqual(["serve", "--default-config", "default"]);
  });

  test("the Service's DNS names are served without caller authentication; a rebound name is not", () => {
    const env = container.env!;
    const namespace = env.find((e) => e.name === "POD_NAMESPACE")!;
    expect(namespace.valueFrom?.fieldRef?.fieldPath).toBe("metadata.namespace");
    const hosts = env.find((e) => e.name === "SVC_GUARDRAILS_ALLOWED_HOSTS")!;
    // Kubernetes expands $(VAR) from the variables defined before it.
    expect(env.indexOf(namespace)).toBeLessThan(env.indexOf(hosts));
    const value = hosts.value!.replaceAll("$(POD_NAMESPACE)", "tools");
    const settings = loadSettings({ SVC_KEY: "k", SVC_GUARDRAILS_ALLOWED_HOSTS: value }, { requireLicence: true });
    const boundary = new BrowserBoundary({ allowedOrigins: settings.allowedOrigins, allowedHosts: settings.allowedHosts, authenticated: false });
    const service = (byKind("Service")[0] as unknown as Service).metadata!.name!;
    const admitted = (host: string) => {
      try {
        return boundary.admit(new Request("http://x/v1/models", { headers: { host } }), "/v1/models").kind === "pass";
      } catch {
        return false;
      }
    };
    for (const host of [service, `${service}:8000`, `${service}.tools`, `${service}.tools.svc`, `${service}.tools.svc.cluster.local:8000`, "10.0.3.7:8000"]) expect([host, admitted(host)]).toEqual([host, true]);
    for (const host of ["evil.example", `${service}.evil.example`, "svc.cluster.local.evil.example:8000"]) expect([host, admitted(host)]).toEqual([host, false]);
  });

  test("the Service, the autoscaler and the disruption budget select and target the Deployment", () => {
    const service = byKind("Service")[0] as unknown as Service;
    expect(service.spec!.selector).toEqual(deployment.spec!.selector.matchLabels!);
    expect(service.spec!.ports![0]!.targetPort).toBe("http");
    for (const [key, value] of Object.entries(deployment.spec!.selector.matchLabels!)) expect(podLabels[key]).toBe(value);
    const hpa = byKind("HorizontalPodAutoscaler")[0] as unknown as HorizontalPodAutoscaler;
    expect(hpa.spec!.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: deployment.metadata!.name! });
    expect(hpa.spec!.metrics![0]!.resource!.name).toBe("cpu");
    const pdb = byKind("PodDisruptionBudget")[0] as unknown as PodDisruptionBudget;
    expect(pdb.spec!.selector!.matchLabels).toEqual(deployment.spec!.selector.matchLabels!);
    expect(pdb.spec!.minAvailable).toBeLessThan(hpa.spec!.minReplicas!);
  });
});

/**
 * The optional shared-state component (components/shared-state): the store MCP needs behind more
 * than one replica. Its objects are valid and agree with the proxy's; the proxy's Deployment,
 * patched, reads the two variables from the Secret. Built with `kubectl kustomize` where kubectl
 * is installed, so the component also composes with the base as kustomize applies it.
 */
describe("the shared-state component", () => {
  const COMPONENT = join(DIR, "components", "shared-state");
  const component = parseYaml(readFileSync(join(COMPONENT, "kustomization.yaml"), "utf8")) as { kind: string; resources: string[]; patches: { path: string; target: { kind: string; name: string } }[] };
  const own: KubeObject[] = component.resources.flatMap((file) => parseAllDocuments(readFileSync(join(COMPONENT, file), "utf8")).map((doc) => doc.toJS() as KubeObject));
  const find = (list: readonly KubeObject[], kind: string, name: string) => list.find((o) => o.kind === kind && o.metadata.name === name)!;
  const base = byKind("Deployment")[0] as unknown as Deployment;

  /** The proxy's Deployment with the component's patch applied as a strategic merge of the container's env. */
  function patched(): Deployment {
    const patch = parseYaml(readFileSync(join(COMPONENT, component.patches[0]!.path), "utf8")) as Deployment;
    const deployment = structuredClone(base);
    const container = deployment.spec!.template.spec!.containers[0]!;
    container.env = [...container.env!, ...patch.spec!.template.spec!.containers[0]!.env!];
    return deployment;
  }

  function checkAgreement(list: readonly KubeObject[], proxy: Deployment): void {
    const env = Object.fromEntries(proxy.spec!.template.spec!.containers[0]!.env!.map((e) => [e.name, e]));
    for (const name of ["SVC_GUARDRAILS_STATE_URL", "SVC_GUARDRAILS_STATE_KEY"]) expect(env[name]!.valueFrom?.secretKeyRef).toEqual({ name: "guardrail-proxy", key: name });
    const state = find(list, "Deployment", "guardrail-proxy-state") as unknown as Deployment;
    const statePod = state.spec!.template;
    const service = find(list, "Service", "guardrail-proxy-state") as unknown as Service;
    expect(service.spec!.selector).toEqual(state.spec!.selector.matchLabels!);
    expect(service.spec!.ports![0]).toMatchObject({ port: 6379, targetPort: "redis" });
    // Persistence off, a password from its own Secret, the same hardening as the proxy.
    const valkey = statePod.spec!.containers[0]!;
    expect(valkey.args).toEqual(expect.arrayContaining(["--save", "", "--appendonly", "no", "--requirepass", "$(STATE_PASSWORD)"]));
    expect(valkey.env!.find((e) => e.name === "STATE_PASSWORD")!.valueFrom?.secretKeyRef).toEqual({ name: "guardrail-proxy-state", key: "password" });
    expect(valkey.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ["ALL"] } });
    // The proxy's Service does not select the store's pods; the store admits only the proxy's pods.
    const proxyService = byKind("Service")[0] as unknown as Service;
    expect(Object.entries(proxyService.spec!.selector!).every(([k, v]) => statePod.metadata!.labels![k] === v)).toBe(false);
    const policy = find(list, "NetworkPolicy", "guardrail-proxy-state") as unknown as NetworkPolicy;
    expect(policy.spec!.podSelector!.matchLabels).toEqual(state.spec!.selector.matchLabels!);
    expect(policy.spec!.ingress![0]!.from![0]!.podSelector!.matchLabels).toEqual(proxy.spec!.selector.matchLabels!);
  }

  test("its objects are valid, type-check with no unknown field, and agree with the proxy's", () => {
    expect(component.kind).toBe("Component");
    expect(own.map((o) => `${o.apiVersion}/${o.kind}`).sort()).toEqual(["apps/v1/Deployment", "networking.k8s.io/v1/NetworkPolicy", "v1/Service"]);
    const proxy = patched();
    for (const object of [...own, proxy as unknown as KubeObject]) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`]!;
      expect(() => new Model(object as never).validate()).not.toThrow();
    }
    expect(typeErrors([...own, proxy as unknown as KubeObject], "shared-state.ts")).toBe("");
    checkAgreement(own, proxy);
  }, 60_000);

  const kubectl = Bun.which("kubectl");
  (kubectl ? test : test.skip)("built with kubectl kustomize on top of the base, every object is valid and the proxy reads the store's variables", () => {
    const overlay = join(typeCheckDir, "overlay");
    Bun.spawnSync(["mkdir", "-p", overlay]);
    writeFileSync(join(overlay, "kustomization.yaml"), `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ${relative(overlay, DIR)}\ncomponents:\n  - ${relative(overlay, COMPONENT)}\n`);
    const built = Bun.spawnSync([kubectl!, "kustomize", overlay], { stdout: "pipe", stderr: "pipe" });
    expect(built.stderr.toString()).toBe("");
    const list = parseAllDocuments(built.stdout.toString()).map((d) => d.toJS() as KubeObject);
    for (const object of list) {
      const Model = object.kind === "ConfigMap" ? ConfigMap : MODELS[`${object.apiVersion}/${object.kind}`]!;
      expect(() => new Model(object as never).validate()).not.toThrow();
    }
    const proxy = find(list, "Deployment", "guardrail-proxy") as unknown as Deployment;
    checkAgreement(list, proxy);
    // The base's own settings are kept beside the patch.
    expect(proxy.spec!.template.spec!.containers[0]!.env!.map((e) => e.name)).toEqual(expect.arrayContaining(["SVC_KEY", "SVC_GUARDRAILS_POLICY_DIR", "SVC_GUARDRAILS_STATE_URL", "SVC_GUARDRAILS_STATE_KEY"]));
  }, 60_000);
});
