/**
 * Static checks of the deployment descriptions: every YAML under k8s/ and docker-compose.yml.
 * They catch what `kubectl apply` or `docker compose up` would only reveal on a cluster or a
 * Docker host: a file that does not parse, a workload the restricted Pod Security Standard
 * rejects, a probe on the wrong path or port (health and metrics are on the ops port), a
 * Service that selects no pod, a Secret key that no
 * overlay provides, a kustomization that names a missing file or forgets one, an app
 * missing a variable it reads (or given one that no longer exists, like JWT_*).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const K8S = path.join(ROOT, 'k8s');
const BASE = path.join(K8S, 'base');
const DEMO = path.join(K8S, 'overlays', 'demo');
const APPS = ['bff', 'identity', 'catalog', 'cart', 'order', 'media'] as const;
const WITH_DATABASE = ['identity', 'catalog', 'cart', 'order', 'media'];

type Labels = Record<string, string>;
interface Metadata {
  name: string;
  labels?: Labels;
  annotations?: Labels;
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  spec?: unknown;
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
}
interface Probe {
  httpGet?: { path?: string; port?: string | number };
  exec?: { command?: string[] };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Labels; limits?: Labels };
  securityContext?: SecurityContext;
}
interface PodTemplate {
  metadata?: { labels?: Labels; annotations?: Labels };
  spec: { securityContext?: SecurityContext; containers: Container[] };
}
interface WorkloadSpec {
  replicas?: number;
  selector?: { matchLabels?: Labels };
  template: PodTemplate;
}
interface NetworkPolicySpec {
  podSelector: { matchLabels?: Labels; matchExpressions?: unknown[] };
  ingress: { from: { podSelector?: unknown; namespaceSelector?: unknown }[]; ports?: unknown[] }[];
}

interface Kustomization {
  resources?: string[];
  patches?: { path?: string }[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  images?: { name: string; newTag?: string }[];
}
interface Generator {
  name: string;
  behavior?: string;
  envs?: string[];
  files?: string[];
  literals?: string[];
}
interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string };
  ports?: string[];
  volumes?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) return yamlFiles(p);
    return /\.ya?ml$/.test(entry) ? [p] : [];
  });
}

/** Every document of a YAML file as plain JS; throws with the parser's messages on errors. */
function readYaml(file: string): unknown[] {
  const docs = YAML.parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  const errors = Array.from(docs).flatMap((d) => d.errors.map((e) => e.message));
  if (errors.length) throw new Error(`${path.relative(ROOT, file)}: ${errors.join('; ')}`);
  return Array.from(docs)
    .map((d) => d.toJS() as unknown)
    .filter((d) => d !== null);
}

const isKustomization = (file: string) => path.basename(file) === 'kustomization.yaml';
const isManifest = (doc: unknown): doc is Manifest =>
  typeof doc === 'object' && doc !== null && !Array.isArray(doc) && 'kind' in doc && 'apiVersion' in doc;

const k8sFiles = yamlFiles(K8S);
const manifestsIn = (dir: string): Manifest[] =>
  k8sFiles
    .filter((f) => f.startsWith(dir + path.sep) && !isKustomization(f))
    .flatMap((f) => readYaml(f))
    .filter(isManifest);
const allManifests = manifestsIn(K8S);
const baseManifests = manifestsIn(BASE);
const find = (list: Manifest[], kind: string, name: string) => list.find((m) => m.kind === kind && m.metadata.name === name);
const workloads = allManifests.filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind));
const deployments = allManifests.filter((m) => m.kind === 'Deployment');
const podOf = (m: Manifest) => (m.spec as WorkloadSpec).template;
const matches = (selector: Labels, labels: Labels = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
const envValue = (c: Container, name: string) => c.env?.find((e) => e.name === name)?.value;

function kustomization(dir: string): Kustomization {
  return readYaml(path.join(dir, 'kustomization.yaml'))[0] as Kustomization;
}

/** The settings a generator defines: its literals and the lines of its env files, as [key, value]. */
function generatorEntries(dir: string, g: Generator): [string, string][] {
  const fromEnvs = (g.envs ?? []).flatMap((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  return [...fromEnvs, ...(g.literals ?? [])].map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]);
}

/** Keys a generator defines. */
const generatorKeys = (dir: string, g: Generator): string[] => generatorEntries(dir, g).map(([k]) => k);

/** The base's shared configuration (ConfigMap jalaj-config). */
const baseConfig = (): Record<string, string> =>
  Object.fromEntries((kustomization(BASE).configMapGenerator ?? []).filter((g) => g.name === 'jalaj-config').flatMap((g) => generatorEntries(BASE, g)));

describe('YAML files', () => {
  const files = [...k8sFiles, path.join(ROOT, 'docker-compose.yml')].map((f) => [path.relative(ROOT, f), f]);

  it.each(files)('%s parses', (_, file) => {
    const docs = readYaml(file);
    expect(docs.length).toBeGreaterThan(0);
  });

  it('every Kubernetes document outside kustomizations and JSON patches is a manifest with a name', () => {
    const strays = k8sFiles
      .filter((f) => !isKustomization(f))
      .flatMap((f) => readYaml(f).map((doc) => [path.relative(ROOT, f), doc] as const))
      .filter(([, doc]) => !Array.isArray(doc) && !(isManifest(doc) && typeof doc.metadata?.name === 'string'));
    expect(strays).toEqual([]);
  });
});

describe('workloads', () => {
  it.each(workloads.map((w) => [`${w.kind} ${w.metadata.name}`, w]))('%s passes the restricted Pod Security Standard', (_, w) => {
    const pod = podOf(w).spec;
    for (const c of pod.containers) {
      const runAsNonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      const seccomp = c.securityContext?.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type;
      expect({ container: c.name, runAsNonRoot, seccomp }).toEqual({ container: c.name, runAsNonRoot: true, seccomp: 'RuntimeDefault' });
      expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(c.securityContext?.capabilities?.drop).toContain('ALL');
      expect(c.securityContext?.capabilities?.add ?? []).toEqual([]);
    }
  });

  it.each(workloads.map((w) => [`${w.kind} ${w.metadata.name}`, w]))('%s has pinned images and resource requests and limits', (_, w) => {
    for (const c of podOf(w).spec.containers) {
      expect(c.image).toMatch(/^[a-z0-9./-]+:[\w.-]+$/);
      expect(c.image).not.toMatch(/:latest$/);
      for (const r of ['cpu', 'memory']) {
        expect(c.resources?.requests?.[r]).toBeDefined();
        expect(c.resources?.limits?.[r]).toBeDefined();
      }
    }
  });

  it.each(
    allManifests.filter((m) => m.kind === 'Deployment' || m.kind === 'StatefulSet').map((w) => [`${w.kind} ${w.metadata.name}`, w]),
  )('%s has readiness and liveness probes and a selector matching its pods', (_, w) => {
    const spec = w.spec as WorkloadSpec;
    expect(matches(spec.selector?.matchLabels ?? {}, spec.template.metadata?.labels)).toBe(true);
    for (const c of spec.template.spec.containers) {
      expect(c.readinessProbe?.httpGet ?? c.readinessProbe?.exec).toBeDefined();
      expect(c.livenessProbe?.httpGet ?? c.livenessProbe?.exec).toBeDefined();
    }
  });

  it.each(deployments.map((d) => [d.metadata.name, d]))('app Deployment %s: health probes and scrape annotations on the ops port, read-only root, config', (_, d) => {
    const pod = podOf(d);
    const [c] = pod.spec.containers;
    const port = c.ports?.find((p) => p.name === 'http')?.containerPort;
    const opsPort = c.ports?.find((p) => p.name === 'ops')?.containerPort;
    expect(port).toBeDefined();
    expect(opsPort).toBe(port! + 1000);
    expect(envValue(c, 'PORT')).toBe(String(port));
    expect(envValue(c, 'OPS_PORT')).toBe(String(opsPort));
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'ops' });
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'ops' });
    expect(c.startupProbe?.httpGet).toEqual({ path: '/health/live', port: 'ops' });
    expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(pod.metadata?.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(opsPort), 'prometheus.io/path': '/metrics' });
    expect(c.envFrom).toContainEqual({ configMapRef: { name: 'jalaj-config' } });
    const secretRefs = (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.name] : []));
    expect(secretRefs.length).toBeGreaterThan(0);
    expect(new Set(secretRefs)).toEqual(new Set(['jalaj-secrets']));
  });
});

describe('apps in k8s/base', () => {
  it.each(APPS)('%s has a Deployment and a Service that selects its pods on the app port', (app) => {
    const d = find(baseManifests, 'Deployment', app);
    const s = find(baseManifests, 'Service', app);
    expect(d).toBeDefined();
    expect(s).toBeDefined();
    const pod = podOf(d!);
    const svc = s!.spec as { selector: Labels; ports: { port: number; targetPort: string | number }[] };
    expect(matches(svc.selector, pod.metadata?.labels)).toBe(true);
    const names = pod.spec.containers.flatMap((c) => c.ports ?? []).map((p) => p.name);
    for (const p of svc.ports) expect(names).toContain(p.targetPort);
    // The ops port (health, metrics) is for the kubelet and Prometheus only.
    expect(svc.ports.map((p) => p.targetPort)).not.toContain('ops');
    expect(pod.spec.containers[0].image).toMatch(new RegExp(`^jalaj/${app}:`));
    // Every app runs replicated (issue #13): no state that matters is in one process.
    expect((d!.spec as WorkloadSpec).replicas).toBeGreaterThanOrEqual(2);
  });

  it('services with a database get POSTGRES_URL from the Secret; the others do not', () => {
    for (const app of APPS) {
      const [c] = podOf(find(baseManifests, 'Deployment', app)!).spec.containers;
      const names = (c.env ?? []).map((e) => e.name);
      expect({ app, postgres: names.includes('POSTGRES_URL') }).toEqual({ app, postgres: WITH_DATABASE.includes(app) });
    }
  });

  it.each(APPS)('%s has a HorizontalPodAutoscaler on its Deployment that keeps two replicas', (app) => {
    const hpa = find(baseManifests, 'HorizontalPodAutoscaler', app);
    const spec = hpa?.spec as { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
    expect(spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: app });
    expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
  });

  it.each(APPS)('%s has a PodDisruptionBudget selecting its pods', (app) => {
    const pdb = find(baseManifests, 'PodDisruptionBudget', app);
    const spec = pdb?.spec as { minAvailable?: number; selector: { matchLabels: Labels } };
    expect(spec.minAvailable).toBe(1);
    expect(matches(spec.selector.matchLabels, podOf(find(baseManifests, 'Deployment', app)!).metadata?.labels)).toBe(true);
  });

  it.each(APPS)('%s stops gracefully: readiness drops for a while before it stops taking work, within the grace period', (app) => {
    const pod = podOf(find(baseManifests, 'Deployment', app)!).spec as { terminationGracePeriodSeconds?: number };
    const delay = Number(baseConfig().SHUTDOWN_DELAY_MS);
    expect(delay).toBeGreaterThanOrEqual(3000);
    // The delay, then up to SHUTDOWN_GRACE_MS (10 s by default) for the requests under way.
    expect((pod.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(delay + 10_000);
  });

  it('the Ingress sends every path to the bff Service', () => {
    const ingresses = baseManifests.filter((m) => m.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const spec = ingresses[0].spec as { rules: { http: { paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[] } }[] };
    const backends = spec.rules.flatMap((r) => r.http.paths.map((p) => [p.path, p.backend.service.name, p.backend.service.port.name]));
    expect(backends).toEqual([['/', 'bff', 'http']]);
  });

  it('network policies admit the namespace to every pod and the ingress controller to the bff only', () => {
    const policies = baseManifests.filter((m) => m.kind === 'NetworkPolicy').map((m) => m.spec as NetworkPolicySpec);
    const sameNamespace = policies.find((p) => Object.keys(p.podSelector).length === 0);
    expect(sameNamespace?.ingress).toEqual([{ from: [{ podSelector: {} }] }]);
    const fromOtherNamespaces = policies.filter((p) => p.ingress.some((i) => i.from.some((f) => f.namespaceSelector)));
    const bffLabels = podOf(find(baseManifests, 'Deployment', 'bff')!).metadata?.labels;
    const toBff = fromOtherNamespaces.filter((p) => p.podSelector.matchLabels && matches(p.podSelector.matchLabels, bffLabels));
    expect(toBff).toHaveLength(1);
    for (const p of fromOtherNamespaces) expect(p.ingress.every((i) => i.ports && i.ports.length > 0)).toBe(true);
    // The ingress controller reaches the shop's port only; Prometheus the ops port only.
    expect(toBff[0].ingress.flatMap((i) => i.ports)).toEqual([{ protocol: 'TCP', port: 'http' }]);
    const fromMonitoring = fromOtherNamespaces.filter((p) => p !== toBff[0]);
    expect(fromMonitoring.flatMap((p) => p.ingress.flatMap((i) => i.ports))).toEqual([{ protocol: 'TCP', port: 'ops' }]);
  });

  it('every Secret and ConfigMap key the workloads need is defined by the demo overlay', () => {
    const demo = kustomization(DEMO);
    const base = kustomization(BASE);
    const secretKeys = (demo.secretGenerator ?? []).filter((g) => g.name === 'jalaj-secrets').flatMap((g) => generatorKeys(DEMO, g));
    const configKeys = [
      ...(base.configMapGenerator ?? []).filter((g) => g.name === 'jalaj-config').flatMap((g) => generatorKeys(BASE, g)),
      ...(demo.configMapGenerator ?? []).filter((g) => g.name === 'jalaj-config').flatMap((g) => generatorKeys(DEMO, g)),
    ];
    const refs = workloads.flatMap((w) => podOf(w).spec.containers.flatMap((c) => c.env ?? []));
    const required = (kind: 'secretKeyRef' | 'configMapKeyRef') =>
      refs.flatMap((e) => {
        const ref = e.valueFrom?.[kind];
        return ref && !ref.optional ? [ref.key] : [];
      });
    expect(required('secretKeyRef').filter((k) => !secretKeys.includes(k))).toEqual([]);
    expect(required('configMapKeyRef').filter((k) => !configKeys.includes(k))).toEqual([]);
    expect(configKeys).not.toContain('PORT');
  });
});

describe('app configuration', () => {
  const compose = readYaml(path.join(ROOT, 'docker-compose.yml'))[0] as Compose;
  const baseConfigKeys = (kustomization(BASE).configMapGenerator ?? []).filter((g) => g.name === 'jalaj-config').flatMap((g) => generatorKeys(BASE, g));
  const containerOf = (app: string) => podOf(find(baseManifests, 'Deployment', app)!).spec.containers[0];
  /** What an app's container sees in k8s/base: its own env plus the shared ConfigMap. */
  const k8sVariables = (app: string) => {
    const c = containerOf(app);
    const fromConfig = (c.envFrom ?? []).some((e) => e.configMapRef?.name === 'jalaj-config') ? baseConfigKeys : [];
    return new Set([...(c.env ?? []).map((e) => e.name), ...fromConfig]);
  };
  const composeVariables = (app: string) => new Set(Object.keys(compose.services[app].environment ?? {}));

  it('no JWT_* variable is set or documented: identity makes its signing key itself', () => {
    const deployFiles = [path.join(ROOT, 'deploy'), K8S].flatMap(function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((entry) => {
        const p = path.join(dir, entry);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    });
    const withJwt = [...deployFiles, path.join(ROOT, 'docker-compose.yml')]
      .filter((f) => /JWT_/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(withJwt).toEqual([]);
  });

  it('the bff reaches media over HTTP (MEDIA_URL) and trusts the ingress controller for the client address', () => {
    const mediaPort = (find(baseManifests, 'Service', 'media')!.spec as { ports: { port: number }[] }).ports[0].port;
    expect(mediaPort).toBe(8085);
    const mediaUrl = new RegExp(`^http://media(\\.jalaj\\.svc\\.cluster\\.local)?:${mediaPort}$`);
    expect(envValue(containerOf('bff'), 'MEDIA_URL')).toMatch(mediaUrl);
    expect(compose.services.bff.environment?.MEDIA_URL).toBe(`http://media:${mediaPort}`);
    expect(envValue(containerOf('bff'), 'TRUST_PROXY')).toBeTruthy();
    expect(envValue(containerOf('bff'), 'TRUST_PROXY')).not.toBe('false');
    expect(compose.services.bff.environment?.TRUST_PROXY).toMatch(/^(false|\$\{TRUST_PROXY:-false\})$/);
    expect(k8sVariables('bff')).toContain('REDIS_URL');
    expect(composeVariables('bff')).toContain('REDIS_URL');
  });

  it.each([
    ['media', ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION', 'SEED_DEMO_DATA']],
    ['identity', ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PUBLIC_URL', 'SMTP_URL', 'SEED_DEMO_DATA']],
    ['catalog', ['SEED_DEMO_DATA']],
    ['order', ['PHONEPE_BASE_URL', 'PHONEPE_TOKEN_URL', 'PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD']],
  ] as const)('%s gets its own variables in k8s/base and docker-compose.yml', (app, names) => {
    for (const name of names) {
      expect({ app, name, k8s: k8sVariables(app).has(name), compose: composeVariables(app).has(name) }).toEqual({ app, name, k8s: true, compose: true });
    }
  });

  it('only the bff gets REDIS_URL', () => {
    for (const app of APPS.filter((a) => a !== 'bff')) {
      expect({ app, k8s: k8sVariables(app).has('REDIS_URL'), compose: composeVariables(app).has('REDIS_URL') }).toEqual({ app, k8s: false, compose: false });
    }
  });

  it('S3 credentials are Secret keys given to media only', () => {
    for (const app of APPS) {
      const secretKeys = (containerOf(app).env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : []));
      const s3 = secretKeys.filter((k) => k.startsWith('S3_')).sort();
      expect({ app, s3 }).toEqual({ app, s3: app === 'media' ? ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] : [] });
    }
    expect(baseConfigKeys.filter((k) => /KEY|SECRET|PASSWORD/.test(k))).toEqual([]);
  });

  it('a demo shop says so: docker compose and the demo overlay set DEMO_PAYMENTS=true, k8s/base does not', () => {
    for (const app of ['order', 'phonepe-sandbox', 'bff']) {
      expect({ app, demo: compose.services[app].environment?.DEMO_PAYMENTS }).toEqual({ app, demo: expect.stringMatching(/^(true|\$\{DEMO_PAYMENTS:-true\})$/) });
    }
    const literals = (kustomization(DEMO).configMapGenerator ?? []).filter((g) => g.name === 'jalaj-config').flatMap((g) => g.literals ?? []);
    expect(literals).toContain('DEMO_PAYMENTS=true');
    expect(baseConfigKeys).not.toContain('DEMO_PAYMENTS');
    for (const app of ['order', 'bff']) expect({ app, config: (containerOf(app).envFrom ?? []).some((e) => e.configMapRef?.name === 'jalaj-config') }).toEqual({ app, config: true });
  });

  it('docker compose seeds the demo shop: plants (catalog), images (media) and the shopper (identity)', () => {
    for (const app of ['catalog', 'media', 'identity']) {
      expect({ app, seed: compose.services[app].environment?.SEED_DEMO_DATA }).toEqual({ app, seed: expect.stringMatching(/^(true|\$\{SEED_DEMO_DATA:-true\})$/) });
    }
  });
});

describe('kustomizations', () => {
  const dirs = k8sFiles.filter(isKustomization).map((f) => path.dirname(f));

  it('there is a base and a demo overlay', () => {
    expect(dirs).toEqual(expect.arrayContaining([BASE, DEMO]));
  });

  it.each(dirs.map((d) => [path.relative(ROOT, d), d]))('%s lists only existing files, and every manifest beside it', (_, dir) => {
    const k = kustomization(dir);
    const listed = [
      ...(k.resources ?? []),
      ...(k.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
      ...[...(k.configMapGenerator ?? []), ...(k.secretGenerator ?? [])].flatMap((g) => [...(g.envs ?? []), ...(g.files ?? [])]),
    ];
    const missing = listed.filter((entry) => {
      const p = path.join(dir, entry);
      if (!existsSync(p)) return true;
      return statSync(p).isDirectory() && !existsSync(path.join(p, 'kustomization.yaml'));
    });
    expect(missing).toEqual([]);
    const unlisted = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml' && !listed.includes(f));
    expect(unlisted).toEqual([]);
  });

  it('the demo overlay sets the tag of every app image in the base', () => {
    const named = (kustomization(DEMO).images ?? []).map((i) => i.name).sort();
    expect(named).toEqual(APPS.map((a) => `jalaj/${a}`).sort());
  });

  it('the demo overlay runs PostgreSQL, NATS with JetStream, Redis and MinIO as single-replica StatefulSets', () => {
    const demo = manifestsIn(DEMO);
    for (const name of ['postgres', 'nats', 'redis', 'minio']) {
      const sts = find(demo, 'StatefulSet', name);
      expect({ name, replicas: (sts?.spec as WorkloadSpec | undefined)?.replicas }).toEqual({ name, replicas: 1 });
      expect(find(demo, 'Service', name)).toBeDefined();
    }
    const nats = podOf(find(demo, 'StatefulSet', 'nats')!).spec.containers[0] as Container & { args?: string[] };
    expect(nats.args).toContain('-js');
  });
});

describe('docker-compose.yml', () => {
  const compose = readYaml(path.join(ROOT, 'docker-compose.yml'))[0] as Compose;
  const dockerfile = readFileSync(path.join(ROOT, 'deploy', 'Dockerfile'), 'utf8');

  it.each(APPS)('%s is built from deploy/Dockerfile with its APP build arg and listens on the port Kubernetes uses', (app) => {
    const svc = compose.services[app];
    expect(svc).toBeDefined();
    expect(svc.build).toMatchObject({ context: '.', dockerfile: 'deploy/Dockerfile', args: { APP: app } });
    expect(svc.environment).toMatchObject({ NODE_ENV: 'production', NATS_URL: 'nats://nats:4222' });
    const [c] = podOf(find(baseManifests, 'Deployment', app)!).spec.containers;
    expect(svc.environment?.PORT).toBe(envValue(c, 'PORT'));
    expect(svc.environment?.OPS_PORT).toBe(envValue(c, 'OPS_PORT'));
  });

  it.each(WITH_DATABASE)('%s gets a PostgreSQL URL and waits for a healthy PostgreSQL and NATS', (app) => {
    const svc = compose.services[app];
    expect(svc.environment?.POSTGRES_URL).toMatch(/^postgres:\/\/.+@postgres:5432$/);
    expect(svc.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, nats: { condition: 'service_healthy' } });
  });

  it('every service waited on exists and can report what is waited for', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const [dep, { condition }] of Object.entries(svc.depends_on ?? {})) {
        const target = compose.services[dep];
        expect({ name, dep, exists: target !== undefined }).toEqual({ name, dep, exists: true });
        if (condition === 'service_healthy') {
          const healthcheck = target.healthcheck !== undefined || (target.build?.dockerfile === 'deploy/Dockerfile' && /^HEALTHCHECK /m.test(dockerfile));
          expect({ name, dep, healthcheck }).toEqual({ name, dep, healthcheck: true });
        }
      }
    }
  });

  it('the bff is the app published on 8080, and no ops port is published', () => {
    expect(compose.services.bff.ports?.some((p) => p.endsWith(':8080'))).toBe(true);
    expect(compose.services.bff.ports?.some((p) => p.endsWith(`:${compose.services.bff.environment?.OPS_PORT}`))).toBe(false);
    for (const app of APPS.filter((a) => a !== 'bff')) expect(compose.services[app].ports).toBeUndefined();
  });

  it('NATS runs with JetStream on a volume, and media waits for the photos bucket', () => {
    expect(compose.services.nats.command).toContain('-js');
    expect(compose.services.nats.volumes?.some((v) => v.endsWith(':/data'))).toBe(true);
    expect(compose.services['minio-init'].image).toMatch(/^minio\/mc:/);
    expect(compose.services.media.depends_on?.['minio-init']).toEqual({ condition: 'service_completed_successfully' });
    expect(compose.services.media.environment).toMatchObject({ S3_ENDPOINT: 'http://minio:9000', S3_REGION: expect.any(String) });
  });

  it('every named volume is declared', () => {
    const used = Object.values(compose.services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => v.split(':')[0])
      .filter((v) => !v.startsWith('.') && !v.startsWith('/'));
    expect(used.filter((v) => !(v in (compose.volumes ?? {})))).toEqual([]);
  });
});
