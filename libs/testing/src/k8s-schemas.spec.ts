/**
 * The Kubernetes manifests as a cluster would receive them: `kubectl kustomize` renders the
 * base and the demo overlay, and every rendered object is validated against the OpenAPI
 * schemas of the Kubernetes versions Jalaj supports (types, required fields, enums and
 * formats, from the kubernetes-models packages generated from those schemas). The images
 * they name are the ones the build makes (jalaj/<app> from deploy/Dockerfile) or the pinned
 * backing-service images of deploy/backing-images.json, which docker-compose.yml names too.
 * k8s-manifests.spec.ts checks what the schemas cannot: security, probes, config and secrets.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Supported Kubernetes versions and the package holding each one's schemas (package.json). */
const VERSIONS = [
  { kubernetes: '1.33', models: 'kubernetes-models-1.33' },
  { kubernetes: '1.34', models: 'kubernetes-models' },
] as const;

const KUSTOMIZATIONS = ['k8s/base', 'k8s/overlays/demo'];

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [key: string]: unknown;
}

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;
type ModelModule = Record<string, ModelClass | undefined>;

function render(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', path.join(ROOT, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new Error('kubectl is needed to render the kustomizations (kubectl kustomize); install kubectl', { cause: err });
    throw new Error(`kubectl kustomize ${dir} failed: ${e.stderr ?? e.message}`, { cause: err });
  }
  return YAML.parseAllDocuments(out)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((d): d is K8sObject => d !== null);
}

/** `apps/v1` → `<models>/apps/v1`; the core group `v1` → `<models>/v1`. */
async function modelFor(models: string, apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  const mod = (await import(`${models}/${apiVersion}`)) as ModelModule;
  return mod[kind];
}

/** The schema errors of one object under one version's schemas ([] when it is valid). */
async function schemaErrors(models: string, obj: K8sObject): Promise<string[]> {
  const Kind = await modelFor(models, obj.apiVersion, obj.kind).catch(() => undefined);
  if (!Kind) return [`no schema for ${obj.apiVersion} ${obj.kind}`];
  try {
    new Kind(obj).validate();
    return [];
  } catch (err) {
    const e = err as Error & { errors?: { instancePath: string; message?: string }[] };
    return e.errors?.map((x) => `${x.instancePath || '/'} ${x.message ?? ''}`.trim()) ?? [e.message];
  }
}

const rendered = KUSTOMIZATIONS.map((dir) => [dir, render(dir)] as const);
const label = (o: K8sObject) => `${o.kind} ${o.metadata.name}`;

describe.each(VERSIONS.map((v) => [v.kubernetes, v.models]))('Kubernetes %s schemas', (_, models) => {
  it.each(rendered)('every object %s renders is valid', async (dir, objects) => {
    expect(objects.length).toBeGreaterThan(5);
    const invalid: Record<string, string[]> = {};
    for (const obj of objects) {
      const errors = await schemaErrors(models, obj);
      if (errors.length) invalid[label(obj)] = errors;
    }
    expect({ dir, invalid }).toEqual({ dir, invalid: {} });
  });

  it('the validation refuses what a cluster would refuse', async () => {
    const deployment = rendered[0][1].find((o) => o.kind === 'Deployment');
    if (!deployment) throw new Error('k8s/base renders no Deployment');
    const broken = structuredClone(deployment) as K8sObject & {
      spec: { replicas: unknown; template: { spec: { containers: { ports?: { containerPort: unknown }[] }[] } } };
    };
    broken.spec.replicas = 'two';
    broken.spec.template.spec.containers[0].ports = [{ containerPort: '8080' }];
    const errors = await schemaErrors(models, broken);
    expect(errors).toEqual(expect.arrayContaining(['/spec/replicas must be integer', '/spec/template/spec/containers/0/ports/0/containerPort must be integer']));
    expect(await schemaErrors(models, { ...deployment, kind: 'Deploymnet' })).toEqual([`no schema for apps/v1 Deploymnet`]);
  });
});

describe('images', () => {
  const backing = JSON.parse(readFileSync(path.join(ROOT, 'deploy/backing-images.json'), 'utf8')) as Record<string, string>;
  const backingImages = Object.entries(backing)
    .filter(([k]) => !k.startsWith('$'))
    .map(([, v]) => v);
  /** What `docker build -f deploy/Dockerfile --build-arg APP=<app>` makes: a server app has src/main.ts. */
  const builtApp = (app: string) => existsSync(path.join(ROOT, 'apps', app, 'src', 'main.ts')) && existsSync(path.join(ROOT, 'apps', app, 'project.json'));
  const imagesOf = (objects: readonly K8sObject[]) =>
    objects.flatMap((o) => {
      const pod = (o.spec as { template?: { spec?: { containers?: { image: string }[]; initContainers?: { image: string }[] } } } | undefined)?.template?.spec;
      return [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])].map((c) => [label(o), c.image] as const);
    });

  it('the backing images are pinned to a version', () => {
    expect(backingImages.length).toBeGreaterThanOrEqual(4);
    for (const image of backingImages) expect(image).toMatch(/^[a-z0-9./-]+:(?!latest$)[A-Za-z0-9._-]+$/);
  });

  it.each(rendered)('every image %s names is built from deploy/Dockerfile or is a pinned backing image', (dir, objects) => {
    const images = imagesOf(objects);
    expect(images.length).toBeGreaterThan(0);
    const strays = images.filter(([, image]) => {
      const app = /^jalaj\/([a-z-]+):[A-Za-z0-9._-]+$/.exec(image)?.[1];
      return app ? !builtApp(app) : !backingImages.includes(image);
    });
    expect({ dir, strays }).toEqual({ dir, strays: [] });
  });

  it('docker-compose.yml builds every jalaj image it runs and takes the backing images from the same list', () => {
    const compose = YAML.parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: { args?: Record<string, string> } }>;
    };
    const strays = Object.entries(compose.services).filter(([, s]) => {
      if (!s.image) return true;
      const app = /^jalaj\/([a-z-]+):/.exec(s.image)?.[1];
      if (app) return s.build?.args?.APP !== app || !builtApp(app);
      return !backingImages.includes(s.image);
    });
    expect(strays.map(([name, s]) => `${name}: ${s.image}`)).toEqual([]);
    // Every backing image is used by compose, so the list names nothing stale.
    const used = new Set(Object.values(compose.services).map((s) => s.image));
    expect(backingImages.filter((image) => !used.has(image))).toEqual([]);
  });

  it("docker-compose.yml has no top-level name (Debian's docker-compose 1.29 refuses it)", () => {
    const compose = YAML.parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Record<string, unknown>;
    expect(Object.keys(compose).filter((k) => !k.startsWith('x-'))).toEqual(expect.arrayContaining(['services', 'volumes']));
    expect(compose).not.toHaveProperty('name');
  });

  /** Debian's docker-compose (1.29): required under CI (.ci/run installs it), skipped elsewhere when missing. */
  const composeV1 = (() => {
    try {
      return execFileSync('docker-compose', ['version', '--short'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return process.env.CI === 'true' ? 'missing' : undefined;
    }
  })();
  (composeV1 ? it : it.skip)(`docker-compose ${composeV1 ?? '(not installed)'} accepts docker-compose.yml`, () => {
    expect(composeV1).not.toBe('missing');
    const out = execFileSync('docker-compose', ['-p', 'jalaj', '-f', path.join(ROOT, 'docker-compose.yml'), 'config', '--services'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out.split('\n').filter(Boolean).sort()).toEqual(expect.arrayContaining(['bff', 'catalog', 'nats', 'postgres', 'redis']));
  });

  it('deploy/compose.local.yml swaps in, for each backing service, the local image deploy/local-images.json names, and changes nothing else', () => {
    const compose = YAML.parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { image: string }> };
    const local = YAML.parse(readFileSync(path.join(ROOT, 'deploy/compose.local.yml'), 'utf8')) as Record<string, unknown> & { services: Record<string, Record<string, unknown>> };
    const stands = (JSON.parse(readFileSync(path.join(ROOT, 'deploy/local-images.json'), 'utf8')) as { backing: Record<string, { image: string }> }).backing;
    const officialKey = Object.fromEntries(Object.entries(JSON.parse(readFileSync(path.join(ROOT, 'deploy/backing-images.json'), 'utf8')) as Record<string, string>).map(([k, v]) => [v, k]));
    expect(Object.keys(local)).toEqual(['services']);
    // Every service of docker-compose.yml on an official backing image gets its stand-in, and only its image changes.
    const expected = Object.fromEntries(
      Object.entries(compose.services)
        .filter(([, s]) => officialKey[s.image])
        .map(([name, s]) => [name, { image: stands[officialKey[s.image]]?.image }]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(local.services).toEqual(expected);
  });

  (composeV1 ? it : it.skip)(`docker-compose ${composeV1 ?? '(not installed)'} accepts docker-compose.yml with deploy/compose.local.yml`, () => {
    expect(composeV1).not.toBe('missing');
    const out = execFileSync('docker-compose', ['-p', 'jalaj', '-f', path.join(ROOT, 'docker-compose.yml'), '-f', path.join(ROOT, 'deploy/compose.local.yml'), 'config'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const merged = YAML.parse(out) as { services: Record<string, { image: string; healthcheck?: unknown }> };
    expect(merged.services.postgres.image).toMatch(/^jalaj-local\//);
    expect(merged.services.postgres.healthcheck).toBeDefined();
  });

  (composeV1 ? it : it.skip)(`docker-compose ${composeV1 ?? '(not installed)'} takes deploy/compose.proof.yml: the apps' health interval only, the checks the images'`, () => {
    expect(composeV1).not.toBe('missing');
    const files = ['docker-compose.yml', 'deploy/compose.local.yml', 'deploy/compose.proof.yml'].flatMap((f) => ['-f', path.join(ROOT, f)]);
    const merged = YAML.parse(execFileSync('docker-compose', ['-p', 'jalaj', ...files, 'config'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as {
      services: Record<string, { build?: unknown; healthcheck?: Record<string, unknown> }>;
    };
    const apps = Object.entries(merged.services).filter(([, s]) => s.build);
    expect(apps.map(([name]) => name).sort()).toEqual(['bff', 'cart', 'catalog', 'identity', 'media', 'order', 'phonepe-sandbox']);
    // No test of its own: the engine keeps the image's HEALTHCHECK command with this interval.
    for (const [name, s] of apps) expect({ name, healthcheck: s.healthcheck }).toEqual({ name, healthcheck: { interval: '3s' } });
  });

  it('the containerised test infrastructure reads the same list', () => {
    const source = readFileSync(path.join(ROOT, 'libs/local-platform/src/containers.mjs'), 'utf8');
    expect(source).toContain('deploy/backing-images.json');
    expect(source).not.toMatch(/GenericContainer\(['"]/);
  });
});
